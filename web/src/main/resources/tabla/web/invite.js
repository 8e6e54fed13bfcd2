// Registration with an invitation code (sites with TABLA_REGISTRATION=invitation): invite.html?code=…
import { h, put } from './dom.js';
import { call } from './ops-api.js';

const main = document.getElementById('main');
const code = h('input', { type: 'text', value: new URLSearchParams(location.search).get('code') || '', 'data-test': 'invite-code' });
const name = h('input', { type: 'text', autocomplete: 'username', 'data-test': 'invite-name' });
const pw = h('input', { type: 'password', autocomplete: 'new-password', 'data-test': 'invite-password' });
const msg = h('p', { 'data-test': 'invite-status' });

put(main, h('h1', {}, 'Join with an invitation'),
  h('section', {}, h('form', { onsubmit: async (e) => {
    e.preventDefault();
    try {
      await call('POST', '/api/register?invitation=' + encodeURIComponent(code.value.trim()), { name: name.value, password: pw.value });
      location.href = '/';
    } catch (err) {
      msg.className = 'err';
      put(msg, err.message);
    }
  } }, h('label', {}, 'Invitation code', code), h('label', {}, 'Name (3 to 20 letters, digits, _ or -)', name),
  h('label', {}, 'Password (at least 8 characters)', pw), h('button', { type: 'submit', 'data-test': 'invite-register' }, 'Register')), msg));
