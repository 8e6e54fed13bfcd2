import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodePositionId, encodePositionId } from '../../main/resources/tabla/web/board/position-id.js';
import { seeded } from './seeded.js';

const START = '4HPwATDgc/ABMA';
/** The standard start, in each side's own numbering (0 = off, 25 = bar). */
function startSide() {
  const a = new Array(26).fill(0);
  a[24] = 2; a[13] = 5; a[8] = 3; a[6] = 5;
  return a;
}

test("gnubg's start position ID decodes to the start, and encodes back", () => {
  const pos = decodePositionId(START);
  assert.deepEqual(pos.me, startSide());
  assert.deepEqual(pos.opp, startSide());
  assert.equal(encodePositionId(pos), START);
});

test('a checker on the bar and checkers off are where gnubg puts them', () => {
  const me = new Array(26).fill(0);
  me[25] = 1; me[1] = 4; me[0] = 10; // the side on roll: one on the bar, four on its ace point, ten borne off
  const opp = startSide();
  const id = encodePositionId({ me, opp });
  assert.match(id, /^[A-Za-z0-9+/]{14}$/);
  assert.deepEqual(decodePositionId(id), { me, opp });
  // the side not on roll comes first: swapping the sides changes the ID
  assert.notEqual(encodePositionId({ me: opp, opp: me }), id);
});

test('random positions survive encode → decode (seeded)', () => {
  const rnd = seeded(24);
  for (let n = 0; n < 2000; n++) {
    const side = () => {
      const a = new Array(26).fill(0);
      const on = Math.floor(rnd() * 16);
      for (let k = 0; k < on; k++) a[1 + Math.floor(rnd() * 25)]++;
      a[0] = 15 - on;
      return a;
    };
    const pos = { me: side(), opp: side() };
    assert.deepEqual(decodePositionId(encodePositionId(pos)), pos, JSON.stringify(pos));
  }
});

test('anything but 14 base64 characters is refused', () => {
  for (const bad of ['', '4HPwATDgc/ABM', '4HPwATDgc/ABMA=', '4HPwATDgc!ABMA', null]) {
    assert.throws(() => decodePositionId(bad), /not a position ID/);
  }
  assert.deepEqual(decodePositionId(`  ${START} `), decodePositionId(START));
});
