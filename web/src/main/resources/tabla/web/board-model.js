// From a snapshot to what board-svg.js draws, seen from the viewer's seat (seat 0 for spectators).
// Seat 0 plays white, seat 1 black.

import { pips } from './moves.js';

export const colorOf = (seat) => (seat === 0 ? 'white' : 'black');

export function viewerSeat(snap) {
  return snap.you === 0 || snap.you === 1 ? snap.you : 0;
}

/** The cube value a double offers: ×2, or +1 under the Italian arithmetic stakes. */
export function nextCube(rules, value) {
  return rules && rules.stakes === 'ARITHMETIC' ? value + 1 : value * 2;
}

const ROLLED = /^(\d)(\d):/;

/** The dice a history "move" entry was played with, e.g. "52: 13/11 13/8" → [5, 2]. */
export function diceOfEntry(e) {
  const m = e && e.type === 'move' ? ROLLED.exec(e.text || '') : null;
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The latest roll of `seat` in the current game (BrainKing shows the opponent's small): the
 * snapshot's `lastRolls`, or, from servers that send none, read back from the history.
 */
export function previousRoll(snap, seat) {
  if (snap.lastRolls && typeof snap.lastRolls === 'object') {
    const d = snap.lastRolls[String(seat)];
    return Array.isArray(d) && d.length === 2 ? d : null;
  }
  const h = snap.history || [];
  for (let i = h.length - 1; i >= 0; i--) {
    const e = h[i];
    if (e.gameNo !== snap.gameNo || e.type === 'result') break;
    if (e.player === seat) {
      const d = diceOfEntry(e);
      if (d) return d;
    }
  }
  const lr = snap.lastRoll;
  if (lr && lr.player === seat && !(snap.onRoll === seat && snap.dice)) return lr.dice;
  return null;
}

const diceList = (d) => (d[0] === d[1] ? [d[0], d[0], d[0], d[0]] : d).map((value) => ({ value, used: false }));

/**
 * opts: {flipped, builder (a TurnBuilder while the viewer composes a play), selected, targets, movable}
 */
export function boardModel(snap, opts = {}) {
  const v = viewerSeat(snap);
  const o = 1 - v;
  const b = opts.builder;
  const board = snap.board || { p0: new Array(26).fill(0), p1: new Array(26).fill(0) };
  const me = b ? b.pos.me : board['p' + v];
  const opp = b ? b.pos.opp : board['p' + o];
  const roller = snap.onRoll === 0 || snap.onRoll === 1 ? snap.onRoll : null;
  let dice = null;
  if (snap.dice && roller !== null && snap.phase !== 'OVER') {
    dice = { list: b ? b.diceView() : diceList(snap.dice), color: colorOf(roller) };
  }
  let lastRoll = null;
  if (roller !== null && snap.phase !== 'OVER') {
    const prev = previousRoll(snap, 1 - roller);
    if (prev) lastRoll = { list: diceList(prev), color: colorOf(1 - roller) };
  }
  let cube = null;
  const rules = snap.rules || {};
  // no cube in a game without one, nor in the Crawford game
  if (rules.cube !== false && snap.cube && !snap.crawford) {
    const owner = snap.cube.owner;
    const where = owner === v ? 'me' : owner === o ? 'opp' : 'middle';
    cube = snap.phase === 'DOUBLE_OFFERED'
      ? { value: nextCube(rules, snap.cube.value), where, offered: true }
      : { value: snap.cube.value, where, offered: false, geometric: rules.stakes !== 'ARITHMETIC' };
  }
  return {
    me,
    opp,
    meColor: colorOf(v),
    oppColor: colorOf(o),
    flipped: !!opts.flipped,
    dice,
    lastRoll,
    cube,
    selected: opts.selected ?? null,
    targets: opts.targets,
    movable: opts.movable,
    pips: { me: pips(me), opp: pips(opp) },
    label: opts.label,
  };
}
