// "Forgot password": ask for a link by name or e-mail address; the mailed link (reset.html#TOKEN) opens the
// second form, which sets the new password. The token stays in the fragment, which no request carries.
import { h, put } from '../ui/dom.js';
import { t, getLang } from '../i18n/i18n.js';
import { call } from '../net/ops-api.js';

const main = document.getElementById('main');
const token = () => location.hash.replace(/^#/, '');
document.documentElement.lang = getLang();
const msg = h('p', { 'data-test': 'reset-status' });
const say = (cls, ...text) => { msg.className = cls; put(msg, ...text); };

function askForm() {
  const name = h('input', { type: 'text', autocomplete: 'username', maxlength: '254', required: true, 'data-test': 'reset-name' });
  return h('form', { onsubmit: async (e) => {
    e.preventDefault();
    try {
      await call('POST', '/api/password/forgot', { name: name.value.trim() });
      say('ok', t('reset.sent'));
    } catch (err) {
      say('err', err.message);
    }
  } }, h('p', {}, t('reset.text')), h('label', {}, t('reset.nameOrEmail'), name),
  h('button', { type: 'submit', 'data-test': 'reset-send' }, t('reset.send')));
}

function newPasswordForm() {
  const pw = h('input', { type: 'password', autocomplete: 'new-password', minlength: '8', required: true, 'data-test': 'reset-password' });
  return h('form', { onsubmit: async (e) => {
    e.preventDefault();
    try {
      const r = await call('POST', '/api/password/reset', { token: token(), password: pw.value });
      history.replaceState(null, '', location.pathname); // the link is spent: keep it out of the address bar
      say('ok', t('reset.done', { name: r.name }), ' ', h('a', { href: '/#/login', 'data-test': 'reset-login' }, t('account.logIn')));
    } catch (err) {
      say('err', err.message);
    }
  } }, h('label', {}, t('account.newPassword'), pw), h('button', { type: 'submit', 'data-test': 'reset-save' }, t('reset.save')));
}

function show() {
  const link = token() !== '';
  document.title = 'Tabla · ' + t('reset.title');
  put(msg);
  put(main, h('h1', {}, link ? t('reset.newTitle') : t('reset.title')), h('section', {}, link ? newPasswordForm() : askForm(), msg));
}

// the mailed link may open in a tab that shows this page already
window.addEventListener('hashchange', () => { if (token()) show(); });
show();
