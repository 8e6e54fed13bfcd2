// The site's notices on every page: the message of the day, broadcasts from the moderators, a coming
// restart, and my tournament match that starts (from the site socket, 'tabla-site' events). The first three are
// asked from /api/notices when the page opens and every few seconds after (the server says how often); a live
// game's socket passes them on at once ('tabla-notice' events from ws.js).
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { opponentName } from './tournament-names.js';
import { api, onSession } from '../net/api.js';
import { rulesSummary } from '../board/game-text.js';

const bar = h('div', { id: 'site-notices', class: 'site-notices', role: 'status', 'aria-live': 'polite', 'data-test': 'notices' });
let state = { motd: '', broadcasts: [], shutdown: null, pollSeconds: 10 };
const seen = new Set(JSON.parse(sessionStorage.getItem('tabla.broadcasts.seen') || '[]'));
let countdown = null;
let match = null; // {"type":"tournamentMatch",...}: my next tournament match, until I open its board or dismiss it
// invitations to me told by the site socket ({seek, by, error}), until answered or dismissed; the newest few only
let invites = [];
const MAX_INVITES = 3;

function dismissedMotd() {
  return localStorage.getItem('tabla.motd.dismissed') || '';
}

function render() {
  const items = [];
  if (state.shutdown) {
    const left = Math.max(0, Math.round((Date.parse(state.shutdown.at) - Date.now()) / 1000));
    items.push(h('div', { class: 'notice shutdown', 'data-test': 'notice-shutdown' },
      left > 0 ? t('notice.restartsIn', { n: left }) : t('notice.restarting'), ' ',
      state.shutdown.message || '', ' ', t('notice.gamesSaved')));
  }
  for (const b of state.broadcasts) {
    if (seen.has(b.id)) continue;
    items.push(h('div', { class: 'notice broadcast', 'data-test': 'notice-broadcast' }, b.text,
      h('button', { type: 'button', class: 'close', 'aria-label': t('notice.dismiss'), onclick: () => dismissBroadcast(b.id) }, '×')));
  }
  for (const inv of invites) {
    items.push(h('div', { class: 'notice accepted', 'data-test': 'notice-invited', 'data-seek-id': inv.seek.id },
      t('notice.invited', { name: inv.by, what: rulesSummary(inv.seek.rules, inv.seek.mode) }), ' ',
      h('button', { type: 'button', class: 'primary', 'data-test': 'notice-invited-accept', onclick: () => answer(inv, true) }, t('lobby.accept')), ' ',
      h('button', { type: 'button', 'data-test': 'notice-invited-decline', onclick: () => answer(inv, false) }, t('notice.decline')),
      inv.error ? h('span', { class: 'err', 'data-test': 'notice-invited-error' }, ' ', inv.error) : '',
      h('button', { type: 'button', class: 'close', 'aria-label': t('notice.dismiss'), onclick: () => forget(inv) }, '×')));
  }
  if (match && location.hash !== '#/game/' + match.gameId) {
    items.push(h('div', { class: 'notice accepted', 'data-test': 'notice-tournament-match' },
      t(match.already ? 'tour.matchOn' : 'tour.matchStarts', { name: match.name, opponent: opponentName(match) }), ' ',
      h('a', { href: '/#/game/' + encodeURIComponent(match.gameId), 'data-test': 'notice-tournament-board' }, t('tour.toBoard')),
      h('button', { type: 'button', class: 'close', 'aria-label': t('notice.dismiss'), onclick: () => { match = null; render(); } }, '×')));
  }
  if (state.motd && state.motd !== dismissedMotd()) {
    items.push(h('div', { class: 'notice motd', 'data-test': 'notice-motd' }, state.motd,
      h('button', { type: 'button', class: 'close', 'aria-label': t('notice.dismiss'), onclick: dismissMotd }, '×')));
  }
  put(bar, items);
  bar.hidden = items.length === 0;
}

function dismissBroadcast(id) {
  seen.add(id);
  sessionStorage.setItem('tabla.broadcasts.seen', JSON.stringify([...seen].slice(-50)));
  render();
}

function dismissMotd() {
  localStorage.setItem('tabla.motd.dismissed', state.motd);
  render();
}

