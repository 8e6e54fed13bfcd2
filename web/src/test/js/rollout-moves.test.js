import './web.js'; // first: i18n.js (imported by rollout.js) loads its message files when imported
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveNumbers } from '../../main/resources/tabla/web/pages/rollout.js';

// the shape GET /api/records/N answers (RecordView): each game's actions as .tabla lines, passes among the moves
const rec = {
  games: [
    { number: 1, lines: [
      { player: null, action: 'rolloff 3 1' },
      { player: 0, action: 'move 8/5 6/5' },
      { player: 1, action: 'roll 6 6' },
      { player: 1, action: 'move pass' },
      { player: 0, action: 'roll 4 2' },
      { player: 0, action: 'move 8/4 6/4' },
    ] },
    { number: 2, lines: [
      { player: null, action: 'rolloff 6 1' },
      { player: 0, action: 'move 13/7 8/7' },
    ] },
  ],
};

test('each analysed play gets its move number in its game, passes counted (the API\'s move)', () => {
  // the analysis lists the plays but passes, in order
  const d1 = { gameNo: 1, player: 0, played: '8/5 6/5' };
  const d2 = { gameNo: 1, player: 0, played: '8/4 6/4' };
  const d3 = { gameNo: 2, player: 0, played: '13/7 8/7' };
  const n = moveNumbers(rec, [d1, d2, d3]);
  assert.equal(n.get(d1), 1);
  assert.equal(n.get(d2), 3);
  assert.equal(n.get(d3), 1);
});

test('a play that is not the game\'s next move line gets no number', () => {
  const wrong = { gameNo: 1, player: 1, played: '8/5 6/5' };
  assert.equal(moveNumbers(rec, [wrong]).has(wrong), false);
});
