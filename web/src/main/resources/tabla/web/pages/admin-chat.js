// The moderation page's chat part: the latest messages (all, or one author's), delete one, mute or unmute an
// author in every chat. Messages are shown as text, deleted ones struck through with who deleted them.
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { call } from '../net/ops-api.js';

export function chatSection(status) {
  const name = h('input', { type: 'text', 'data-test': 'chat-author-filter', 'aria-label': t('mod.chatAuthor'), placeholder: t('mod.chatAuthor') });
  const reason = h('input', { type: 'text', 'data-test': 'chat-mute-reason', 'aria-label': t('mod.reason'), placeholder: t('mod.reason'), maxlength: '500' });
  const list = h('tbody', {});
  const msg = h('p', { 'data-test': 'chat-mod-status' });
  const load = () => call('GET', '/api/admin/chat' + (name.value.trim() ? '?name=' + encodeURIComponent(name.value.trim()) : ''))
    .then((r) => put(list, r.messages.map(row)), (e) => put(msg, e.message));
  const row = (s) => h('tr', { 'data-test': 'chat-mod-row', class: s.deleted ? 'deleted' : '' },
    h('td', {}, new Date(s.message.at).toLocaleString()),
    h('td', {}, s.channelKey),
    h('td', {}, h('bdi', {}, s.message.author)),
    h('td', {}, s.deleted ? h('s', {}, h('bdi', {}, s.message.text)) : h('bdi', { 'data-test': 'chat-mod-text' }, s.message.text),
      s.deleted ? ' ' + t('mod.deletedBy', { name: s.deletedBy || t('mod.localAdmin') }) : null),
    h('td', {}, s.deleted ? null : h('button', { type: 'button', 'data-test': 'chat-mod-delete',
      onclick: () => status(msg, call('POST', '/api/admin/chat/delete', { id: s.message.id }), () => t('mod.deleted')).then(load) }, t('chat.delete'))));
  const who = () => name.value.trim();
  name.addEventListener('change', load);
  load();
  return h('section', { 'data-test': 'chat-moderation' }, h('h2', {}, t('mod.chat')),
    h('div', { class: 'row' }, name,
      h('button', { type: 'button', onclick: load }, t('mod.show')),
      reason,
      h('button', { type: 'button', 'data-test': 'chat-mod-mute',
        onclick: () => status(msg, call('POST', '/api/admin/chat/mute', { name: who(), reason: reason.value }), (r) => t('mod.mutedUser', { name: r.muted })) }, t('mod.mute')),
      h('button', { type: 'button', 'data-test': 'chat-mod-unmute',
        onclick: () => status(msg, call('POST', '/api/admin/chat/unmute', { name: who() }), (r) => t('mod.unmutedUser', { name: r.unmuted })) }, t('mod.unmute'))),
    h('table', {}, list), msg);
}
