// How a tournament's matches are drawn: a knock-out as a bracket (a column per round, each match in its place, the
// places not paired yet empty), Swiss and round robin as rounds (the newest first) and the standings table. The
// server pairs and ranks; this only draws GET /api/tournaments/{id}. `names` are the entrants' names as shown, by seed
// (tournament-names.js).
import { h } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';

/** Where a match is played: its board while on, its replay once over; a walkover; two computers off the board. */
function where(m) {
  if (m.second === null) return h('span', { class: 'muted' }, t('tour.walkover'));
  if (m.gameId === null) return h('span', { class: 'muted' }, t('tour.offBoard'));
  const done = m.winner !== null;
  return h('a', { href: (done ? '/#/replay/' : '/#/game/') + m.gameId, 'data-test': 'tournament-game' },
    done ? t('tour.replay') : t('tour.board'));
}

function side(names, m, seed) {
  const won = m.winner !== null && m.winner === seed;
  const lost = m.winner !== null && m.winner !== seed;
  const name = seed === null ? t('tour.bye') : names[seed];
  return h('div', { class: 'side' + (won ? ' won' : '') + (lost ? ' lost' : ''), title: name }, name);
}

function matchBox(names, m) {
  return h('div', { class: 'match', 'data-test': 'tournament-match' },
    side(names, m, m.first), side(names, m, m.second), h('div', { class: 'where' }, where(m)));
}

/** A knock-out: each round a column; round r has (first round's size / 2^r) places, some not paired yet. */
export function bracket(tour, names) {
  const places = tour.rounds.length ? tour.rounds[0].length : 0;
  const count = Math.max(1, Math.ceil(Math.log2(Math.max(2, places * 2))));
  const columns = [];
  for (let r = 0; r < count; r++) {
    const size = Math.max(1, places >> r);
    const got = tour.rounds[r] || [];
    const boxes = [];
    for (let slot = 0; slot < size; slot++) {
      const m = got.find((x) => x.slot === slot);
      boxes.push(m ? matchBox(names, m) : h('div', { class: 'match pending' }, h('div', { class: 'side muted' }, '…')));
    }
    const title = r === count - 1 ? t('tour.final') : t('tour.round', { n: r + 1 });
    columns.push(h('div', { class: 'bracket-round', 'data-test': 'tournament-round' }, h('h3', {}, title),
      h('div', { class: 'bracket-matches' }, ...boxes)));
  }
  return h('section', { class: 'bracket', 'data-test': 'tournament-bracket' }, ...columns);
}

/** Swiss and round robin: each round's matches, the newest round first. */
export function roundsList(tour, names) {
  return tour.rounds.map((round, i) => h('section', { 'data-test': 'tournament-round' },
    h('h2', {}, t('tour.round', { n: i + 1 })), h('div', { class: 'round-matches' }, ...round.map((m) => matchBox(names, m)))))
    .reverse();
}

/**
 * The table once a match is decided. Only a Swiss's shows Buchholz: a knock-out's bracket decides, and in a round robin
 * everyone meets everyone, so the column would only mirror the wins.
 */
export function standings(tour, names) {
  if (!tour.rounds.some((round) => round.some((m) => m.winner !== null && m.second !== null))) return '';
  const tieBreak = tour.format === 'swiss';
  return h('section', { 'data-test': 'tournament-standings' }, h('h2', {}, t('tour.standings')),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('tour.col.player')), h('th', {}, t('tour.col.wins')),
      h('th', {}, t('tour.col.losses')), tieBreak ? h('th', {}, t('tour.col.buchholz')) : '')),
    h('tbody', {}, ...tour.standings.map((l, i) => h('tr', {}, h('td', {}, String(i + 1)), h('td', {}, names[l.seed]),
      h('td', {}, String(l.wins)), h('td', {}, String(l.losses)), tieBreak ? h('td', {}, String(l.buchholz)) : '')))));
}
