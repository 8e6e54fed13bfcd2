import './web.js'; // first: i18n.js (imported by quick-pairing.js) loads its message files when imported
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QUICK, quickSeek, fits, seekToJoin, quickLabel } from '../../main/resources/tabla/web/pages/quick-pairing.js';

const blitz3 = QUICK.find((q) => q.key === 'blitz-3');
const corr = QUICK.find((q) => q.key === 'corr-5');
// seeks as GET /api/seeks lists them, newest first
const seek = (id, extra) => ({ id, creator: 'bob', rules: { variant: 'backgammon', matchLength: 3 }, mode: 'live',
  secondsPerMove: 0, clock: { reservePerPoint: 60, delay: 8 }, invitee: null, inYourRange: true, ...extra });

test('a quick seek is a match of that length with the preset clock, or a day a move', () => {
  assert.deepEqual(quickSeek(blitz3), { rules: { matchLength: 3 }, mode: 'live', clock: { preset: 'blitz' } });
  assert.deepEqual(quickSeek(corr), { rules: { matchLength: 5 }, mode: 'correspondence', secondsPerMove: 86400 });
});

test('it joins only a seek of someone else with exactly its settings, open to me', () => {
  assert.equal(fits(seek(1), blitz3, 'ann'), true);
  assert.equal(fits(seek(1), blitz3, 'bob'), false, 'my own');
  assert.equal(fits(seek(1, { rules: { variant: 'backgammon', matchLength: 5 } }), blitz3, 'ann'), false, 'another length');
  assert.equal(fits(seek(1, { clock: { reservePerPoint: 120, delay: 12 } }), blitz3, 'ann'), false, 'another clock');
  assert.equal(fits(seek(1, { rules: { variant: 'plakoto', matchLength: 3 } }), blitz3, 'ann'), false, 'another variant');
  assert.equal(fits(seek(1, { invitee: 'cid' }), blitz3, 'ann'), false, 'an invitation to someone else');
  assert.equal(fits(seek(1, { inYourRange: false }), blitz3, 'ann'), false, 'outside its rating range');
  const letter = seek(2, { mode: 'correspondence', clock: null, secondsPerMove: 86400, rules: { variant: 'backgammon', matchLength: 5 } });
  assert.equal(fits(letter, corr, 'ann'), true);
  assert.equal(fits({ ...letter, secondsPerMove: 3 * 86400 }, corr, 'ann'), false, 'three days a move');
});

test('of several that fit, the oldest is joined; none: null', () => {
  assert.equal(seekToJoin([seek(9), seek(7, { creator: 'ann' }), seek(4), seek(2, { clock: null })], blitz3, 'ann').id, 4);
  assert.equal(seekToJoin([], blitz3, 'ann'), null);
});

test('the buttons say the clock and the length', () => {
  assert.equal(quickLabel(blitz3), 'Blitz · 3-point match');
  assert.equal(quickLabel(corr), 'Correspondence · 5-point match');
});
