// The board for a screen reader and a keyboard: a label for each point, the bar, the borne-off trays, the dice and the
// cube (what lies there, from the viewer's side, and whether it can move or be moved to); the order the arrow keys
// walk them in; and the whole position as one text on demand. Pure functions of the board's view model
// (board-model.js), so they are tested under Node.

import { t } from '../i18n/i18n.js';
import { pointPlace } from './board-svg.js';

/** The opponent's checkers on my point n. */
const theirsAt = (m, n) => (m.oppAt ? m.oppAt[n] : m.opp[25 - n]) || 0;

/** What the player may do with a place: move from it, move to it, or it is the one picked. */
function state(m, n) {
  const out = [];
  if (m.selected === n) out.push(t('a11y.selected'));
  else if (m.movable && m.movable.has(n)) out.push(t('a11y.movable'));
  if (m.targets && m.targets.has(n)) out.push(t('a11y.target'));
  return out;
}

/** Who is where on point n, then its state: "Point 13: 5 yours, can move". */
export function pointLabel(m, n) {
  const what = [];
  if (m.me[n]) what.push(t('a11y.yours', { n: m.me[n] }));
  if (theirsAt(m, n)) what.push(t('a11y.theirs', { n: theirsAt(m, n) }));
  if (!what.length) what.push(t('a11y.empty'));
  return t('a11y.point', { n }) + ': ' + [...what, ...state(m, n)].join(', ');
}

export function barLabel(m) {
  const what = [];
  const mine = (m.me[25] || 0) + ((m.pool && m.pool.me) || 0);
  const theirs = (m.opp[25] || 0) + ((m.pool && m.pool.opp) || 0);
  if (mine) what.push(t('a11y.yours', { n: mine }));
  if (theirs) what.push(t('a11y.theirs', { n: theirs }));
  if (!what.length) what.push(t('a11y.empty'));
  return t('a11y.bar') + ': ' + [...what, ...state(m, 25)].join(', ');
}

export function offLabel(m) {
  return [t('a11y.off', { me: m.me[0] || 0, opp: m.opp[0] || 0 }), ...state(m, 0)].join(', ');
}

/** "Dice 5-1"; a die already played is left out. */
export function diceLabel(m) {
  const left = m.dice ? m.dice.list.filter((d) => !d.used).map((d) => d.value) : [];
  return left.length ? t('a11y.dice', { dice: left.join('-') }) : '';
}

export function cubeLabel(m) {
  if (!m.cube) return '';
  const where = m.cube.offered ? t('a11y.cubeOffered')
    : m.cube.where === 'me' ? t('a11y.cubeMine') : m.cube.where === 'opp' ? t('a11y.cubeTheirs') : t('a11y.cubeMiddle');
  return t('a11y.cube', { value: m.cube.value, where });
}

/** Every label the board draws: {points: [label of 1..24 at index n], bar, off, dice, cube}. */
export function boardLabels(m) {
  const points = [];
  for (let n = 1; n <= 24; n++) points[n] = pointLabel(m, n);
  return { points, bar: barLabel(m), off: offLabel(m), dice: diceLabel(m), cube: cubeLabel(m) };
}

/**
 * The order of the arrow keys, as the board looks: the top row left to right, the bar, the bottom row left to right,
 * the borne-off tray, the dice and the cube. Keys: "p1".."p24", "bar", "off", "dice", "cube".
 */
export function navOrder(flipped) {
  const row = (from, to) => {
    const list = [];
    for (let n = from; n <= to; n++) list.push(n);
    return list.sort((a, b) => pointPlace(a, flipped).x - pointPlace(b, flipped).x).map((n) => 'p' + n);
  };
  return [...row(13, 24), 'bar', ...row(1, 12), 'off', 'dice', 'cube'];
}

/** Where an arrow key goes from {@code key}: left and right along the order, up and down across the board. */
export function navStep(order, key, arrow) {
  const i = Math.max(0, order.indexOf(key));
  if ((arrow === 'ArrowUp' || arrow === 'ArrowDown') && /^p\d+$/.test(key)) {
    const n = Number(key.slice(1));
    const across = 'p' + (25 - n);
    if ((arrow === 'ArrowUp') === (n <= 12) && order.includes(across)) return across;
    return key;
  }
  if (arrow === 'Home') return order[0];
  if (arrow === 'End') return order[order.length - 1];
  const d = arrow === 'ArrowLeft' || arrow === 'ArrowUp' ? -1 : 1;
  return order[(i + d + order.length) % order.length];
}

/**
 * The position in words: each side's checkers by point (the viewer's numbering for both), on the bar and borne off,
 * the pips, the cube, the score and the dice. names: [mine, theirs]; colours: [mine, theirs] (words); score: [mine,
 * theirs].
 */
export function describePosition(m, names, colours, score) {
  const side = (i) => {
    const at = [];
    for (let n = 24; n >= 1; n--) {
      const c = i === 0 ? m.me[n] : theirsAt(m, n);
      if (c) at.push(t('a11y.at', { n, count: c }));
    }
    const bar = i === 0 ? (m.me[25] || 0) + ((m.pool && m.pool.me) || 0) : (m.opp[25] || 0) + ((m.pool && m.pool.opp) || 0);
    const pips = m.pips ? (i === 0 ? m.pips.me : m.pips.opp) : '–';
    return t('a11y.side', { name: names[i], colour: colours[i], points: at.length ? at.join(', ') : t('a11y.none'),
      bar, off: (i === 0 ? m.me[0] : m.opp[0]) || 0, pips });
  };
  const sentence = (s) => (s ? s + '.' : '');
  return [side(0), side(1), sentence(cubeLabel(m)), score ? t('a11y.score', { a: score[0], b: score[1] }) : '', sentence(diceLabel(m))]
    .filter((x) => x).join(' ');
}
