import './web.js'; // first: i18n.js (imported by game-text.js) loads its message files when imported
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { highFirst, historyText, variantLabel, optionValueLabel } from '../../main/resources/tabla/web/board/game-text.js';
import { setLang } from '../../main/resources/tabla/web/i18n/i18n.js';

const players = { players: [{ name: 'ann' }, { name: 'bob' }] };

test('a roll is written higher die first, as .mat files write it', () => {
  assert.equal(highFirst('15'), '51');
  assert.equal(highFirst('51'), '51');
  assert.equal(highFirst('33'), '33');
});

test('a history line writes the dice high first whatever order the server stored', () => {
  assert.equal(historyText({ type: 'move', player: 0, text: '15: 13/8 6/5' }, players), '51: 13/8 6/5');
  assert.equal(historyText({ type: 'move', player: 1, text: '62: 24/18 13/11' }, players), '62: 24/18 13/11');
  assert.equal(historyText({ type: 'move', player: 1, text: '24: pass' }, players), '42: pass');
});

test('a variant option and its value are said in the page language, not as the API spells them', () => {
  setLang('bg', false);
  try {
    assert.equal(optionValueLabel('hithide', 'allowed'), 'Разрешено');
    assert.equal(optionValueLabel('european', 'on'), 'Да');
    assert.equal(optionValueLabel('firstdoubles', '66-44'), '66-44');
    assert.equal(optionValueLabel('checkers', '3'), '3');
    assert.equal(variantLabel('race:entry=all-first'), variantLabel('race') + ' (Влизане: Първо всички влизат)');
    assert.doesNotMatch(variantLabel('nardy:bearoff=exact,draw=on'), /exact|=|\bon\b/);
  } finally {
    setLang('en', false);
  }
  assert.equal(variantLabel('tavla:hitrun=anywhere'), 'Tavla (Hit and run: Nowhere)');
});
