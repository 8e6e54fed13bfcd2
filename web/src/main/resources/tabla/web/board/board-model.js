// From a snapshot to what board-svg.js draws, seen from the viewer's seat (seat 0 for spectators).
// Seat 0 plays white, seat 1 black.

import { pips } from './moves.js';
import { otherPoint } from './step-builder.js';

export const colorOf = (seat) => (seat === 0 ? 'white' : 'black');

export function viewerSeat(snap) {
  return snap.you === 0 || snap.you === 1 ? snap.you : 0;
}

/** Whether the cube is in play: on, and not a 1-point match (where no double can matter). */
export function cubeMatters(rules) {
  return !!rules && rules.cube !== false && rules.matchLength !== 1;
}

/** The latest roll of `seat` in the current game (BrainKing shows the opponent's small), from the snapshot. */
export function previousRoll(snap, seat) {
  const d = snap.lastRolls && snap.lastRolls[String(seat)];
  return Array.isArray(d) && d.length === 2 ? d : null;
}

const diceList = (d) => (d[0] === d[1] ? [d[0], d[0], d[0], d[0]] : d).map((value) => ({ value, used: false }));

/**
 * opts: {flipped, builder (a StepBuilder while the viewer composes a play), selected, targets, movable}
 */
export function boardModel(snap, opts = {}) {
  const v = viewerSeat(snap);
  const o = 1 - v;
  const b = opts.builder;
  const start = startPos(snap);
  const pos = b ? b.pos : start;
  const { me, opp } = pos;
  const geometry = variantOf(snap).geometry || 'CONTRARY';
  // the opponent's checkers on each of my points, wherever his numbering puts them
  const oppAt = new Array(26).fill(0);
  for (let p = 1; p <= 24; p++) oppAt[p] = opp[otherPoint(geometry, p)] || 0;
  // Plakoto: a point with both colours is a pin; it is mine that is pinned only where it was before
  // this turn (a step I make can pin his checker, never mine)
  const pinnedMe = new Set();
  const pinnedOpp = new Set();
  for (let p = 1; p <= 24; p++) {
    if (me[p] > 0 && oppAt[p] > 0) (start.pinsMe.has(p) ? pinnedMe : pinnedOpp).add(p);
  }
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
  if (cubeMatters(rules) && snap.cube && !snap.crawford) {
    const owner = snap.cube.owner;
    const where = owner === v ? 'me' : owner === o ? 'opp' : 'middle';
    cube = snap.phase === 'DOUBLE_OFFERED'
      ? { value: snap.cube.next, where, offered: true }
      : { value: snap.cube.value, where, offered: false, geometric: rules.stakes !== 'ARITHMETIC' };
  }
  const scored = Array.isArray(snap.scored) ? { me: snap.scored[v], opp: snap.scored[o] } : null;
  return {
    me,
    opp,
    oppAt,
    geometry,
    pool: { me: pos.poolMe || 0, opp: pos.poolOpp || 0 },
    pinnedMe,
    pinnedOpp,
    scored,
    meColor: colorOf(v),
    oppColor: colorOf(o),
    flipped: !!opts.flipped,
    dice,
    lastRoll,
    cube,
    selected: opts.selected ?? null,
    targets: opts.targets,
    movable: opts.movable,
    // a pip count means nothing without dice (Grasshopper)
    pips: variantOf(snap).usesDice === false ? null : { me: pips(me) + 25 * (pos.poolMe || 0), opp: pips(opp) + 25 * (pos.poolOpp || 0) },
    label: opts.label,
  };
}

/** The snapshot's variant (older servers send none: backgammon). */
export function variantOf(snap) {
  return (snap && snap.variant) || { name: 'backgammon', geometry: 'CONTRARY', usesDice: true, cube: true };
}

/**
 * The position from the viewer's side, with what lies beyond the 26 cells: each side's pool and the
 * points (viewer's numbering) where a checker of mine is pinned / of his is pinned.
 */
export function startPos(snap) {
  const v = viewerSeat(snap);
  const o = 1 - v;
  const board = snap.board || { p0: new Array(26).fill(0), p1: new Array(26).fill(0) };
  const geometry = variantOf(snap).geometry || 'CONTRARY';
  const pool = Array.isArray(snap.pool) ? snap.pool : [0, 0];
  const pinsMe = new Set();
  const pinsOpp = new Set();
  for (const pin of snap.pins || []) {
    if (pin.seat === v) pinsMe.add(pin.point);
    else pinsOpp.add(otherPoint(geometry, pin.point));
  }
  return { me: board['p' + v].slice(), opp: board['p' + o].slice(), poolMe: pool[v] || 0, poolOpp: pool[o] || 0, pinsMe, pinsOpp };
}
