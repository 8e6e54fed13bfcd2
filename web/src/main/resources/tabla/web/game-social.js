// The people around a board: the players' chat, the spectators' chat (players read it once the game is over),
// and how many watch. Fed by the game socket's chat messages and the page's snapshots.

import { h, put } from './dom.js';
import { t, tn } from './i18n.js';
import { chatPath } from './meet-api.js';
import { ChatPanel } from './chat.js';

export class GameSocial {
  constructor(gameId) {
    this.gameId = gameId;
    this.el = h('div', { class: 'social' });
    this.countEl = h('span', { class: 'watching', 'data-test': 'spectator-count', hidden: true });
    this.panels = null;
    this.pending = []; // socket messages that came before the first snapshot told the seat
    this.finished = false;
  }

  /** Each snapshot: the first builds the panels for this viewer's seat; the end of the game opens the spectators' chat to the players. */
  update(s) {
    const player = s.you !== null && s.you !== undefined;
    const over = s.status === 'finished';
    if (!this.panels) {
      this.panels = {};
      if (player) this.panels.players = this.panel('players', true);
      if (!player || over) this.panels.spectators = this.panel('spectators', !player);
      put(this.el, Object.values(this.panels).map((p) => p.el));
      this.pending.forEach((m) => this.receive(m));
      this.pending = [];
    } else if (player && over && !this.finished && !this.panels.spectators) {
      this.panels.spectators = this.panel('spectators', false);
      this.el.append(this.panels.spectators.el);
      this.panels.spectators.load();
    }
    this.finished = over;
  }

  panel(side, canWrite) {
    return new ChatPanel({ side, path: chatPath(this.gameId, side), canWrite,
      title: t(side === 'players' ? 'chat.players' : 'chat.spectators'),
      note: side === 'spectators' && !canWrite ? t('chat.afterGame') : null });
  }

  /** A socket message other than the game's own: chat, or the spectator count. */
  receive(msg) {
    if (msg.type === 'spectators') {
      this.countEl.textContent = tn('game.watching', msg.count);
      this.countEl.hidden = msg.count === 0;
      return;
    }
    if (!this.panels) {
      this.pending.push(msg);
      return;
    }
    Object.values(this.panels).forEach((p) => p.receive(msg));
  }
}
