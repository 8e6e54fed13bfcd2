import './web.js'; // first: i18n.js loads its message files when imported
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang, t } from '../../main/resources/tabla/web/i18n/i18n.js';
import { registrationProblem, refusalText } from '../../main/resources/tabla/web/pages/login-errors.js';

// an ApiError as net/api.js makes it: the status and the server's (English) sentence
const refusal = (status, message) => Object.assign(new Error(message), { status });

test('the refusals a visitor meets at sign-in and registration are said in the page language', () => {
  setLang('bg', false);
  try {
    assert.equal(refusalText(refusal(401, 'wrong name or password'), 'login'), 'Грешно име или парола.');
    assert.equal(refusalText(refusal(409, "the name 'Ann' is taken"), 'register', 'Ann'), 'Името Ann е заето.');
    assert.equal(refusalText(refusal(429, 'too many failed logins'), 'login'), t('login.tooMany'));
    assert.notEqual(t('login.tooMany'), 'Too many failed attempts. Please try again later.');
    // a refusal the forms do not know keeps the server's words (a ban's reason, registration closed)
    assert.equal(refusalText(refusal(403, 'this account is banned: spam'), 'login'), 'this account is banned: spam');
    assert.equal(refusalText(refusal(403, 'registration is closed'), 'register', 'Ann'), 'registration is closed');
  } finally {
    setLang('en', false);
  }
});

test('a name or password the server would refuse is named before it is sent, by the server rules', () => {
  assert.equal(registrationProblem('ann', 'eight-ch'), null);
  assert.equal(registrationProblem('A-b_9', 'eight-ch'), null);
  assert.equal(registrationProblem('x'.repeat(20), 'eight-ch'), null);
  for (const bad of ['', 'ab', 'x'.repeat(21), 'Иван', 'bob 2', '<b>x</b>', 'ann!', 'José']) {
    assert.equal(registrationProblem(bad, 'eight-ch'), t('register.badName'), bad);
  }
  assert.equal(registrationProblem('Guest-12', 'eight-ch'), t('register.guestName'));
  assert.equal(registrationProblem('ann', 'seven-c'), t('register.shortPassword'));
  setLang('cs', false);
  try {
    assert.equal(registrationProblem('ann', 'short'), 'Heslo musí mít alespoň 8 znaků.');
  } finally {
    setLang('en', false);
  }
});
