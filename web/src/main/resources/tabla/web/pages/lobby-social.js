// The lobby's people: the lobby chat (its messages come over the site socket, site-socket.js), the live games to
// watch, and who is online, with an invitation button for each.

import { api, currentUser } from '../net/api.js';
import { h, put, changed } from '../ui/dom.js';
import { t, tn } from '../i18n/i18n.js';
import { chatPath, meetApi } from '../net/meet-api.js';
import { ChatPanel } from '../ui/chat.js';
import { variantLabel } from '../board/game-text.js';
import { ratingText } from './ratings.js';

/**
 * The lobby's social cards. invite(name) asks the invitation's rules and makes it (lobby.js); refresh() is called
 * with the lobby's own refresh; stop() when the page goes.
 */
export function lobbySocial(invite) {
  const chat = new ChatPanel({ side: 'lobby', path: chatPath(null, 'lobby'), canWrite: true, title: t('chat.lobby') });
  const onSite = (e) => chat.receive(e.detail);
  window.addEventListener('tabla-site', onSite);
  chat.load();
  const live = h('div', { 'data-test': 'live-games' });
  const online = h('div', { 'data-test': 'online' });
  const me = currentUser();
  // the online list's ratings are those of the variant picked here (the server's default is backgammon)
  const ratedIn = h('select', { 'data-test': 'online-variant', 'aria-label': t('online.ratingIn') },
    h('option', { value: 'backgammon' }, variantLabel('backgammon')));
  api.variants().then((d) => put(ratedIn, (d.variants || []).map((v) =>
    h('option', { value: v.name, selected: v.name === ratedIn.value }, variantLabel(v.name)))), () => {});

  const refresh = async () => {
    try {
      const [l, o] = await Promise.all([meetApi.live(), meetApi.online(ratedIn.value)]);
      // drawn anew only when they changed (dom.js changed): the Watch links and Invite buttons keep the focus
      if (changed(live, l)) showLive(l);
      if (changed(online, o.players || [])) showOnline(o.players || []);
    } catch (e) {
      /* the lobby's own refresh says what went wrong */
    }
  };

  function showLive(l) {
    const row = (g, finished) => h('tr', { 'data-test': finished ? 'finished-game' : 'live-game', 'data-game-id': g.id },
      h('td', {}, g.players.map((p, i) => [i ? ' – ' : '', h('bdi', {}, p.name), ' ', h('span', { class: 'hint' }, '(' + ratingText(p) + ')')])),
      h('td', {}, variantLabel(g.variant)),
      h('td', {}, g.score.join(':'), ' ', g.matchLength ? t('live.to', { n: g.matchLength }) : t('live.money')),
      h('td', {}, finished ? '' : tn('game.watching', g.spectators)),
      h('td', {}, finished
        ? h('a', { href: '#/replay/' + g.id, 'data-test': 'replay-game' }, t('live.replay'))
        : h('a', { href: '#/game/' + g.id, 'data-test': 'watch-game' }, t('live.watch'))));
    put(live,
      l.games.length ? h('table', { class: 'list' }, l.games.map((g) => row(g, false))) : h('p', { class: 'hint' }, t('live.none')),
      l.finished && l.finished.length ? [h('h3', {}, t('live.finished')), h('table', { class: 'list' }, l.finished.map((g) => row(g, true)))] : null);
  }

  function showOnline(players) {
    put(online, players.length === 0 ? h('p', { class: 'hint' }, t('online.none')) : h('table', { class: 'list' }, players.map((p) =>
      h('tr', { 'data-test': 'online-player', 'data-name': p.name, 'data-state': p.state },
        h('td', {}, h('a', { href: '#/player/' + encodeURIComponent(p.name) }, h('bdi', {}, p.name))),
        h('td', { class: 'hint', 'data-test': 'online-rating' }, ratingText(p.rating)),
        h('td', { 'data-test': 'online-state' }, t('online.' + p.state)),
        h('td', {}, me && !me.guest && p.name !== me.name
          ? h('button', { type: 'button', class: 'quiet', 'data-test': 'online-invite', onclick: () => invite(p.name) }, t('online.invite'))
          : null)))));
  }

  ratedIn.addEventListener('change', refresh);

  return {
    chat: h('section', { class: 'card lobby-chat' }, chat.el),
    live: h('section', { class: 'card' }, h('h2', {}, t('live.title')), live),
    online: h('section', { class: 'card' }, h('h2', {}, t('online.title')),
      h('label', { class: 'hint online-pick' }, t('online.ratingIn'), ratedIn), online),
    refresh,
    stop: () => window.removeEventListener('tabla-site', onSite),
  };
}
