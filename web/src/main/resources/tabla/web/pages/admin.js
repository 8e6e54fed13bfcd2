// The moderation page: find an account and ban or unban it, the message of the day, a broadcast; for
// admins also roles, password resets, invitation codes, backup, purge and a graceful shutdown.
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { session, call } from '../net/ops-api.js';
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
  const q = h('input', { type: 'text', placeholder: t('admin.searchHint'), 'data-test': 'user-search', 'aria-label': t('admin.search') });
  const list = h('tbody', {});
  const msg = h('p', { 'data-test': 'users-status' });
  // one request per keystroke: only the newest answer is shown (an older one may arrive after it)
  let asked = 0;
  const search = () => {
    const n = ++asked;
    return call('GET', '/api/admin/users?q=' + encodeURIComponent(q.value))
      .then((r) => { if (n === asked) put(list, r.users.map(row)); })
      .catch((e) => put(msg, e.message));
  };
  const row = (u) => {
    const reason = h('input', { type: 'text', placeholder: t('admin.reason'), 'data-test': 'ban-reason', 'aria-label': t('admin.reason') });
    const cells = [h('td', { 'data-test': 'user-name' }, u.name), h('td', {}, u.guest ? t('admin.guest') : t('admin.role.' + u.role)),
      h('td', { class: u.banned ? 'banned' : '' }, u.banned ? t('admin.banned') + (u.banReason ? ': ' + u.banReason : '') : '')];
    const actions = h('td', { class: 'row' });
    if (u.banned) {
      actions.append(h('button', { type: 'button', 'data-test': 'unban', onclick: () => status(msg, call('POST', '/api/admin/unban', { name: u.name }), () => t('admin.unbannedName', { name: u.name })).then(search) }, t('admin.unban')));
    } else if (u.role !== 'admin') {
      actions.append(reason, h('button', { type: 'button', 'data-test': 'ban',
        onclick: () => status(msg, call('POST', '/api/admin/ban', { name: u.name, reason: reason.value }), () => t('admin.bannedName', { name: u.name })).then(search) }, t('admin.ban')));
    }
    if (me.role === 'admin' && !u.guest) {
      const role = h('select', { 'aria-label': t('admin.roleLabel'), 'data-test': 'role' }, ['none', 'moderator', 'admin'].map((r) =>
        h('option', { value: r, selected: (u.role === 'player' ? 'none' : u.role) === r }, t('admin.role.' + (r === 'none' ? 'player' : r)))));
      actions.append(role, h('button', { type: 'button', onclick: () => status(msg, call('POST', '/api/admin/role', { name: u.name, role: role.value }), (r) => t('admin.roleSet', { name: r.name, role: t('admin.role.' + (r.role === 'none' ? 'player' : r.role)) })).then(search) }, t('admin.setRole')),
        h('button', { type: 'button', 'data-test': 'reset', onclick: () => status(msg, call('POST', '/api/admin/reset-password', { name: u.name }),
          (r) => [t('admin.newPassword', { name: r.name }), ' ', h('span', { class: 'secret', 'data-test': 'new-password' }, r.password)]) }, t('admin.resetPassword')));
    }
    cells.push(actions);
    return h('tr', { 'data-test': 'user-row' }, cells);
  };
  q.addEventListener('input', search);
  search();
  return h('section', {}, h('h2', {}, t('admin.accounts')), q, h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, t('admin.name')), h('th', {}, t('admin.roleLabel')), h('th', {}, t('admin.status')), h('th', {}, ''))), list), msg);
}

function noticesSection() {
  const motd = h('textarea', { 'data-test': 'motd-text', 'aria-label': t('admin.motd'), maxlength: '500' });
  const text = h('input', { type: 'text', 'data-test': 'broadcast-text', 'aria-label': t('admin.broadcast'), maxlength: '500' });
  const msg = h('p', { 'data-test': 'notices-status' });
  // the current message fills the box, unless the moderator already typed in it (the answer may come later: the
  // typed text was replaced, and saving it removed the message)
  let typed = false;
  motd.addEventListener('input', () => { typed = true; });
  call('GET', '/api/notices').then((n) => { if (!typed) motd.value = n.motd || ''; });
  return h('section', {}, h('h2', {}, t('admin.noticesTitle')),
    h('label', {}, t('admin.motdHint'), motd),
    h('button', { type: 'button', 'data-test': 'motd-save', onclick: () => status(msg, call('POST', '/api/admin/motd', { text: motd.value }), (r) => r.motd ? t('admin.motdSaved') : t('admin.motdRemoved')) }, t('admin.motdSave')),
    h('label', {}, t('admin.broadcastHint'), text),
    h('button', { type: 'button', 'data-test': 'broadcast-send', onclick: () => status(msg, call('POST', '/api/admin/broadcast', { text: text.value }), (r) => t('admin.broadcastSent', { n: r.sockets })) }, t('admin.broadcastSend')),
    msg);
}

function adminSection() {
  const msg = h('p', { 'data-test': 'admin-status' });
  const seconds = h('input', { type: 'text', value: '60', size: '4', 'aria-label': t('admin.seconds'), 'data-test': 'shutdown-seconds' });
  const why = h('input', { type: 'text', value: t('admin.shutdownText'), 'aria-label': t('admin.shutdownMessage') });
  return h('section', {}, h('h2', {}, t('admin.site')),
    h('div', { class: 'row' },
      h('button', { type: 'button', 'data-test': 'invite', onclick: () => status(msg, call('POST', '/api/admin/invitations'), (r) => {
        const link = `${location.origin}/invite.html?code=${encodeURIComponent(r.code)}`;
        return [t('admin.invitation'), ' ', h('span', { class: 'secret', 'data-test': 'invite-link' }, link)];
      }) }, t('admin.invite')),
      h('button', { type: 'button', onclick: () => status(msg, call('POST', '/api/admin/backup', {}), (r) => t('admin.backupDone', { file: r.file })) }, t('admin.backup')),
      h('button', { type: 'button', onclick: () => status(msg, call('POST', '/api/admin/purge'), (r) => t('admin.purged', { sessions: r.sessions, guests: r.guests })) }, t('admin.purge'))),
    h('div', { class: 'row' }, t('admin.restartIn'), seconds, t('admin.secondsShort'), why,
      h('button', { type: 'button', 'data-test': 'shutdown', onclick: () => {
        if (!confirm(t('admin.shutdownConfirm'))) return;
        status(msg, call('POST', '/api/admin/shutdown', { seconds: Number(seconds.value), message: why.value }), (r) => t('admin.stopsAt', { time: r.stopsAt }));
      } }, t('admin.shutdown'))),
    msg);
}

async function start() {
  const user = await session();
  if (!user) {
    put(main, h('h1', {}, t('admin.title')), h('p', {}, t('account.logInFirst'), ' ', h('a', { href: '/#/login' }, t('account.logIn'))));
    return;
  }
  try {
    me = await call('GET', '/api/admin/me');
  } catch (e) {
    put(main, h('h1', {}, t('admin.title')), h('p', { class: 'err', 'data-test': 'not-staff' }, e.message));
    return;
  }
  document.title = 'Tabla · ' + t('admin.title');
  put(main, h('h1', {}, t('admin.title')), h('p', {}, t('admin.signedIn', { name: me.name, role: t('admin.role.' + me.role) })),
    usersSection(), noticesSection(), chatSection(status), me.role === 'admin' ? adminSection() : null);
}

start();
