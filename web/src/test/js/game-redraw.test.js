import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hintKey, hintStillFresh } from '../../main/resources/tabla/web/pages/game-redraw.js';

const step = (from, to) => ({ from, to, hit: false });

// The hint is asked at one position and answered a few seconds later: by then the opponent may have played (a new
// version) or the player moved a checker (a new step); the plays of the old position must not be shown.
test('a hint answered after the game moved on is stale', () => {
  const asked = hintKey(7, []);
  assert.equal(hintStillFresh(asked, hintKey(7, [])), true);
  assert.equal(hintStillFresh(asked, hintKey(8, [])), false, 'the opponent played');
  assert.equal(hintStillFresh(asked, hintKey(7, [step(13, 7)])), false, 'a checker moved');
});

test('a hint asked during a play is for that play\'s steps, in order', () => {
  const asked = hintKey(4, [step(24, 18), step(13, 11)]);
  assert.equal(hintStillFresh(asked, hintKey(4, [step(24, 18), step(13, 11)])), true);
  assert.equal(hintStillFresh(asked, hintKey(4, [step(24, 18)])), false, 'a step undone');
  assert.equal(hintStillFresh(asked, hintKey(4, [step(13, 11), step(24, 18)])), false);
  assert.equal(hintStillFresh(asked, hintKey(4, [step(24, 18), step(13, 10)])), false);
  assert.equal(hintStillFresh(hintKey(4, null), hintKey(4, [])), true, 'no builder is no step');
});
