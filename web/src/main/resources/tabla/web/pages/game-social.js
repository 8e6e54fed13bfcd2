// The people around a board: the players' chat, the spectators' chat (players read it once the game is over),
// how many watch, the rematch at the end, and the "your turn" alert. Fed by the game socket's chat messages, the
// site socket's rematch messages and the page's snapshots.

import { currentUser } from '../net/api.js';
import { h, put } from '../ui/dom.js';
import { t, tn } from '../i18n/i18n.js';
import { chatPath, meetApi } from '../net/meet-api.js';
import { ChatPanel } from '../ui/chat.js';
import { TurnAlert, alertNow, alertSwitches } from '../ui/alerts.js';
import { ratingText } from './ratings.js';
import { variantLabel } from '../board/game-text.js';

const RATINGS_AGAIN_MS = 3000;

export class GameSocial {
  constructor(gameId) {
    this.gameId = gameId;
    this.el = h('div', { class: 'social' });
    this.countEl = h('span', { class: 'watching', 'data-test': 'spectator-count', hidden: true });
    this.rematchEl = h('div', { class: 'rematch', 'data-test': 'rematch-box', hidden: true });
    this.ratingsEl = h('p', { class: 'hint', 'data-test': 'board-ratings' });
    this.tourEl = h('p', { class: 'tournament-of', hidden: true });
    this.switches = alertSwitches();
    this.panels = null;
    this.pending = []; // socket messages that came before the first snapshot told the seat
    this.finished = false;
    this.turn = new TurnAlert();
    this.onSite = (e) => this.siteMessage(e.detail);
    window.addEventListener('tabla-site', this.onSite);
  }

  stop() {
    window.removeEventListener('tabla-site', this.onSite);
    clearTimeout(this.ratingsTimer);
    this.turn.stop();
  }

  /** Each snapshot: the first builds the panels for this viewer's seat; the end of the game opens the spectators' chat to the players. */
  update(s) {
    const player = s.you !== null && s.you !== undefined;
    const over = s.status === 'finished';
    this.turn.update(s);
    if (!this.panels) {
      this.panels = {};
      if (player) this.panels.players = this.panel('players', true);
      if (!player || over) this.panels.spectators = this.panel('spectators', !player);
      put(this.el, this.tourEl, this.rematchEl, this.ratingsEl, Object.values(this.panels).map((p) => p.el));
      this.loadRatings();
      // a tournament's match says whose, and offers no rematch (the tournament pairs the next match)
      meetApi.rematch(this.gameId).then((r) => {
        if (!r.tournament) return;
        this.tournament = r.tournament;
        this.rematchEl.hidden = true;
        put(this.tourEl, h('a', { href: '/tournament.html?id=' + encodeURIComponent(r.tournament.id), 'data-test': 'board-tournament' },
          t('tour.onBoard', { name: r.tournament.name })));
        this.tourEl.hidden = false;
      }, () => {});
      this.pending.forEach((m) => this.receive(m));
      this.pending = [];
    } else if (player && over && !this.finished && !this.panels.spectators) {
      this.panels.spectators = this.panel('spectators', false);
      this.el.append(this.panels.spectators.el);
      this.panels.spectators.load();
    }
    if (over && this.wasPlaying && !this.finished) {
      // the match ended while the page watched: the ratings it changed, now and once more when the server has surely
      // applied them (it does so just after the last action is stored)
      this.loadRatings();
      clearTimeout(this.ratingsTimer);
      this.ratingsTimer = setTimeout(() => this.loadRatings(), RATINGS_AGAIN_MS);
    }
    if (player && over && !this.finished && !(s.players || []).some((p) => p.bot)) {
      meetApi.rematch(this.gameId).then((r) => this.showRematch(r), () => {});
    }
    this.finished = over;
    this.wasPlaying = this.wasPlaying || !over;
  }

  /** The board's rating line: each player's rating in the game's variant. */
  loadRatings() {
    meetApi.gameRatings(this.gameId).then((r) => put(this.ratingsEl, t('ratings.onBoard', { variant: variantLabel(r.variant) }), ' ',
      r.seats.filter((x) => x.name).map((x, i) => [i ? ' · ' : '', h('bdi', {}, x.name), ' ', ratingText(x.rating)])), () => {});
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

  siteMessage(m) {
    if (m.type !== 'rematch' || String(m.gameId) !== String(this.gameId)) return;
    if (m.offeredBy && !m.newGameId && !this.mine(m.offeredBy)) alertNow(t('rematch.offered', { name: m.offeredBy }));
    this.showRematch(m);
  }

  mine(name) {
    const me = currentUser();
    return !!me && me.name === name;
  }

  /** The rematch box: offer, accept (one click), or waiting; a started rematch takes both players to it. */
  showRematch(r) {
    if (r.tournament || this.tournament) return;
    this.rematchEl.hidden = false;
    if (r.newGameId) {
      location.hash = '#/game/' + encodeURIComponent(r.newGameId);
      return;
    }
    const act = (fn) => fn(this.gameId).then((x) => this.showRematch(x), (e) => put(this.rematchEl, h('span', { class: 'error' }, e.message)));
    if (!r.offeredBy) {
      put(this.rematchEl, h('button', { type: 'button', class: 'primary', 'data-test': 'rematch', onclick: () => act(meetApi.offerRematch) }, t('rematch.offer')));
    } else if (this.mine(r.offeredBy)) {
      put(this.rematchEl, h('span', { 'data-test': 'rematch-waiting' }, t('rematch.waiting')), ' ',
        h('button', { type: 'button', class: 'quiet', onclick: () => act(meetApi.declineRematch) }, t('rematch.withdraw')));
    } else {
      put(this.rematchEl, h('span', {}, t('rematch.offered', { name: r.offeredBy })), ' ',
        h('button', { type: 'button', class: 'primary', 'data-test': 'rematch-accept', onclick: () => act(meetApi.offerRematch) }, t('rematch.accept')), ' ',
        h('button', { type: 'button', class: 'quiet', 'data-test': 'rematch-decline', onclick: () => act(meetApi.declineRematch) }, t('rematch.decline')));
    }
  }
}
