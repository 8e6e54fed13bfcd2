import './web.js'; // first: i18n.js (imported by board-a11y.js) loads its message files when imported
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pointLabel, barLabel, offLabel, diceLabel, cubeLabel, boardLabels, navOrder, navStep, describePosition }
  from '../../main/resources/tabla/web/board/board-a11y.js';

// the opening position from white's side, with a 5-1 to play; the opponent's points in his own numbering
function opening() {
  const me = new Array(26).fill(0);
  Object.assign(me, { 24: 2, 13: 5, 8: 3, 6: 5 });
  const opp = me.slice();
  return { me, opp, pool: { me: 0, opp: 0 }, pips: { me: 167, opp: 167 },
    dice: { list: [{ value: 5, used: false }, { value: 1, used: false }] }, cube: { value: 1, where: 'middle', offered: false },
    movable: new Set([24, 13, 8, 6]), targets: new Set(), selected: null };
}

test('a point says whose checkers lie there and what the player may do with it', () => {
  const m = opening();
  assert.equal(pointLabel(m, 13), 'Point 13: 5 yours, can move');
  assert.equal(pointLabel(m, 12), "Point 12: 5 opponent's", "his 13-point is my 12");
  assert.equal(pointLabel(m, 7), 'Point 7: empty');
  m.selected = 13;
  m.targets = new Set([8, 12]);
  assert.equal(pointLabel(m, 13), 'Point 13: 5 yours, selected');
  assert.equal(pointLabel(m, 8), 'Point 8: 3 yours, can move, a destination');
});

test('the bar, the trays, the dice and the cube', () => {
  const m = opening();
  assert.equal(barLabel(m), 'Bar: empty');
  m.me[25] = 1;
  m.opp[25] = 2;
  assert.equal(barLabel(m), "Bar: 1 yours, 2 opponent's");
  m.me[0] = 3;
  assert.equal(offLabel(m), 'Borne off: you 3, opponent 0');
  assert.equal(diceLabel(m), 'Dice 5-1');
  m.dice.list[0].used = true;
  assert.equal(diceLabel(m), 'Dice 1', 'a played die is no longer said');
  assert.equal(cubeLabel(m), 'Cube 1, in the middle');
  m.cube = { value: 4, where: 'opp', offered: false };
  assert.equal(cubeLabel(m), "Cube 4, the opponent's");
  assert.equal(boardLabels(m).points.length, 25);
});

test('the arrow keys walk the board as it looks, and across it', () => {
  const order = navOrder(false);
  assert.deepEqual(order.slice(0, 3), ['p13', 'p14', 'p15'], 'the top row from the left');
  assert.equal(order[12], 'bar');
  assert.deepEqual(order.slice(13, 16), ['p12', 'p11', 'p10'], 'the bottom row from the left');
  assert.deepEqual(order.slice(-3), ['off', 'dice', 'cube']);
  assert.equal(navStep(order, 'p13', 'ArrowRight'), 'p14');
  assert.equal(navStep(order, 'p13', 'ArrowLeft'), 'cube', 'it wraps');
  assert.equal(navStep(order, 'p13', 'ArrowDown'), 'p12', 'across the board');
  assert.equal(navStep(order, 'p12', 'ArrowUp'), 'p13');
  assert.equal(navStep(order, 'p12', 'ArrowDown'), 'p12', 'nothing below the bottom row');
  const flipped = navOrder(true);
  assert.deepEqual(flipped.slice(0, 2), ['p24', 'p23'], 'flipped: the top row starts at 24');
});

test('the whole position in words', () => {
  const text = describePosition(opening(), ['ann', 'bob'], ['White', 'Black'], [2, 1]);
  assert.equal(text, 'ann (White): 24-point 2, 13-point 5, 8-point 3, 6-point 5; bar 0; borne off 0; 167 pips. '
    + 'bob (Black): 19-point 5, 17-point 3, 12-point 5, 1-point 2; bar 0; borne off 0; 167 pips. '
    + 'Cube 1, in the middle. Score 2 : 1. Dice 5-1.');
});
