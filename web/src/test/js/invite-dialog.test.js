import './web.js'; // first: i18n.js (imported by invite-dialog.js) loads its message files when imported
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inviteRules } from '../../main/resources/tabla/web/pages/invite-dialog.js';

// the lobby form's read() of a 5-point match with the cube and Crawford, and of a money game with Jacoby and beavers
const match5 = { variant: 'backgammon', matchLength: 5, cube: true, crawford: true, holland: false, jacoby: false,
  beavers: false, raccoons: false, automaticDoubles: 0 };
const money = { variant: 'backgammon:opt=x', matchLength: 0, cube: true, crawford: false, holland: false, jacoby: true,
  beavers: true, raccoons: false, automaticDoubles: 2, preset: 'club' };

test('the length and variant chosen in the dialog replace the form\'s, the rest stays', () => {
  assert.deepEqual(inviteRules(match5, 3, 'backgammon', true), { ...match5, matchLength: 3 });
  assert.equal(inviteRules(match5, 3, 'nackgammon', true).variant, 'nackgammon');
});

test('what does not apply to the chosen length or variant is off, as the form does it', () => {
  const m = inviteRules(money, 7, 'backgammon', true);
  assert.equal(m.jacoby, false);
  assert.equal(m.beavers, false);
  assert.equal(m.automaticDoubles, 0);
  assert.equal(m.crawford, false, 'the form had no Crawford for a money game: none is made up');
  const toMoney = inviteRules(match5, 0, 'backgammon', true);
  assert.equal(toMoney.crawford, false);
  assert.equal(inviteRules(match5, 1, 'backgammon', true).cube, false, 'a one-point match');
  assert.equal(inviteRules(match5, 5, 'plakoto', false).cube, false, 'a variant without the cube');
});

test('a variant\'s options and a preset go only with what they were chosen for', () => {
  assert.equal(inviteRules(money, 0, 'backgammon', true).variant, 'backgammon:opt=x');
  assert.equal(inviteRules(money, 0, 'backgammon', true).preset, 'club');
  assert.equal(inviteRules(money, 3, 'backgammon', true).preset, undefined);
  assert.equal(inviteRules(money, 0, 'hypergammon', true).variant, 'hypergammon');
  assert.equal(inviteRules(money, 0, 'hypergammon', true).preset, undefined);
});
