// The bot's analysis of a finished match (GET /api/games/{id}/analysis): each player's error rate
// and a mark on every checker play that lost equity against the bot's best play (1-ply, cubeless).
// Shared by the replay page and the finished game page.

import { api } from '../net/api.js';
import { h, put } from '../ui/dom.js';
import { t, tn, getLang } from '../i18n/i18n.js';
import { colorOf } from '../board/board-model.js';
import { playerName } from '../board/game-text.js';

const cache = new Map(); // game id → analysis, so the other page shows it at once

/**
 * The rating words follow GNU Backgammon's scale for the error rate (mEMG per unforced move;
 * lower is better): Supernatural, World class, Expert, Advanced, Intermediate, Casual player,
 * Beginner, Awful.
 */
const RATINGS = [
  [2.5, 'supernatural'],
  [5, 'worldClass'],
  [7.5, 'expert'],
  [12.5, 'advanced'],
  [17.5, 'intermediate'],
  [22.5, 'casual'],
  [30, 'beginner'],
];

export function ratingKey(rate) {
  for (const [limit, key] of RATINGS) if (rate < limit) return key;
  return 'awful';
}

/** The mark of a play by the equity it lost (EMG): "??" from 0.08, "?" from 0.04, "?!" from 0.02. */
export function markOf(d) {
  if (!d || d.forced) return '';
  const loss = Number(d.loss) || 0;
  if (loss >= 0.08) return '??';
  if (loss >= 0.04) return '?';
  if (loss >= 0.02) return '?!';
  return '';
}

const MARK_CLASS = { '??': 'mark-blunder', '?': 'mark-error', '?!': 'mark-doubtful' };
const norm = (s) => String(s || '').trim().replace(/\s+/g, ' ');

/**
 * Which decision belongs to which history entry: the analysis lists every checker play but the
 * passes, in order, so they are paired game by game (checking the player and the play).
 * Returns Map(history index → decision).
 */
export function pairDecisions(history, decisions) {
  const byGame = new Map();
  for (const d of decisions || []) {
    if (!byGame.has(d.gameNo)) byGame.set(d.gameNo, []);
    byGame.get(d.gameNo).push(d);
  }
  const next = new Map();
  const out = new Map();
  (history || []).forEach((e, i) => {
    if (e.type !== 'move') return;
    const body = norm(String(e.text || '').replace(/^\d\d( \d\d)?:\s*/, ''));
    if (body === 'pass' || body === '') return;
    const list = byGame.get(e.gameNo) || [];
    for (let j = next.get(e.gameNo) || 0; j < list.length; j++) {
      if (list[j].player === e.player && norm(list[j].played) === body) {
        out.set(i, list[j]);
        next.set(e.gameNo, j + 1);
        return;
      }
    }
  });
  return out;
}

// the words of a cube action as the analysis names them ("no double" is one of them)
const CUBE_WORDS = { double: 'an.cube.double', 'no double': 'an.cube.noDouble', take: 'an.cube.take', drop: 'an.cube.drop', beaver: 'an.cube.beaver' };
const cubeWord = (a) => (CUBE_WORDS[a] ? t(CUBE_WORDS[a]) : String(a || ''));

/**
 * The cube decisions that lost equity as much as a doubtful play does (from 0.02 EMG), in the order they were made:
 * [{text: "Game 2: ann: double; best no double (−0.611)", mark, loss, gameNo, player}]. names: [seat 0's, seat 1's].
 */
export function cubeErrors(analysis, names) {
  return (analysis.cubeDecisions || [])
    .filter((c) => markOf({ loss: c.loss }) !== '')
    .map((c) => ({ gameNo: c.gameNo, player: c.player, loss: c.loss, mark: markOf({ loss: c.loss }),
      text: t('an.cubeLine', { game: c.gameNo, name: names[c.player], action: cubeWord(c.action), best: cubeWord(c.best), loss: num(c.loss, 3) }) }));
}

