// The single-page shell: header (navigation, language), hash routes, session check.

import { api, currentUser, onSession } from '../net/api.js';
import { h, clear, put } from '../ui/dom.js';
import { t, LANGS, getLang, setLang, hasChosenLang } from '../i18n/i18n.js';
import { loginPage } from './login.js';
import { lobbyPage } from './lobby.js';
import { gamePage } from './game.js';
import { replayPage } from './replay.js';
import { diceCheckPage } from './dice-check.js';
import { playerPage } from './player.js';
import { ratingsPage } from './ratings.js';
import { startSiteSocket, stopSiteSocket } from '../net/site-socket.js';
import { turnBadge } from '../ui/turn-badge.js';

const header = document.getElementById('header');
const main = document.getElementById('main');
let unmount = null;

function renderHeader() {
  const u = currentUser();
  const lang = h('select', { 'data-test': 'lang', 'aria-label': t('nav.language'), onchange: (e) => changeLang(e.target.value) },
    LANGS.map(([code, label]) => h('option', { value: code, selected: code === getLang() }, label)));
  put(header, 
    h('a', { class: 'brand', href: '#/lobby' }, h('span', { class: 'logo' }, '⚀'), ' Tabla'),
    h('nav', {},
      u ? h('a', { href: '#/lobby', 'data-test': 'nav-lobby' }, t('nav.lobby')) : null,
      u && !u.guest ? turnBadge() : null,
      h('a', { href: '#/ratings/backgammon', 'data-test': 'nav-ratings' }, t('nav.ratings')),
      u && !u.guest ? h('a', { href: '#/player/' + encodeURIComponent(u.name), 'data-test': 'nav-me' }, t('nav.myPage')) : null),
    h('div', { class: 'who' },
      u ? h('span', { class: 'user', 'data-test': 'user-name' }, u.name) : null,
      u ? h('button', { type: 'button', class: 'quiet', 'data-test': 'logout', onclick: logout }, t('nav.logout'))
        : h('a', { href: '#/login', 'data-test': 'nav-login' }, t('nav.login')),
      lang));
  document.documentElement.lang = getLang();
  document.title = t('app.title');
}

/** The page stops polling before the session ends, so none of its reads meets a closed session. */
async function logout() {
  if (unmount) unmount();
  unmount = null;
  await api.logout();
  location.hash = '#/login';
}

/** The language picker: kept in this browser, and in the account when someone is signed in. */
function changeLang(code) {
  setLang(code);
  const u = currentUser();
  if (u && u.lang !== code) {
    u.lang = code;
    api.setLang(code).catch(() => { /* the local setting still holds */ });
  }
  route();
}

function route() {
  if (unmount) unmount();
  unmount = null;
  document.onkeydown = null;
  renderHeader();
  const parts = location.hash.replace(/^#\/?/, '').split('/');
  const [page, arg] = [parts[0], parts.slice(1).map(decodeURIComponent).join('/')];
  const user = currentUser();
  clear(main);
  // a game's pages without its id ("#/game/") would ask the API for the list of games as if it were one
  if (['game', 'replay', 'dice'].includes(page) && !arg) {
    location.hash = '#/lobby';
    return;
  }
  switch (page) {
    case 'login':
      return loginPage(main);
    case 'game':
      unmount = gamePage(main, arg);
      return;
    case 'replay':
      return replayPage(main, arg);
    case 'dice':
      return diceCheckPage(main, arg);
    case 'player':
      return playerPage(main, arg);
    case 'ratings':
      return ratingsPage(main, arg);
    case 'lobby':
    default:
      if (!user) {
        location.hash = '#/login';
        return;
      }
      unmount = lobbyPage(main);
  }
}

onSession((u) => {
  // a new session brings the account's language unless this browser chose one
  if (u && u.lang && !hasChosenLang()) setLang(u.lang, false);
  // the site socket belongs to the session: a new one reconnects with the new cookie
  stopSiteSocket();
  if (u) startSiteSocket(u);
});

window.addEventListener('hashchange', route);
api.me().catch(() => null).then(route);