async function poll() {
  try {
    const res = await fetch('/api/notices', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (res.ok) {
      state = await res.json();
      render();
    }
  } catch (e) {
    // the server is away (restarting): try again later
  }
  setTimeout(poll, Math.max(2, state.pollSeconds || 10) * 1000);
}

window.addEventListener('tabla-notice', (ev) => {
  const n = ev.detail || {};
  if (n.kind === 'shutdown') state.shutdown = { at: n.at, message: n.text };
  if (n.kind === 'broadcast' && !state.broadcasts.some((b) => b.id === n.id)) state.broadcasts.push({ id: n.id, text: n.text });
  render();
});

window.addEventListener('tabla-site', (ev) => {
  if (ev.detail && ev.detail.type === 'tournamentMatch') {
    match = ev.detail;
    render();
  } else if (ev.detail && ev.detail.type === 'invited') {
    invited(ev.detail);
  } else if (ev.detail && ev.detail.type === 'myGames' && match && String(ev.detail.gameId) === String(match.gameId)) {
    dropIfOver(match);
  }
});

/**
 * Someone invites me: the notice says who and to what (the seek's rules, read from the open seeks) on whatever page
 * I am, with Accept (to the new board) and Decline. An invitation gone before it is read is not shown.
 */
async function invited(m) {
  try {
    const open = await api.seeks(100);
    const seek = (open.seeks || []).find((s) => s.id === m.seekId);
    if (!seek || invites.some((i) => i.seek.id === seek.id)) return;
    invites = [...invites, { seek, by: m.by, error: '' }].slice(-MAX_INVITES);
    render();
  } catch (e) {
    // the server is away: the lobby's list still has the invitation
  }
}

function forget(inv) {
  invites = invites.filter((i) => i !== inv);
  render();
}

async function answer(inv, accept) {
  try {
    if (accept) {
      const r = await api.acceptSeek(inv.seek.id);
      forget(inv);
      location.href = '/#/game/' + encodeURIComponent(r.gameId);
    } else {
      await api.declineSeek(inv.seek.id);
      forget(inv);
    }
  } catch (e) {
    inv.error = e.message;
    render();
  }
}

/**
 * The board of my match changed hands ("my games" from the site socket): when that match is over (and with it, maybe,
 * the tournament) its notice goes. The game's own status is asked, not my tournaments: the tournament hears of the
 * result only after the players are told.
 */
async function dropIfOver(m) {
  try {
    const res = await fetch('/api/games/' + encodeURIComponent(m.gameId), { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok || (await res.json()).status !== 'finished' || match !== m) return;
    match = null;
    render();
  } catch (e) {
    // the server is away: the notice stays, as it would have
  }
}
window.addEventListener('hashchange', () => render());

let foot = null;
// whether the signed-in user is a moderator or admin: only they are shown the way to the moderation page
let staff = false;
let sessionSeen = false; // the single-page app said who signed in (or out): that answer is newer than the page's own

function footer() {
  return h('footer', { class: 'site-footer', 'data-test': 'site-footer' },
    h('a', { href: '/account.html', 'data-test': 'link-account' }, t('account.title')), ' · ',
    h('a', { href: '/tournament.html', 'data-test': 'link-tournaments' }, t('tour.title')), ' · ',
    h('a', { href: '/records.html', 'data-test': 'link-records' }, t('rec.title')), ' · ',
    staff ? [h('a', { href: '/admin.html', 'data-test': 'link-admin' }, t('admin.title')), ' · '] : null,
    h('span', {}, t('notice.freeSoftware')));
}

function redrawFooter() {
  const next = footer();
  foot.replaceWith(next);
  foot = next;
}

function setStaff(yes) {
  if (yes === staff) return;
  staff = yes;
  if (foot) redrawFooter();
}

/** Who is signed in, asked once when the page opens (every page has this footer; not all of them ask otherwise). */
async function askStaff() {
  try {
    const res = await fetch('/api/session', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    const me = res.ok ? await res.json() : null;
    if (me && !sessionSeen) setStaff(me.staff === true);
  } catch (e) {
    // the server is away: the footer stays without the moderation link
  }
}

// signing in and out on the single-page app (pages/app.js) changes who reads the footer, without a reload
onSession((u) => {
  sessionSeen = true;
  setStaff(!!u && u.staff === true);
});

function start() {
  bar.hidden = true;
  document.body.prepend(bar);
  foot = footer();
  document.body.append(foot);
  askStaff();
  window.addEventListener('tabla-lang', () => {
    redrawFooter();
    render();
  });
  countdown = setInterval(() => { if (state.shutdown) render(); }, 1000);
  poll();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
