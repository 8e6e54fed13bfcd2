import './web.js'; // first: i18n.js (imported by analysis.js) loads its message files when imported
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cubeErrors } from '../../main/resources/tabla/web/pages/analysis.js';

// the shape GET /api/games/N/analysis answers (Analyses.View): issue 28's sample lost 0.611 on one double
const analysis = {
  cubeDecisions: [
    { gameNo: 1, player: 0, kind: 'double', action: 'no double', best: 'no double', loss: 0 },
    { gameNo: 2, player: 1, kind: 'double', action: 'double', best: 'no double', loss: 0.611 },
    { gameNo: 2, player: 0, kind: 'take', action: 'take', best: 'take', loss: 0.01 },
    { gameNo: 3, player: 0, kind: 'take', action: 'drop', best: 'take', loss: 0.045 },
  ],
};

test('the cube decisions that lost equity are listed, in order, with the best action and the loss', () => {
  const list = cubeErrors(analysis, ['ann', 'bob']);
  assert.deepEqual(list.map((c) => c.text), [
    'Game 2: bob: double; best no double (−0.611)',
    'Game 3: ann: drop; best take (−0.045)',
  ]);
  assert.deepEqual(list.map((c) => c.mark), ['??', '?']);
});

test('no cube decisions (a match without the cube): nothing listed', () => {
  assert.deepEqual(cubeErrors({ decisions: [] }, ['ann', 'bob']), []);
});
