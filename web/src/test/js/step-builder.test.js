import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StepBuilder, otherPoint } from '../../main/resources/tabla/web/board/step-builder.js';
import { BAR, OFF } from '../../main/resources/tabla/web/board/moves.js';

function side(points) {
  const a = new Array(26).fill(0);
  for (const [p, n] of Object.entries(points)) a[p] = n;
  return a;
}
const START = { 24: 2, 13: 5, 8: 3, 6: 5 };
const start = (me = START, opp = START, more = {}) =>
  ({ me: side(me), opp: side(opp), poolMe: 0, poolOpp: 0, pinsMe: new Set(), pinsOpp: new Set(), ...more });

// A few of 3-1's legal plays from the start, as the server sends them (its steps in the mover's numbering).
const POINT = { move: '8/5 6/5', steps: [[8, 5, false], [6, 5, false]] };
const RUN = { move: '24/20', steps: [[24, 21, false], [21, 20, false]] };
const SPLIT = { move: '24/23 13/10', steps: [[24, 23, false], [13, 10, false]] };
const threeOne = () => new StepBuilder(start(), [3, 1], [POINT, RUN, SPLIT], 'CONTRARY');

test("the opponent's point on mine follows the variant's geometry", () => {
  assert.equal(otherPoint('CONTRARY', 5), 20);
  assert.equal(otherPoint(undefined, 1), 24);
  assert.equal(otherPoint('PARALLEL', 1), 13);
  assert.equal(otherPoint('PARALLEL', 13), 1);
  assert.equal(otherPoint('SAME', 7), 7);
});

test('only checkers that start a step of some legal play may move', () => {
  const b = threeOne();
  assert.deepEqual([...b.sources()].sort((x, y) => x - y), [6, 8, 13, 24]);
  assert.deepEqual([...b.destinations(24).keys()].sort((x, y) => x - y), [20, 21, 23]);
  assert.equal(b.destinations(6).size, 1);
  assert.equal(b.moveTo(13, 12), false, 'no legal play has 13/12');
  assert.equal(b.steps.length, 0, 'a refused step changes nothing');
});

test('one click several pips away plays the whole path, and completes that play', () => {
  const b = threeOne();
  assert.deepEqual(b.destinations(24).get(20).map((s) => [s.from, s.to]), [[24, 21], [21, 20]]);
  assert.equal(b.moveTo(24, 20), true);
  assert.equal(b.text, '24/21 21/20');
  assert.equal(b.complete, RUN);
  assert.equal(b.left, 0);
  assert.equal(b.pos.me[24], 1);
  assert.equal(b.pos.me[20], 1);
  assert.equal(b.start.me[24], 2, 'the start position is not changed');
});

test('steps narrow the plays still open, and undo goes back one step at a time', () => {
  const b = threeOne();
  assert.equal(b.moveTo(8, 5), true);
  assert.equal(b.complete, null);
  assert.equal(b.left, 1);
  assert.deepEqual([...b.sources()], [6]);
  assert.deepEqual(b.unusedDice(), [1]);
  assert.deepEqual(b.diceView(), [{ value: 3, used: true }, { value: 1, used: false }]);
  assert.equal(b.undo(), true);
  assert.deepEqual(b.pos, start());
  assert.equal(b.undo(), false);
});

test('undo takes back a whole tap: a checker sent two dice far comes back in one undo', () => {
  const b = threeOne();
  assert.equal(b.moveTo(24, 20), true);
  assert.equal(b.steps.length, 2);
  assert.equal(b.undo(), true);
  assert.equal(b.steps.length, 0, 'both steps of the tap are taken back');
  assert.deepEqual(b.pos, start());
  assert.equal(b.canSwap, true, 'back at the turn\'s start, the dice may be swapped again');
  assert.equal(b.quickMove(24), true);
  assert.equal(b.moveTo(13, 12), false);
  assert.equal(b.moveTo(21, 20), true);
  assert.equal(b.undo(), true);
  assert.equal(b.text, '24/21', 'a one-step tap takes back one step');
  assert.equal(b.undo(), true);
  assert.equal(b.undo(), false);
});

test('a second tap plays the left die; swap dice makes the right one first', () => {
  const b = threeOne();
  assert.equal(b.quickMove(24), true);
  assert.equal(b.text, '24/21');
  b.reset();
  assert.equal(b.canSwap, true);
  assert.equal(b.swap(), true);
  assert.deepEqual(b.dice, [1, 3]);
  assert.equal(b.quickMove(24), true);
  assert.equal(b.text, '24/23');
  assert.equal(b.canSwap, false, 'no swap after the first step');
});

test('a hit sends the checker on that point to the bar, per geometry', () => {
  const opp = { ...START, 20: 1 }; // his 20 is my 5 (CONTRARY)
  const hit = { move: '8/5*', steps: [[8, 5, true]] };
  const b = new StepBuilder(start(START, opp), [3, 3], [hit], 'CONTRARY');
  assert.equal(b.dice.length, 4, 'a double gives four dice');
  assert.equal(b.moveTo(8, 5), true);
  assert.equal(b.text, '8/5*');
  assert.equal(b.pos.opp[20], 0);
  assert.equal(b.pos.opp[BAR], 1);
  assert.equal(b.complete, hit);
});

test('entering from the pool is a step from the bar; bearing off goes to 0', () => {
  const pool = new StepBuilder(start({}, START, { poolMe: 15 }), [6, 5], [{ move: 'x', steps: [[BAR, 19, false], [BAR, 20, false]] }], 'SAME');
  assert.deepEqual([...pool.sources()], [BAR]);
  assert.equal(pool.moveTo(BAR, 19), true);
  assert.equal(pool.pos.poolMe, 14);
  const off = new StepBuilder(start({ 2: 1, 1: 1 }, START), [6, 5], [{ move: '2/off 1/off', steps: [[2, OFF, false], [1, OFF, false]] }], 'CONTRARY');
  assert.equal(off.moveTo(2, OFF), true);
  assert.deepEqual(off.unusedDice(), [5], 'a bear-off takes the first higher die');
});

test('no legal play, or plays without steps', () => {
  assert.equal(new StepBuilder(start(), [6, 6], [{ move: 'pass' }], 'CONTRARY').noMove, true);
  const old = new StepBuilder(start(), [3, 1], [{ move: '8/5 6/5' }], 'CONTRARY');
  assert.equal(old.noMove, false);
  assert.equal(old.mismatch, true, 'the page then lists the whole plays instead');
});

test("acey-deucey's 1-2: the double's steps wait for the choice", () => {
  const one = new StepBuilder(start({ 25: 15 }, START), [1, 2], [
    { move: 'a', chosenDouble: 6, steps: [[BAR, 24, false], [BAR, 23, false], [BAR, 19, false], [BAR, 19, false], [BAR, 19, false], [BAR, 19, false]] },
    { move: 'b', chosenDouble: 5, steps: [[BAR, 24, false], [BAR, 23, false], [BAR, 20, false], [BAR, 20, false], [BAR, 20, false], [BAR, 20, false]] },
  ], 'SAME');
  assert.equal(one.needsDouble, true);
  assert.deepEqual(one.doubleChoices, [5, 6]);
  assert.deepEqual([...one.destinations(BAR).keys()].sort((x, y) => x - y), [23, 24], 'only the 1 and the 2 before the choice');
  assert.equal(one.chooseDouble(4), false);
  assert.equal(one.chooseDouble(6), true);
  assert.equal(one.dice.length, 6);
  assert.ok(one.destinations(BAR).has(19));
});
