// A player's own account: the e-mail address for a forgotten password and alerts, which alerts come by mail, a new password, personal API tokens for
// programs, or deleting the account (games stay, anonymised).
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { session, call } from '../net/ops-api.js';
import { pushSection } from './account-push.js';

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

const ALERTS = ['turns', 'deadlines', 'invitations', 'tournaments'];

/** Which alerts come by mail, per kind (issue 28); the site says when it sends no mail at all. */
function alertsSection() {
  const boxes = ALERTS.map((k) => h('input', { type: 'checkbox', disabled: true, 'data-test': 'alert-' + k }));
  const note = h('p', { class: 'muted', 'data-test': 'alerts-note' });
  const msg = h('p', { 'data-test': 'alerts-status' });
  call('GET', '/api/me/alerts').then((r) => {
    boxes.forEach((b, i) => { b.checked = !!r.kinds[ALERTS[i]]; b.disabled = false; });
    put(note, r.mail ? '' : t('account.noMail'));
  }, (err) => put(note, err.message));
  const wanted = () => Object.fromEntries(ALERTS.map((k, i) => [k, boxes[i].checked]));
  return h('section', {}, h('h2', {}, t('account.alerts')), h('p', {}, t('account.alertsText')), note,
    form(msg, () => call('PUT', '/api/me/alerts', wanted()), () => t('account.alertsSaved'),
      ...boxes.map((b, i) => h('label', { class: 'alert-kind' }, b, ' ', t('account.alert.' + ALERTS[i]))),
      h('button', { type: 'submit', 'data-test': 'save-alerts' }, t('account.saveAlerts'))), msg);
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

const SCOPES = ['read', 'play', 'bot'];

/** A token's row: its name, scopes and date, and a button that revokes it. */
function tokenRow(tok, list) {
  return h('li', { 'data-test': 'token' }, h('b', {}, tok.name), ' · ', tok.scopes.join(', '), ' · ',
    tok.created.slice(0, 10), ' ',
    h('button', { type: 'button', 'data-test': 'revoke-token', onclick: async () => {
      try {
        await call('DELETE', '/api/tokens/' + tok.id);
        await listTokens(list);
      } catch (err) {
        put(list, h('li', { class: 'err' }, err.message));
      }
    } }, t('account.revoke')));
}

async function listTokens(list) {
  const r = await call('GET', '/api/tokens');
  put(list, ...(r.tokens.length ? r.tokens.map((tok) => tokenRow(tok, list)) : [h('li', { class: 'muted' }, t('account.noTokens'))]));
}

/** Personal API tokens: made here (the secret is shown this once), listed without secrets, revoked. */
function tokensSection() {
  const name = h('input', { type: 'text', maxlength: '40', required: true, 'data-test': 'token-name' });
  const boxes = SCOPES.map((s) => h('input', { type: 'checkbox', value: s, 'data-test': 'token-scope-' + s }));
  boxes[0].checked = true;
  const secret = h('div', { 'data-test': 'token-secret-box' });
  const msg = h('p', { 'data-test': 'token-status' });
  const list = h('ul', { 'data-test': 'tokens' });
  listTokens(list).catch((err) => put(list, h('li', { class: 'err' }, err.message)));
  const made = (r) => {
    name.value = '';
    const code = h('code', { 'data-test': 'token-secret' }, r.secret);
    put(secret, h('p', { class: 'ok' }, t('account.tokenShownOnce')), h('p', {}, code));
    listTokens(list);
    return '';
  };
  return h('section', {}, h('h2', {}, t('account.tokens')), h('p', {}, t('account.tokensText')),
    h('p', {}, h('a', { href: '/api.html' }, t('account.apiLink'))),
    form(msg, () => call('POST', '/api/tokens', { name: name.value.trim(), scopes: boxes.filter((b) => b.checked).map((b) => b.value) }),
      made, h('label', {}, t('account.tokenName'), name),
      h('fieldset', {}, h('legend', {}, t('account.tokenScopes')),
        ...boxes.map((b, i) => h('label', {}, b, ' ', t('account.scope.' + SCOPES[i])))),
      h('button', { type: 'submit', 'data-test': 'create-token' }, t('account.createToken'))),
    msg, secret, list);
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
  put(main, h('h1', {}, t('account.titleOf', { name: user.name })), emailSection(), alertsSection(), pushSection(), passwordSection(), tokensSection(),
    deleteSection());
}

start();
