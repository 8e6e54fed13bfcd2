import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildFrames, isPlay } from '../../main/resources/tabla/web/board/replay-frames.js';

const board = (n) => ({ me: [n], opp: [n] }); // any state: the frames carry the server's, untouched

test('one frame per entry with a state, and a heading per game showing its first state', () => {
  const history = [
    { gameNo: 1, type: 'rolloff', player: 0, board: board(0), dice: [3, 1] },
    { gameNo: 1, type: 'move', player: 0, board: board(1), dice: [3, 1] },
    { gameNo: 1, type: 'double', player: 1, board: board(1), cubeAfter: { value: 2, owner: null } },
    { gameNo: 1, type: 'result', player: 1 },
    { gameNo: 2, type: 'move', player: 1, board: board(2), dice: [6, 5] },
  ];
  const { frames, ok } = buildFrames({ history });
  assert.equal(ok, true);
  assert.deepEqual(frames.map((f) => [f.gameNo, f.index]), [[1, -1], [1, 0], [1, 1], [1, 2], [1, 3], [2, -1], [2, 4]]);
  const [heading, rolloff, move, double, result, heading2] = frames;
  assert.equal(heading.entry, null);
  assert.equal(heading.dice, null, 'a heading shows no dice');
  assert.equal(heading.board, rolloff.board);
  assert.equal(rolloff.roller, null, 'nobody rolls the roll-off');
  assert.equal(move.roller, 0);
  assert.deepEqual(move.dice, [3, 1]);
  assert.deepEqual(double.cube, { value: 2, owner: null });
  assert.equal(result.board, double.board, 'a result leaves the board as it was');
  assert.equal(result.cube, double.cube);
  assert.equal(result.dice, null);
  assert.equal(heading2.board, frames[6].board);
});

test('a history without states (a match still going on) is not ok', () => {
  assert.deepEqual(buildFrames({ history: [] }), { frames: [], ok: false });
  assert.deepEqual(buildFrames({}), { frames: [], ok: false });
  const { frames, ok } = buildFrames({ history: [{ gameNo: 1, type: 'move', player: 0, board: board(1) }, { gameNo: 1, type: 'move', player: 1 }] });
  assert.equal(ok, false);
  assert.equal(frames.length, 3, 'the entry without a state keeps the last board');
  const timeout = buildFrames({ history: [{ gameNo: 1, type: 'move', player: 0, board: board(1) }, { gameNo: 1, type: 'timeout', player: 1 }] });
  assert.equal(timeout.ok, true);
});

test('the replay offers a hint on plays only: not on a roll, a pass, the cube, a result or a heading', () => {
  assert.equal(isPlay({ type: 'move', text: '63: 24/15' }), true);
  assert.equal(isPlay({ type: 'move', text: '66 55: 13/7(2) 6/1(2)' }), true);
  assert.equal(isPlay({ type: 'move', text: '13/7 8/7' }), true); // Grasshopper: no dice
  assert.equal(isPlay({ type: 'move', text: '64: pass' }), false);
  assert.equal(isPlay({ type: 'move', text: '64:' }), false);
  for (const type of ['rolloff', 'double', 'take', 'drop', 'result', 'timeout', 'resign']) {
    assert.equal(isPlay({ type, text: '' }), false, type);
  }
  assert.equal(isPlay(null), false); // a game's heading has no entry
});
