import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hintKey, hintStillFresh, typedEntry, restoreEntry } from '../../main/resources/tabla/web/pages/game-redraw.js';

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

/** A text box as the page's controls hold it: its text, caret, and whether the focus went to it. */
function box(value = '', start = value.length, end = start) {
  return {
    value,
    selectionStart: start,
    selectionEnd: end,
    focused: false,
    focus() { this.focused = true; },
    setSelectionRange(a, b) { this.selectionStart = a; this.selectionEnd = b; },
  };
}

// The "no move" and "accepted" notices ran out and the controls were drawn anew: the new box was empty.
test('a redraw of the same position keeps what was typed, the caret and the focus', () => {
  const kept = typedEntry(box('13/7 8/7', 4, 6), 12, true);
  const fresh = box();
  assert.equal(restoreEntry(kept, fresh, 12), true);
  assert.equal(fresh.value, '13/7 8/7');
  assert.deepEqual([fresh.focused, fresh.selectionStart, fresh.selectionEnd], [true, 4, 6]);
});

test('a box without the focus keeps its text and does not take the focus', () => {
  const fresh = box();
  assert.equal(restoreEntry(typedEntry(box('bar/22'), 3, false), fresh, 3), false);
  assert.equal(fresh.value, 'bar/22');
  assert.equal(fresh.focused, false);
});

test('a new position starts with an empty box; no box before or after keeps nothing', () => {
  const fresh = box();
  assert.equal(restoreEntry(typedEntry(box('24/18'), 5, true), fresh, 6), false);
  assert.equal(fresh.value, '');
  assert.equal(fresh.focused, false);
  assert.equal(typedEntry(null, 5, false), null);
  assert.equal(restoreEntry(null, box(), 5), false);
  assert.equal(restoreEntry(typedEntry(box('24/18'), 5, true), null, 5), false);
});
