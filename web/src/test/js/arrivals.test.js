import { test } from 'node:test';
import assert from 'node:assert/strict';
import { arrivals } from '../../main/resources/tabla/web/board/arrivals.js';

const board = (me, opp) => ({ me: Object.assign(new Array(26).fill(0), me), opp: Object.assign(new Array(26).fill(0), opp) });

test('the points a checker arrived on, for each side; nothing on a first drawing', () => {
  const before = board({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 });
  // I play 8/3 6/5 and hit nothing: 3 and 5 gain a checker of mine
  const mine = board({ 24: 2, 13: 5, 8: 2, 6: 4, 5: 1, 3: 1 }, { 24: 2, 13: 5, 8: 3, 6: 5 });
  assert.deepEqual([...arrivals(before, mine)].sort(), ['me:3', 'me:5']);
  // he plays 13/7 (his 13 is my 12, his 7 my 18) and 24/20 hitting my blot on 5 (his 20): mine goes to the bar
  const his = board({ 24: 2, 13: 5, 8: 2, 6: 4, 3: 1, 25: 1 }, { 24: 1, 13: 4, 8: 3, 6: 5, 7: 1, 20: 1 });
  assert.deepEqual([...arrivals(mine, his)].sort(), ['me:25', 'opp:18', 'opp:5']);
  assert.equal(arrivals(null, mine).size, 0);
});
