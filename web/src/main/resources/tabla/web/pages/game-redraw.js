// What the game page keeps when it draws its controls anew, as pure rules on plain values (tested under Node):
// a hint only for the position it was asked about.

/**
 * The position a hint is asked about: the game's version and the steps of the play being composed (the hint's plays
 * start from the turn's position; once a checker has moved, an answer to the question asked before would be stale).
 */
export function hintKey(version, steps) {
  return JSON.stringify([version, (steps || []).map((s) => [s.from, s.to])]);
}

/** Whether a hint asked at {@code asked} may be shown now, the page being at {@code now} (both from hintKey). */
export function hintStillFresh(asked, now) {
  return asked === now;
}
