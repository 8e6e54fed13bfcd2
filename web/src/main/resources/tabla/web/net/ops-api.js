// The operator pages' (admin, account, invitation) small HTTP helper: JSON in and out, the session's CSRF
// token on every POST, and on failure the refusal in the page's language (refusal-text.js).

import { hasChosenLang, setLang, getLang } from '../i18n/i18n.js';
import { refusalWords } from './refusal-text.js';

let csrf = null;

/** The signed-in user, or null; the page then speaks the account's language unless this browser chose one. */
export async function session() {
  const res = await fetch('/api/session', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!res.ok) return null;
  const me = await res.json();
  csrf = me.csrf;
  if (!hasChosenLang() && me.user && me.user.lang) setLang(me.user.lang, false);
  document.documentElement.lang = getLang();
  return me.user || null;
}

export async function call(method, path, body) {
  return send(method, path, body === undefined ? undefined : 'application/json', body === undefined ? undefined : JSON.stringify(body));
}

/** A POST whose body is a file's text (an uploaded match record), not JSON. */
export async function postText(path, text) {
  return send('POST', path, 'text/plain; charset=utf-8', text);
}

async function send(method, path, type, payload) {
  const headers = { Accept: 'application/json' };
  if (type) headers['Content-Type'] = type;
  if (method !== 'GET' && csrf) headers['X-CSRF-Token'] = csrf;
  const res = await fetch(path, { method, headers, credentials: 'same-origin', body: payload });
  const text = res.status === 204 ? '' : await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    const err = new Error(refusalWords(data, res.statusText || String(res.status)));
    err.status = res.status;
    err.code = data && typeof data.code === 'string' ? data.code : null;
    throw err;
  }
  return data;
}