/** A number in the page's language, e.g. 0,052 in Czech. */
export function num(x, digits) {
  const lang = getLang() === 'sr' ? 'sr-Latn' : getLang();
  return (Number(x) || 0).toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

const lossText = (d) => num(d.loss, 3);

/** One line about a play: forced, the best play, or the best play and what this one lost. */
export function decisionText(d) {
  if (d.forced) return t('an.forced');
  if (!(Number(d.loss) > 0) || norm(d.best) === norm(d.played)) return t('an.bestPlayed');
  return t('an.detail', { best: d.best, loss: lossText(d) });
}

/** The mark after a move in a list (empty when the play was fine); its title says the best play. */
export function moveMark(d) {
  const mark = markOf(d);
  if (!mark) return null;
  return h('span', { class: 'move-mark ' + MARK_CLASS[mark], 'data-test': 'move-mark', 'data-loss': d.loss }, mark);
}

/**
 * Marks a move-list item: the mark, the title (hover), and a line with the best play that a tap
 * on the mark opens and closes (for touch screens, which show no titles).
 */
export function markItem(li, d, withDetail = true) {
  if (!d) return;
  li.title = decisionText(d);
  li.setAttribute('data-analysed', markOf(d) || 'ok');
  const mark = moveMark(d);
  if (!mark) return;
  li.append(' ', mark);
  if (!withDetail) return;
  const detail = h('div', { class: 'move-detail', 'data-test': 'move-detail', hidden: true }, decisionText(d));
  mark.addEventListener('click', (ev) => {
    ev.stopPropagation();
    detail.hidden = !detail.hidden;
  });
  li.append(detail);
}

/**
 * The "Analysis" panel: a button, then each player's error rate with its rating word.
 * onResult(analysis) runs once the analysis is there (at once when this page already has it).
 */
export function analysisPanel(snap, onResult) {
  const body = h('div', { class: 'analysis-body' });
  const section = h('section', { class: 'analysis', 'data-test': 'analysis-panel' }, h('h3', {}, t('an.title')), body);
  const showResult = (a) => {
    put(body, summary(snap, a));
    onResult(a);
  };
  const run = async (button) => {
    button.disabled = true;
    put(body, h('div', { class: 'analysing', 'data-test': 'analysis-loading', role: 'status' }, h('span', { class: 'spinner' }), ' ', t('an.running')));
    try {
      const a = await api.analysis(snap.id);
      cache.set(String(snap.id), a);
      if (section.isConnected) showResult(a);
    } catch (e) {
      put(body, h('div', { class: 'error', 'data-test': 'analysis-error' }, e.message), start());
    }
  };
  const start = () => {
    const button = h('button', { type: 'button', 'data-test': 'analyse', onclick: () => run(button) }, t('an.button'));
    return h('div', { class: 'buttons' }, button, h('span', { class: 'hint' }, t('an.hint')));
  };
  const known = cache.get(String(snap.id));
  if (known) showResult(known);
  else put(body, start());
  return section;
}

/** Each player's error rate, rating word and loss; also the records page's (snap: {players:[{name}]}). */
export function summary(snap, a) {
  const players = a.players || [];
  const rows = [0, 1].map((seat) => {
    const p = players[seat] || {};
    const rate = Number(p.errorRateMemg) || 0;
    const unforced = p.unforced || 0;
    return h('tr', { 'data-test': 'error-rate-' + seat, 'data-rate': rate, 'data-rating': unforced ? ratingKey(rate) : null },
      h('th', {}, h('span', { class: 'dot ' + colorOf(seat) }), ' ', playerName(snap.players && snap.players[seat])),
      h('td', { class: 'rate' }, unforced ? num(rate, 1) : '–'),
      h('td', { class: 'rating' }, unforced ? t('an.rating.' + ratingKey(rate)) : ''),
      // the cube's own error rate (mEMG per cube decision that counts), which /analysis computes beside the plays'
      h('td', { class: 'rate', 'data-test': 'cube-rate-' + seat }, p.cubeDecisions ? num(p.cubeErrorRateMemg, 1) : '–'));
  });
  const names = [0, 1].map((seat) => playerName(snap.players && snap.players[seat]));
  const cube = cubeErrors(a, names);
  const counts = [0, 1].map((seat) => {
    const p = players[seat] || {};
    return tn('an.moves', p.unforced || 0, { name: playerName(snap.players && snap.players[seat]), loss: num(p.lossEmg, 3) });
  });
  return [
    h('table', { class: 'error-rates' },
      h('thead', {}, h('tr', {}, h('th', {}), h('th', { title: t('an.rateHint') }, t('an.rate'), ' ', h('span', { class: 'unit' }, 'mEMG')), h('th', {}, t('an.ratingCol')),
        h('th', {}, t('an.cubeCol'), ' ', h('span', { class: 'unit' }, 'mEMG')))),
      h('tbody', {}, rows)),
    h('div', { class: 'hint' }, t('an.rateHint')),
    h('div', { class: 'hint' }, counts.join(' · ')),
    h('div', { class: 'hint legend' }, t('an.legend', { a: num(0.02, 3), b: num(0.04, 3), c: num(0.08, 3) })),
    h('h4', {}, t('an.cubeErrors')),
    cube.length
      ? h('ul', { class: 'cube-errors', 'data-test': 'cube-errors' }, cube.map((c) =>
        h('li', { 'data-test': 'cube-error', 'data-loss': c.loss }, h('span', { class: 'dot ' + colorOf(c.player) }), ' ', c.text, ' ',
          h('span', { class: 'move-mark ' + MARK_CLASS[c.mark] }, c.mark))))
      : h('div', { class: 'hint', 'data-test': 'cube-errors' }, t('an.noCubeErrors')),
  ];
}
