// The site's header on the pages outside the single-page app (tournament.html): the same navigation and language
// choice as the app's header, with links that lead back into the app. A new language is kept (in this browser, and
// in the account when signed in) and the page is drawn again in it by a reload, which is all these pages need.

import { h, put } from './dom.js';
import { t, LANGS, getLang, setLang } from '../i18n/i18n.js';
import { call } from '../net/ops-api.js';

/** Fills {@code header} for {@code user} (null when nobody is signed in); {@code here} marks the current page's link. */
export function pageHeader(header, user, here) {
  const link = (href, test, label) => h('a', { href, 'data-test': test, 'aria-current': here === test ? 'page' : null }, label);
  const lang = h('select', { 'data-test': 'lang', 'aria-label': t('nav.language'), onchange: (e) => changeLang(e.target.value, user) },
    LANGS.map(([code, label]) => h('option', { value: code, selected: code === getLang() }, label)));
  put(header,
    h('a', { class: 'brand', href: '/#/lobby' }, h('span', { class: 'logo' }, '⚀'), ' Tabla'),
    h('nav', {},
      user ? link('/#/lobby', 'nav-lobby', t('nav.lobby')) : null,
      link('/#/ratings/backgammon', 'nav-ratings', t('nav.ratings')),
      link('/tournament.html', 'nav-tournaments', t('tour.title')),
      user && !user.guest ? link('/#/player/' + encodeURIComponent(user.name), 'nav-me', t('nav.myPage')) : null),
    h('div', { class: 'who' },
      user ? h('span', { class: 'user', 'data-test': 'user-name' }, user.name) : link('/#/login', 'nav-login', t('nav.login')),
      lang));
  document.documentElement.lang = getLang();
}

async function changeLang(code, user) {
  setLang(code);
  if (user && user.lang !== code) {
    try {
      await call('POST', '/api/me/lang', { lang: code });
    } catch (e) {
      /* the local setting still holds */
    }
  }
  location.reload();
}
