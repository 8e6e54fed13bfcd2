// The moderation page: find an account and ban or unban it, the message of the day, a broadcast; for
// admins also roles, password resets, invitation codes, backup, purge and a graceful shutdown.
import { h, put } from './dom.js';
import { session, call } from './ops-api.js';
import { chatSection } from './admin-chat.js';

const main = document.getElementById('main');
let me = null;

function status(el, promise, done) {
  put(el, '…');
  el.className = '';
  return promise.then((r) => { el.className = 'ok'; put(el, done(r)); return r; })
    .catch((e) => { el.className = 'err'; put(el, e.message); });
}

function usersSection() {
  const q = h('input', { type: 'text', placeholder: 'name starts with…', 'data-test': 'user-search', 'aria-label': 'Search accounts' });
  const list = h('tbody', {});
  const msg = h('p', { 'data-test': 'users-status' });
  const search = () => call('GET', '/api/admin/users?q=' + encodeURIComponent(q.value)).then((r) => put(list, r.users.map(row)))
    .catch((e) => put(msg, e.message));
  const row = (u) => {
    const reason = h('input', { type: 'text', placeholder: 'reason', 'data-test': 'ban-reason', 'aria-label': 'Reason' });
    const cells = [h('td', { 'data-test': 'user-name' }, u.name), h('td', {}, u.guest ? 'guest' : u.role),
      h('td', { class: u.banned ? 'banned' : '' }, u.banned ? 'banned' + (u.banReason ? ': ' + u.banReason : '') : '')];
    const actions = h('td', { class: 'row' });
    if (u.banned) {
      actions.append(h('button', { type: 'button', 'data-test': 'unban', onclick: () => status(msg, call('POST', '/api/admin/unban', { name: u.name }), () => `${u.name} unbanned`).then(search) }, 'Unban'));
    } else if (u.role !== 'admin') {
      actions.append(reason, h('button', { type: 'button', 'data-test': 'ban',
        onclick: () => status(msg, call('POST', '/api/admin/ban', { name: u.name, reason: reason.value }), () => `${u.name} banned`).then(search) }, 'Ban'));
    }
    if (me.role === 'admin' && !u.guest) {
      const role = h('select', { 'aria-label': 'Role', 'data-test': 'role' }, ['none', 'moderator', 'admin'].map((r) =>
        h('option', { value: r, selected: (u.role === 'player' ? 'none' : u.role) === r }, r)));
      actions.append(role, h('button', { type: 'button', onclick: () => status(msg, call('POST', '/api/admin/role', { name: u.name, role: role.value }), (r) => `${r.name} is now ${r.role}`).then(search) }, 'Set role'),
        h('button', { type: 'button', 'data-test': 'reset', onclick: () => status(msg, call('POST', '/api/admin/reset-password', { name: u.name }),
          (r) => [`New password for ${r.name} (shown once): `, h('span', { class: 'secret', 'data-test': 'new-password' }, r.password)]) }, 'Reset password'));
    }
    cells.push(actions);
    return h('tr', { 'data-test': 'user-row' }, cells);
  };
  q.addEventListener('input', search);
  search();
  return h('section', {}, h('h2', {}, 'Accounts'), q, h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'Name'), h('th', {}, 'Role'), h('th', {}, 'Status'), h('th', {}, ''))), list), msg);
}

function noticesSection() {
  const motd = h('textarea', { 'data-test': 'motd-text', 'aria-label': 'Message of the day', maxlength: '500' });
  const text = h('input', { type: 'text', 'data-test': 'broadcast-text', 'aria-label': 'Broadcast', maxlength: '500' });
  const msg = h('p', { 'data-test': 'notices-status' });
  call('GET', '/api/notices').then((n) => { motd.value = n.motd || ''; });
  return h('section', {}, h('h2', {}, 'Message of the day and broadcast'),
    h('label', {}, 'Shown atop every page until changed (empty: none)', motd),
    h('button', { type: 'button', 'data-test': 'motd-save', onclick: () => status(msg, call('POST', '/api/admin/motd', { text: motd.value }), (r) => r.motd ? 'Message of the day saved' : 'Message of the day removed') }, 'Save message of the day'),
    h('label', {}, 'Broadcast: shown now to everyone on the site', text),
    h('button', { type: 'button', 'data-test': 'broadcast-send', onclick: () => status(msg, call('POST', '/api/admin/broadcast', { text: text.value }), (r) => `Sent (${r.sockets} open sockets told at once, every page within seconds)`) }, 'Send broadcast'),
    msg);
}

function adminSection() {
  const msg = h('p', { 'data-test': 'admin-status' });
  const seconds = h('input', { type: 'text', value: '60', size: '4', 'aria-label': 'Seconds', 'data-test': 'shutdown-seconds' });
  const why = h('input', { type: 'text', value: 'The site restarts for maintenance.', 'aria-label': 'Message' });
  return h('section', {}, h('h2', {}, 'Site'),
    h('div', { class: 'row' },
      h('button', { type: 'button', 'data-test': 'invite', onclick: () => status(msg, call('POST', '/api/admin/invitations'), (r) => {
        const link = `${location.origin}/invite.html?code=${encodeURIComponent(r.code)}`;
        return ['Invitation (one account): ', h('span', { class: 'secret', 'data-test': 'invite-link' }, link)];
      }) }, 'Make an invitation'),
      h('button', { type: 'button', onclick: () => status(msg, call('POST', '/api/admin/backup', {}), (r) => `Backup written: ${r.file}`) }, 'Back up now'),
      h('button', { type: 'button', onclick: () => status(msg, call('POST', '/api/admin/purge'), (r) => `Purged ${r.sessions} expired sessions and ${r.guests} idle guests`) }, 'Purge now')),
    h('div', { class: 'row' }, 'Restart in', seconds, 's:', why,
      h('button', { type: 'button', 'data-test': 'shutdown', onclick: () => {
        if (!confirm('Stop the server? Players are told, games resume after the restart.')) return;
        status(msg, call('POST', '/api/admin/shutdown', { seconds: Number(seconds.value), message: why.value }), (r) => `The server stops at ${r.stopsAt}`);
      } }, 'Graceful shutdown')),
    msg);
}

async function start() {
  const user = await session();
  if (!user) {
    put(main, h('h1', {}, 'Moderation'), h('p', {}, 'Log in first: ', h('a', { href: '/#/login' }, 'log in'), '.'));
    return;
  }
  try {
    me = await call('GET', '/api/admin/me');
  } catch (e) {
    put(main, h('h1', {}, 'Moderation'), h('p', { class: 'err', 'data-test': 'not-staff' }, e.message));
    return;
  }
  put(main, h('h1', {}, 'Moderation'), h('p', {}, `Signed in as ${me.name} (${me.role}).`),
    usersSection(), noticesSection(), chatSection(status), me.role === 'admin' ? adminSection() : null);
}

start();
