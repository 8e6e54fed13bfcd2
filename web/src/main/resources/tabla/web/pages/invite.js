// Registration with an invitation code (sites with TABLA_REGISTRATION=invitation): invite.html?code=…
import { h, put } from '../ui/dom.js';
import { t, getLang } from '../i18n/i18n.js';
import { call } from '../net/ops-api.js';

document.documentElement.lang = getLang();
document.title = 'Tabla · ' + t('invite.title');

const main = document.getElementById('main');
const code = h('input', { type: 'text', value: new URLSearchParams(location.search).get('code') || '', 'data-test': 'invite-code' });
const name = h('input', { type: 'text', autocomplete: 'username', 'data-test': 'invite-name' });
const pw = h('input', { type: 'password', autocomplete: 'new-password', 'data-test': 'invite-password' });
const msg = h('p', { 'data-test': 'invite-status' });

put(main, h('h1', {}, t('invite.title')),
  h('section', {}, h('form', { onsubmit: async (e) => {
    e.preventDefault();
    try {
      await call('POST', '/api/register?invitation=' + encodeURIComponent(code.value.trim()), { name: name.value, password: pw.value, lang: getLang() });
      location.href = '/';
    } catch (err) {
      msg.className = 'err';
      put(msg, err.message);
    }
  } }, h('label', {}, t('invite.code'), code), h('label', {}, t('login.name'), name), h('p', { class: 'muted' }, t('register.nameHint')),
  h('label', {}, t('login.password'), pw), h('p', { class: 'muted' }, t('register.passwordHint')),
  h('button', { type: 'submit', 'data-test': 'invite-register' }, t('register.submit'))), msg));
