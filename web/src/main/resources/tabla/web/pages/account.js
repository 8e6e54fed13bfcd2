// A player's own account: the e-mail address for a forgotten password, a new password, or deleting the
// account (games stay, anonymised).
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { session, call } from '../net/ops-api.js';

const main = document.getElementById('main');
const show = (el, cls, text) => { el.className = cls; put(el, text); };

/** A form whose submit runs `act` and says `done()` or the server's error in `msg`. */
function form(msg, act, done, ...fields) {
  return h('form', { onsubmit: async (e) => {
    e.preventDefault();
    try {
      show(msg, 'ok', done(await act()));
    } catch (err) {
      show(msg, 'err', err.message);
    }
  } }, ...fields);
}

function emailSection() {
  // disabled until the saved address is in, so nothing typed before is overwritten
  const email = h('input', { type: 'email', autocomplete: 'email', maxlength: '254', disabled: true, 'data-test': 'email' });
  const pw = h('input', { type: 'password', autocomplete: 'current-password', 'data-test': 'email-password' });
  const note = h('p', { class: 'muted' });
  const msg = h('p', { 'data-test': 'email-status' });
  call('GET', '/api/me/email').then((r) => {
    email.value = r.email || '';
    email.disabled = false;
    put(note, r.mail ? '' : t('account.noMail'));
  }, (err) => put(note, err.message));
  return h('section', {}, h('h2', {}, t('account.email')), h('p', {}, t('account.emailText')), note,
    form(msg, () => call('POST', '/api/me/email', { email: email.value.trim(), password: pw.value }),
      () => { pw.value = ''; return email.value.trim() ? t('account.emailSaved') : t('account.emailRemoved'); },
      h('label', {}, t('account.emailAddress'), email), h('label', {}, t('account.currentPassword'), pw),
      h('button', { type: 'submit', 'data-test': 'save-email' }, t('account.saveEmail'))), msg);
}

function passwordSection() {
  const old = h('input', { type: 'password', autocomplete: 'current-password', 'data-test': 'old-password' });
  const fresh = h('input', { type: 'password', autocomplete: 'new-password', minlength: '8', 'data-test': 'new-password' });
  const msg = h('p', { 'data-test': 'password-status' });
  return h('section', {}, h('h2', {}, t('account.changePassword')),
    form(msg, () => call('POST', '/api/me/password', { old: old.value, new: fresh.value }),
      () => { old.value = ''; fresh.value = ''; return t('account.passwordChanged'); },
      h('label', {}, t('account.currentPassword'), old), h('label', {}, t('account.newPassword'), fresh),
      h('button', { type: 'submit', 'data-test': 'change-password' }, t('account.changePassword'))), msg);
}

function deleteSection() {
  const pw = h('input', { type: 'password', autocomplete: 'current-password', 'data-test': 'delete-password' });
  const msg = h('p', { 'data-test': 'delete-status' });
  return h('section', {}, h('h2', {}, t('account.delete')), h('p', {}, t('account.deleteText')),
    h('form', { onsubmit: async (e) => {
      e.preventDefault();
      if (!confirm(t('account.deleteConfirm'))) return;
      try {
        await call('POST', '/api/me/delete', { password: pw.value });
        put(main, h('h1', {}, t('account.deleted')), h('p', {}, h('a', { href: '/' }, t('account.back'))));
      } catch (err) {
        show(msg, 'err', err.message);
      }
    } }, h('label', {}, t('account.currentPassword'), pw), h('button', { type: 'submit', 'data-test': 'delete-account' }, t('account.delete'))), msg);
}

async function start() {
  const user = await session();
  document.title = 'Tabla · ' + t('account.title');
  if (!user) {
    put(main, h('h1', {}, t('account.title')), h('p', {}, t('account.logInFirst'), ' ', h('a', { href: '/#/login' }, t('account.logIn'))));
    return;
  }
  if (user.guest) {
    put(main, h('h1', {}, t('account.title')), h('p', {}, t('account.guest')));
    return;
  }
  put(main, h('h1', {}, t('account.titleOf', { name: user.name })), emailSection(), passwordSection(), deleteSection());
}

start();
