import './web.js'; // first: i18n.js (imported by clock.js) loads its message files when imported
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clockText, clockFace } from '../../main/resources/tabla/web/board/clock.js';

test('seconds as m:ss, h:mm:ss, or days and hours', () => {
  assert.equal(clockText(0), '0:00');
  assert.equal(clockText(9), '0:09');
  assert.equal(clockText(65), '1:05');
  assert.equal(clockText(3599), '59:59');
  assert.equal(clockText(3600), '1:00:00');
  assert.equal(clockText(86399), '23:59:59');
  assert.equal(clockText(86400 + 2 * 3600 + 59), '1 d 2 h');
});

// 2 minutes of reserve each, a 12 s delay, seat 0 to act; the clock started 500 ms after the snapshot was read
const live = { reserve: [120000, 90000], delay: 12000, delayLeft: 12000, running: 0, startsIn: 500 };

test('the running side spends its delay first, then its reserve', () => {
  assert.deepEqual(clockFace(live, 0, 0), { text: '+12 · 2:00', running: true, low: false });
  assert.equal(clockFace(live, 0, 500 + 4200).text, '+8 · 2:00', 'whole seconds, rounded up');
  assert.equal(clockFace(live, 0, 500 + 12000).text, '2:00');
  assert.equal(clockFace(live, 0, 500 + 12000 + 61000).text, '0:59');
  assert.equal(clockFace(live, 0, 10_000_000).text, '0:00', 'never below zero');
  assert.deepEqual(clockFace(live, 1, 500 + 60000), { text: '1:30', running: false, low: false }, 'the idle side stands still');
});

test('under 30 s of reserve is low', () => {
  assert.equal(clockFace(live, 0, 500 + 12000 + 90000).low, false);
  assert.equal(clockFace(live, 0, 500 + 12000 + 90001).low, true);
  assert.equal(clockFace({ ...live, running: null }, 1, 0).low, false);
  assert.equal(clockFace({ ...live, reserve: [120000, 29000], running: null }, 1, 0).low, true);
});

test('a per-move limit shows only the time left to the side that acts', () => {
  const days = { reserve: [0, 0], delay: 2 * 86400000, delayLeft: 2 * 86400000, running: 1, startsIn: 0 };
  assert.deepEqual(clockFace(days, 1, 3600000), { text: '1 d 23 h', running: true, low: false });
  assert.equal(clockFace(days, 0, 3600000).text, '');
  assert.deepEqual(clockFace(null, 0, 0), { text: '', running: false, low: false });
});

test('the seat that lost on time shows 0:00, whatever reserve its flag fell with', () => {
  // a Standard clock's flag fell on the move's limit with 8:18 of reserve left (issue 28's sample)
  const stopped = { reserve: [420000, 498284], delay: 12000, delayLeft: 0, running: null, startsIn: 0 };
  assert.deepEqual(clockFace(stopped, 1, 0, 1), { text: '0:00', running: false, low: true });
  assert.equal(clockFace(stopped, 0, 0, 1).text, '7:00', 'the winner keeps what he had');
  assert.equal(clockFace(stopped, 1, 0).text, '8:19', 'without a fallen flag the reserve shows');
});
