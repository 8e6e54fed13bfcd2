// HTTP calls of docs/api.md. Keeps the session's CSRF token and sends it on every state change.
import { refusalWords } from './refusal-text.js';

let csrf = null;
let user = null;
const listeners = new Set();
// requests not yet answered: logging out waits for them, so a read sent with the old session is not answered 401
const pending = new Set();
const LOGOUT_WAIT_MS = 3000;

/** A refused request: the status, the words a page shows (the refusal's code in the page's language, else the server's sentence), the body. */
export class ApiError extends Error {
  constructor(status, message, data) {
    super(message);
    this.status = status;
    this.data = data;
    this.code = data && typeof data.code === 'string' ? data.code : null;
  }
}

export function currentUser() {
  return user;
}

export function onSession(fn) {
  listeners.add(fn);
}

function setSession(r) {
  csrf = r ? r.csrf : null;
  // whether the user is a moderator or admin comes beside the user (the footer links the moderation page for them)
  user = r && r.user ? { ...r.user, staff: r.staff === true } : null;
  listeners.forEach((fn) => fn(user));
}

export async function request(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrf) headers['X-CSRF-Token'] = csrf;
  let res;
  const sent = fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  pending.add(sent);
  try {
    res = await sent;
  } catch (e) {
    throw new ApiError(0, e.message || 'network error', null);
  } finally {
    pending.delete(sent);
  }
  if (res.status === 204) return null;
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, refusalWords(data, res.statusText || String(res.status)), data);
  return data;
}

const enc = encodeURIComponent;

export const api = {
  /** Who is signed in, or null: asked without a 401 (a signed-out first load logs no error). */
  async me() {
    const s = await request('GET', '/api/session');
    setSession(s && s.user ? s : null);
    return user;
  },
  async register(name, password, lang) {
    setSession(await request('POST', '/api/register', { name, password, lang }));
    return user;
  },
  async login(name, password) {
    setSession(await request('POST', '/api/login', { name, password }));
    return user;
  },
  async guest(lang) {
    setSession(await request('POST', '/api/guest', { lang }));
    return user;
  },
  /** Call after the page stopped its timers: the reads already sent are answered first (at most 3 s). */
  async logout() {
    const until = Date.now() + LOGOUT_WAIT_MS;
    while (pending.size && Date.now() < until) {
      await Promise.race([Promise.allSettled([...pending]), new Promise((r) => setTimeout(r, until - Date.now()))]);
    }
    try {
      await request('POST', '/api/logout', {});
    } finally {
      setSession(null);
    }
  },
  /** The first {@code limit} open seeks (the server pages them: at most 100). */
  seeks: (limit) => request('GET', `/api/seeks?limit=${enc(limit)}`),
  createSeek: (body) => request('POST', '/api/seeks', body),
  acceptSeek: (id) => request('POST', `/api/seeks/${enc(id)}/accept`, {}),
  cancelSeek: (id) => request('DELETE', `/api/seeks/${enc(id)}`),
  declineSeek: (id) => request('POST', `/api/seeks/${enc(id)}/decline`, {}),
  playComputer: (rules, level) => request('POST', '/api/games/computer', { rules, level }),
  /** My first {@code limit} games, running first (the server pages them: at most 100). */
  games: (limit) => request('GET', `/api/games?limit=${enc(limit)}`),
  /** The games waiting on me: {count, games, more} (the header's badge). */
  turns: () => request('GET', '/api/turns'),
  game: (id) => request('GET', `/api/games/${enc(id)}`),
  action: (id, version, type, extra) => request('POST', `/api/games/${enc(id)}/actions`, { version, type, ...extra }),
  dice: (id) => request('GET', `/api/games/${enc(id)}/dice`),
  hint: (id) => request('GET', `/api/games/${enc(id)}/hint`),
  /** After the match: the best plays for the play on history line `line` (the analysis page). */
  hintAt: (id, line) => request('GET', `/api/games/${enc(id)}/hint?at=${Number(line)}`),
  giveSeed: (id, gameNo, seed) => request('POST', `/api/games/${enc(id)}/seed`, { gameNo, seed }),
  analysis: (id) => request('GET', `/api/games/${enc(id)}/analysis`),
  setLang: (lang) => request('POST', '/api/me/lang', { lang }),
  player: (name) => request('GET', `/api/players/${enc(name)}`),
  titles: (name) => request('GET', `/api/players/${enc(name)}/titles`),
  myTournaments: () => request('GET', '/api/tournaments/mine'),
  siteStats: () => request('GET', '/api/stats'),
  variants: () => request('GET', '/api/variants'),
  presets: () => request('GET', '/api/presets'),
};
