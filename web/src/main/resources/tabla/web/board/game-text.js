// Words about a game: names, history lines, score line and sheet, rule summaries. Shared by the
// game, replay and lobby pages.

import { h } from '../ui/dom.js';
import { t, tn } from '../i18n/i18n.js';
import { colorOf, cubeMatters } from './board-model.js';

export function playerName(p) {
  if (!p) return '?';
  if (p.bot) return t('computer', { level: t('level.' + p.bot) });
  return p.name || '?';
}

export function resignLevelText(level) {
  return t('resign.' + (level === 2 || level === 3 ? level : 1));
}

/**
 * How a game ended, in words: single game, gammon or backgammon (from the scoring multiplier) for a
 * game played out or resigned, "double dropped" for a drop. Other scorings (Czech count) say how.
 */
export function endText(end, multiplier) {
  const e = String(end || '').toUpperCase();
  const kind = KINDS[multiplier];
  if (e === 'BORNE_OFF') return kind ? t(kind) : t('end.BORNE_OFF');
  if (e === 'RESIGNED') return kind ? t('end.resignedKind', { kind: t(kind) }) : t('end.RESIGNED');
  if (e === 'DROPPED') return t('end.DROPPED');
  return String(end || '');
}

const KINDS = { 1: 'end.single', 2: 'end.gammon', 3: 'end.backgammon' };

/** Links to the match record: .tabla always; .mat and .sgf where they can hold the rules, else why not. */
export function exportLinks(s) {
  const id = encodeURIComponent(s.id);
  const link = (ext, test, label) => h('a', { href: `/api/games/${id}/export.${ext}`, 'data-test': test, download: '' }, label);
  return [
    link('tabla', 'export-tabla', t('game.exportTabla')),
    s.recordRefused
      ? h('span', { class: 'muted', 'data-test': 'export-refused', title: s.recordRefused }, t('game.exportRefused'))
      : [link('mat', 'export-mat', t('game.exportMat')), link('sgf', 'export-sgf', t('game.exportSgf'))],
  ];
}

/** A roll as .mat files and gnubg write it, the higher die first ("51", never "15"). */
export function highFirst(dice) {
  return String(dice).split('').sort((a, b) => b.localeCompare(a)).join('');
}

/** A history entry as a line: moves stay in notation, the rest is a sentence. */
export function historyText(e, s) {
  const name = playerName(s.players && s.players[e.player]);
  switch (e.type) {
    case 'rolloff':
      return t('h.rolloff', { dice: e.text });
    case 'move': {
      // "52: 13/11 13/8"; Acey-deucey's 1-2 with the double chosen: "12 55: …"
      const m = /^(\d\d)(?: (\d\d))?:\s*(.*)$/.exec(e.text || '');
      const body = m ? m[3] : e.text || '';
      const play = body === 'pass' || body === '' ? t('h.pass') : body;
      if (!m) return play;
      const rolled = highFirst(m[1]);
      return `${m[2] ? t('h.chosenDouble', { dice: rolled, double: m[2] }) : rolled}: ${play}`;
    }
    case 'resign':
      return t('h.resign', { name, level: resignLevelText(Number(e.text)) });
    case 'result': {
      if (e.player === null) return t('result.draw'); // nobody won (Plakoto's two pinned mothers)
      const parts = String(e.text || '').split(/\s+/);
      const points = Number(parts[parts.length - 1]) || 0;
      return t('h.result', { name, points: tn('points', points), end: endText(parts[0], e.multiplier) });
    }
    case 'timeout':
      return t('h.timeout', { name });
    case 'double':
    case 'take':
    case 'drop':
    case 'beaver':
    case 'raccoon':
    case 'accept':
    case 'reject':
      return t('h.' + e.type, { name });
    default:
      return `${e.type} ${e.text || ''}`.trim();
  }
}

