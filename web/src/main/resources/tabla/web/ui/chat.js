// A chat panel: the channel's latest messages (author and text always as text nodes, never markup), a line to
// write in, Mute beside each other author's name, and Delete for moderators. Messages arrive over a socket
// (the page passes them to receive()); sending is a POST, like every action.

import { currentUser } from '../net/api.js';
import { h, put } from './dom.js';
import { t } from '../i18n/i18n.js';
import { meetApi } from '../net/meet-api.js';

/** The longest message the server takes (ChatText.MAX_CHARS); the field stops there too. */
const MAX_CHARS = 300;
/** Messages kept on the page per panel (the server sends the last 50 on open). */
const KEEP = 200;

export class ChatPanel {
  /** side: 'lobby' | 'players' | 'spectators'; path: its HTTP path; canWrite: whether this user may write. */
  constructor({ side, path, title, canWrite, note }) {
    this.side = side;
    this.path = path;
    this.messages = [];
    this.muted = new Set();
    this.staff = false;
    this.list = h('ol', { class: 'chat-list', 'data-test': 'chat-list-' + side, 'aria-live': 'polite' });
    this.error = h('div', { class: 'error', 'data-test': 'chat-error-' + side, hidden: true });
    this.input = h('input', { type: 'text', maxlength: MAX_CHARS, 'data-test': 'chat-input-' + side,
      placeholder: t('chat.placeholder'), 'aria-label': title, onkeydown: (e) => { if (e.key === 'Enter') this.send(); } });
    const me = currentUser();
    const writer = canWrite && me && !me.guest
      ? h('div', { class: 'chat-write' }, this.input,
        h('button', { type: 'button', 'data-test': 'chat-send-' + side, onclick: () => this.send() }, t('chat.send')))
      : h('p', { class: 'hint' }, note || (me && !me.guest ? t('chat.readOnly') : t('chat.guest')));
    this.el = h('section', { class: 'chat', 'data-test': 'chat-' + side }, h('h3', {}, title), this.list, this.error, writer);
    if (me && !me.guest) {
      meetApi.mutes().then((r) => {
        this.muted = new Set(r.mutes || []);
        this.staff = !!r.staff;
        this.render();
      }, () => {});
    }
    this.render();
  }

  /** A socket message for this panel: 'chatHistory', 'chat' or 'chatDeleted' (others are not for it). */
  receive(msg) {
    if (msg.type === 'chatHistory' && msg.channel === this.side) this.messages = msg.messages || [];
    else if (msg.type === 'chat' && msg.message && msg.message.channel === this.side) {
      if (this.messages.some((m) => m.id === msg.message.id)) return;
      this.messages = this.messages.concat([msg.message]).slice(-KEEP);
    } else if (msg.type === 'chatDeleted' && msg.channel === this.side) {
      this.messages = this.messages.filter((m) => m.id !== msg.id);
    } else return;
    this.render();
  }

  /** Reads the history over HTTP (for a channel that became readable, e.g. the spectators' after the game). */
  async load() {
    try {
      const r = await meetApi.chatHistory(this.path);
      this.receive({ type: 'chatHistory', channel: this.side, messages: r.messages });
    } catch (e) {
      this.showError(e.message);
    }
  }

  async send() {
    const text = this.input.value.trim();
    if (!text) return;
    try {
      const r = await meetApi.say(this.path, text);
      this.input.value = '';
      this.error.hidden = true;
      this.receive({ type: 'chat', message: r.message });
    } catch (e) {
      this.showError(e.message); // the server's reason: too long, too fast, muted …
    }
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
  }

  async mute(name, on) {
    try {
      const r = on ? await meetApi.mute(name) : await meetApi.unmute(name);
      this.muted = new Set(r.mutes || []);
      if (!on) await this.load(); // the unmuted author's messages come back
      this.render();
    } catch (e) {
      this.showError(e.message);
    }
  }

  async remove(id) {
    try {
      await meetApi.deleteMessage(id);
      this.receive({ type: 'chatDeleted', channel: this.side, id });
    } catch (e) {
      this.showError(e.message);
    }
  }

  render() {
    const me = currentUser();
    const mine = (m) => me && m.author === me.name;
    const shown = this.messages.filter((m) => !this.muted.has(m.author));
    put(this.list, shown.length === 0 ? h('li', { class: 'hint' }, t('chat.empty')) : shown.map((m) =>
      h('li', { 'data-test': 'chat-message', 'data-id': m.id, title: new Date(m.at).toLocaleString() },
        h('bdi', { class: 'chat-author', 'data-test': 'chat-author' }, m.author), ': ',
        h('bdi', { class: 'chat-text', 'data-test': 'chat-text' }, m.text),
        me && !me.guest && !mine(m)
          ? h('button', { type: 'button', class: 'link', 'data-test': 'chat-mute', title: t('chat.mute'),
            onclick: () => this.mute(m.author, true) }, t('chat.mute')) : null,
        this.staff ? h('button', { type: 'button', class: 'link', 'data-test': 'chat-delete',
          onclick: () => this.remove(m.id) }, t('chat.delete')) : null)),
    this.muted.size > 0 ? h('li', { class: 'hint', 'data-test': 'chat-muted' }, t('chat.muted'), ' ',
      [...this.muted].map((n) => h('button', { type: 'button', class: 'link', 'data-test': 'chat-unmute',
        title: t('chat.unmute'), onclick: () => this.mute(n, false) }, n))) : null);
    this.list.scrollTop = this.list.scrollHeight;
  }
}
