// Tournaments on other pages: "my tournaments" in the lobby (each with my match that is on: who I play, its board), and a
// player's titles (the tournaments won) on the player page. Both fill in when the server answers.
import { api } from '../net/api.js';
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { opponentName } from './tournament-names.js';

/** A tournament's name as shown: a consolation bracket has its main tournament's name, and says what it is. */
export function tourName(x) {
  return x.parentId ? t('tour.consolationName', { name: x.name }) : x.name;
}

/** The lobby's card: read now, and again when my next match starts (the site socket says so). */
export function myTournaments() {
  const box = h('div', { 'data-test': 'my-tournaments' });
  const read = () => api.myTournaments().then((d) => put(box, (d.tournaments || []).length === 0
    ? h('p', { class: 'muted' }, t('lobby.noTournaments'), ' ', h('a', { href: '/tournament.html' }, t('tour.all')))
    : h('table', { class: 'list' }, h('tbody', {}, d.tournaments.map((m) => h('tr', { 'data-test': 'my-tournament' },
      h('td', {}, h('a', { href: '/tournament.html?id=' + m.id }, tourName(m))),
      h('td', {}, t('tour.format.' + m.format)),
      h('td', { 'data-test': 'my-tournament-state' }, m.won ? '★ ' + t('tour.won')
        : m.gameId !== null ? t('tour.yourMatch', { opponent: opponentName(m) }) : t('tour.status.' + m.status)),
      h('td', { class: 'actions' }, m.gameId === null ? ''
        : h('a', { href: '#/game/' + m.gameId, class: 'primary', 'data-test': 'my-tournament-board' }, t('tour.toBoard')))))))),
  () => put(box, ''));
  const onSite = (ev) => { if (ev.detail && ev.detail.type === 'tournamentMatch') read(); };
  window.addEventListener('tabla-site', onSite);
  read();
  return { el: h('section', { class: 'card' }, h('h2', {}, t('lobby.myTournaments')), box),
    stop: () => window.removeEventListener('tabla-site', onSite) };
}

/** The player page's titles: nothing until the player won a tournament. */
export function playerTitles(name) {
  const box = h('div', { 'data-test': 'player-titles' });
  api.titles(name).then((d) => {
    if ((d.titles || []).length === 0) return;
    put(box, h('section', { class: 'card' }, h('h3', {}, t('player.titles')),
      h('ul', {}, d.titles.map((title) => h('li', { 'data-test': 'player-title' }, '★ ',
        h('a', { href: '/tournament.html?id=' + title.id }, title.parentId ? t('tour.winnerOfConsolation', { name: title.name }) : t('tour.winnerOf', { name: title.name })))))));
  }, () => {});
  return box;
}
