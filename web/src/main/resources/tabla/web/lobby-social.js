// The lobby's people: the lobby chat, over the lobby's socket (/ws/lobby).

import { h } from './dom.js';
import { t } from './i18n.js';
import { chatPath } from './meet-api.js';
import { ChatPanel } from './chat.js';
import { GameSocket } from './ws.js';

/** The lobby's social cards; stop() closes the socket when the page goes. */
export function lobbySocial() {
  const chat = new ChatPanel({ side: 'lobby', path: chatPath(null, 'lobby'), canWrite: true, title: t('chat.lobby') });
  const socket = new GameSocket(null, { path: '/ws/lobby', onOther: (m) => chat.receive(m) }).start();
  return {
    el: h('section', { class: 'card lobby-chat' }, chat.el),
    stop: () => socket.stop(),
  };
}
