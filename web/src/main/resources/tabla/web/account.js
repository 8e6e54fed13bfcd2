// A player's own account: change the password, or delete the account (games stay, anonymised).
import { h, put } from './dom.js';
import { session, call } from './ops-api.js';

const main = document.getElementById('main');

async function start() {
  const user = await session();
  if (!user) {
    put(main, h('h1', {}, 'Account'), h('p', {}, 'Log in first: ', h('a', { href: '/#/login' }, 'log in'), '.'));
    return;
  }
  if (user.guest) {
    put(main, h('h1', {}, 'Account'), h('p', {}, 'A guest account has no password. Register to keep your games under your name.'));
    return;
  }
  const old = h('input', { type: 'password', autocomplete: 'current-password', 'data-test': 'old-password' });
  const fresh = h('input', { type: 'password', autocomplete: 'new-password', minlength: '8', 'data-test': 'new-password' });
  const pwMsg = h('p', { 'data-test': 'password-status' });
  const delPw = h('input', { type: 'password', autocomplete: 'current-password', 'data-test': 'delete-password' });
  const delMsg = h('p', { 'data-test': 'delete-status' });
  const show = (el, cls, text) => { el.className = cls; put(el, text); };
  put(main, h('h1', {}, `Account: ${user.name}`),
    h('section', {}, h('h2', {}, 'Change password'),
      h('form', { onsubmit: async (e) => {
        e.preventDefault();
        try {
          await call('POST', '/api/me/password', { old: old.value, new: fresh.value });
          old.value = ''; fresh.value = '';
          show(pwMsg, 'ok', 'Password changed. Your other sessions were logged out.');
        } catch (err) {
          show(pwMsg, 'err', err.message);
        }
      } }, h('label', {}, 'Current password', old), h('label', {}, 'New password (at least 8 characters)', fresh),
      h('button', { type: 'submit', 'data-test': 'change-password' }, 'Change password')), pwMsg),
    h('section', {}, h('h2', {}, 'Delete my account'),
      h('p', {}, 'Your games stay in the records of your opponents, under the name "deleted". Your name becomes free. This cannot be undone.'),
      h('form', { onsubmit: async (e) => {
        e.preventDefault();
        if (!confirm('Delete your account for good?')) return;
        try {
          await call('POST', '/api/me/delete', { password: delPw.value });
          put(main, h('h1', {}, 'Account deleted'), h('p', {}, h('a', { href: '/' }, 'Back to Tabla')));
        } catch (err) {
          show(delMsg, 'err', err.message);
        }
      } }, h('label', {}, 'Password', delPw), h('button', { type: 'submit', 'data-test': 'delete-account' }, 'Delete my account')), delMsg));
}

start();