export function scoreLine(s) {
  const p = s.players || [];
  const score = s.score || [0, 0];
  const len = s.rules ? s.rules.matchLength : 0;
  return h('div', { class: 'score-line' },
    h('span', { class: 'dot white' }), ' ', playerName(p[0]), ' ', h('b', {}, score[0]), ' : ', h('b', {}, score[1]), ' ',
    playerName(p[1]), ' ', h('span', { class: 'dot black' }),
    h('div', { class: 'match-info' },
      len > 0 ? tn('matchTo', len) : t('game.money'),
      s.crawford && s.status !== 'finished' ? ' · ' + t('game.crawfordGame') : ''),
    // a fallen flag decided the match whatever the score: the panel says so beside the score
    s.forfeit ? h('div', { class: 'forfeit', 'data-test': 'score-forfeit' }, t('h.timeout', { name: playerName(p[s.forfeit.seat]) })) : null);
}

/** Points per game and running totals, from the "result" entries of the history. */
export function scoreSheet(s) {
  const rows = [];
  const total = [0, 0];
  for (const e of s.history || []) {
    if (e.type !== 'result') continue;
    const parts = String(e.text || '').split(/\s+/);
    const pts = Number(parts[parts.length - 1]) || 0;
    if (e.player !== null) total[e.player] += pts;
    rows.push({ no: e.gameNo, winner: e.player, pts, total: total.slice(), end: parts[0], multiplier: e.multiplier });
  }
  if (!rows.length) return h('div', { class: 'muted' }, t('game.noGamesYet'));
  const p = s.players || [];
  const cell = (r, seat) => h('td', {}, r.winner === seat ? h('span', { title: endText(r.end, r.multiplier) }, `+${r.pts}`) : '', ' ', h('span', { class: 'muted' }, `(${r.total[seat]})`));
  return h('table', { class: 'score-sheet', 'data-test': 'score-sheet' },
    h('thead', {}, h('tr', {}, h('th', {}, '#'),
      h('th', {}, h('span', { class: 'dot ' + colorOf(0) }), ' ', playerName(p[0])),
      h('th', {}, h('span', { class: 'dot ' + colorOf(1) }), ' ', playerName(p[1])))),
    h('tbody', {}, rows.map((r) => h('tr', {}, h('td', {}, r.no), cell(r, 0), cell(r, 1)))));
}

/** A variant's name in the page's language, with its options' ("Backgammon race (Entering: All in before moving)"). */
export function variantLabel(name) {
  const [base, opts] = String(name || 'backgammon').split(':');
  const label = t('variant.' + base);
  if (!opts) return label;
  const said = opts.split(',').map((o) => {
    const [k, v] = o.split('=');
    return v === undefined ? o : t('vopt.' + k) + ': ' + optionValueLabel(k, v);
  });
  return `${label} (${said.join(', ')})`;
}

/** A variant option's value in the page's language: numbers and dice ("66-44") as they are, each word by its key. */
export function optionValueLabel(option, value) {
  if (/^[\d-]+$/.test(value)) return value;
  if (value === 'on' || value === 'off') return t(value === 'on' ? 'vopt.on' : 'vopt.off');
  return t('vopt.' + option + '.' + value);
}

export function rulesSummary(rules, mode, withLength = true) {
  if (!rules) return '';
  const out = [];
  if (rules.variant && rules.variant !== 'backgammon') out.push(variantLabel(rules.variant));
  if (withLength) out.push(rules.matchLength > 0 ? tn('matchTo', rules.matchLength) : t('game.money'));
  if (!cubeMatters(rules)) out.push(t('rules.noCube'));
  else {
    out.push(t('rules.cubeOn'));
    if (rules.matchLength > 0 && rules.crawford) out.push(t('rules.crawford'));
    if (rules.holland) out.push(t('rules.holland'));
    if (rules.jacoby) out.push(t('rules.jacoby'));
    if (rules.beavers) out.push(t('rules.beavers'));
    if (rules.raccoons) out.push(t('rules.raccoons'));
    if (rules.automaticDoubles > 0) out.push(t('rules.autoDoublesN', { n: rules.automaticDoubles }));
    if (rules.stakes === 'ARITHMETIC') out.push(t('rules.arithmetic'));
  }
  if (mode) out.push(t('mode.' + mode));
  return out.join(' · ');
}
