import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pips, stepText, BAR, OFF } from '../../main/resources/tabla/web/board/moves.js';

test('pip count: each checker counts its point, the bar 25, off nothing', () => {
  const start = new Array(26).fill(0);
  start[24] = 2; start[13] = 5; start[8] = 3; start[6] = 5;
  assert.equal(pips(start), 167);
  const a = new Array(26).fill(0);
  a[BAR] = 1; a[OFF] = 14;
  assert.equal(pips(a), 25);
});

test('a play as text: bar, off and hits', () => {
  assert.equal(stepText([]), '');
  assert.equal(stepText([{ from: BAR, to: 20, hit: true }, { from: 6, to: OFF, hit: false }]), 'bar/20* 6/off');
});
