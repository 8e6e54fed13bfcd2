import './web.js'; // first: i18n.js loads its message files when imported
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang, t } from '../../main/resources/tabla/web/i18n/i18n.js';
import { refusalWords } from '../../main/resources/tabla/web/net/refusal-text.js';
import { request } from '../../main/resources/tabla/web/net/api.js';

// a refusal's body as the server sends it (kernel.http.Refusals): the English sentence, and the code and its values
const tooLong = { error: 'a message has at most 300 characters (this one has 412)', code: 'chat.too_long', args: { max: 300, chars: 412 } };

test('a refusal whose code the catalogue knows is said in the page language, with its values', () => {
  setLang('bg', false);
  try {
    assert.equal(refusalWords(tooLong, 'Bad Request'), 'Съобщението е до 300 знака (това има 412).');
    assert.equal(refusalWords({ error: 'it is not your turn', code: 'game.not_your_turn' }, 'Forbidden'), 'Не сте на ход.');
    setLang('it', false);
    assert.equal(refusalWords(tooLong, 'Bad Request'), 'Un messaggio ha al massimo 300 caratteri (questo ne ha 412).');
    setLang('en', false);
    assert.equal(refusalWords(tooLong, 'Bad Request'), 'A message has at most 300 characters (this one has 412).');
  } finally {
    setLang('en', false);
  }
});

test('a refusal without a code, or with one the catalogue lacks, keeps the server sentence', () => {
  setLang('cs', false);
  try {
    assert.equal(refusalWords({ error: "give 'clock' or 'secondsPerMove', not both" }, 'Bad Request'),
      "give 'clock' or 'secondsPerMove', not both");
    assert.equal(refusalWords({ error: 'a code from a newer server', code: 'game.something_new', args: { n: 1 } }, 'Bad Request'),
      'a code from a newer server');
    assert.equal(t('refusal.game.something_new'), 'refusal.game.something_new', 'the unknown code really is unknown');
    // no body at all (a proxy's page): the status text
    assert.equal(refusalWords(null, 'Bad Gateway'), 'Bad Gateway');
    assert.equal(refusalWords({ code: 42, error: 'odd body' }, 'Bad Request'), 'odd body');
  } finally {
    setLang('en', false);
  }
});

test("api.js's ApiError carries the words, the code and the body", async () => {
  const real = globalThis.fetch;
  globalThis.fetch = async () => ({ ok: false, status: 400, statusText: 'Bad Request', text: async () => JSON.stringify(tooLong) });
  setLang('sr', false);
  try {
    await assert.rejects(request('POST', '/api/chat/lobby', { text: 'x' }), (e) => {
      assert.equal(e.status, 400);
      assert.equal(e.code, 'chat.too_long');
      assert.equal(e.message, 'Poruka ima najviše 300 znakova (ova ima 412).');
      assert.deepEqual(e.data, tooLong);
      return true;
    });
  } finally {
    globalThis.fetch = real;
    setLang('en', false);
  }
});
