// A finished match as frames to step through. Once a match is over, every history entry carries the server's
// state after it (board, cube, dice): the replay draws those and works out no rule itself.

/**
 * One frame per history entry that carries a state (plus a heading per game, showing its first state).
 * `ok` is false when the history has no states (a match still going on).
 */
export function buildFrames(snap) {
  const frames = [];
  let game = null;
  const history = snap.history || [];
  history.forEach((e, i) => {
    const prev = frames[frames.length - 1];
    // a result or a time-out leaves the board as it was
    const state = e.board ? { board: e.board, cube: e.cubeAfter || null, dice: e.dice || null } : prev && { board: prev.board, cube: prev.cube, dice: null };
    if (!state) return;
    const frame = { gameNo: e.gameNo, entry: e, index: i, ...state, roller: e.type === 'rolloff' ? null : e.player };
    if (e.gameNo !== game) {
      game = e.gameNo;
      frames.push({ ...frame, entry: null, index: -1, dice: null });
    }
    frames.push(frame);
  });
  return { frames, ok: frames.length > 0 && history.every((e) => e.board || e.type === 'result' || e.type === 'timeout') };
}

/**
 * Whether history entry `e` is a play the computer can hint at after the match: a move that is not a pass (the
 * server's Snapshot.beforePlay). Rolls, cube actions, results and game headings are not; the Hint asks for none.
 */
export function isPlay(e) {
  if (!e || e.type !== 'move') return false;
  const body = String(e.text || '').replace(/^\d\d( \d\d)?:\s*/, '').trim();
  return body !== '' && body !== 'pass';
}
