// Sign in, register, or play as a guest.

import { api } from '../net/api.js';
import { h, put } from '../ui/dom.js';
import { t, getLang } from '../i18n/i18n.js';
import { registrationProblem, refusalText } from './login-errors.js';

export function loginPage(root) {
  const err = (test) => h('div', { class: 'error', 'data-test': test, hidden: true });
  const say = (el, text) => {
    el.textContent = text;
    el.hidden = false;
  };
  const show = (el, e, form, name) => say(el, refusalText(e, form, name));
  const done = () => {
    location.hash = '#/lobby';
  };

  const loginErr = err('login-error');
  const loginName = h('input', { name: 'name', autocomplete: 'username', required: true, 'data-test': 'login-name' });
  const loginPass = h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true, 'data-test': 'login-password' });
  const loginForm = h('form', { class: 'card', onsubmit: async (e) => {
    e.preventDefault();
    loginErr.hidden = true;
    try {
      await api.login(loginName.value.trim(), loginPass.value);
      done();
    } catch (x) {
      show(loginErr, x, 'login');
    }
  } },
  h('h2', {}, t('login.title')),
  h('label', {}, t('login.name'), loginName),
  h('label', {}, t('login.password'), loginPass),
  h('button', { type: 'submit', class: 'primary', 'data-test': 'login-submit' }, t('login.submit')),
  h('a', { href: '/reset.html', class: 'hint', 'data-test': 'forgot' }, t('login.forgot')),
  loginErr);

  const regErr = err('register-error');
  const regName = h('input', { name: 'name', autocomplete: 'username', required: true, maxlength: 20, 'data-test': 'register-name' });
  const regPass = h('input', { name: 'password', type: 'password', autocomplete: 'new-password', required: true, 'data-test': 'register-password' });
  const regForm = h('form', { class: 'card', onsubmit: async (e) => {
    e.preventDefault();
    regErr.hidden = true;
    const name = regName.value.trim();
    const problem = registrationProblem(name, regPass.value);
    if (problem) {
      say(regErr, problem);
      return;
    }
    try {
      await api.register(name, regPass.value, getLang());
      done();
    } catch (x) {
      show(regErr, x, 'register', name);
    }
  } },
  h('h2', {}, t('register.title')),
  h('label', {}, t('login.name'), regName),
  h('div', { class: 'hint' }, t('register.nameHint')),
  h('label', {}, t('login.password'), regPass),
  h('div', { class: 'hint' }, t('register.passwordHint')),
  h('button', { type: 'submit', class: 'primary', 'data-test': 'register-submit' }, t('register.submit')),
  regErr);

  const guestErr = err('guest-error');
  const guest = h('div', { class: 'card' },
    h('h2', {}, t('guest.title')),
    h('p', {}, t('guest.text')),
    h('button', { type: 'button', 'data-test': 'guest', onclick: async () => {
      guestErr.hidden = true;
      try {
        await api.guest(getLang());
        done();
      } catch (x) {
        show(guestErr, x, 'guest');
      }
    } }, t('guest.submit')),
    guestErr);

  put(root, h('div', { class: 'login' }, h('p', { class: 'lead' }, t('login.welcome')), h('div', { class: 'cards' }, loginForm, regForm, guest)));
}
