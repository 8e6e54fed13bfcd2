// #/ratings/VARIANT: a variant's rating list, best first, a page at a time; "?" marks a provisional rating (fewer
// than five rated matches in the variant). Also the small rating pieces other pages show (player page, board).

import { api } from '../net/api.js';
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { meetApi } from '../net/meet-api.js';
import { variantLabel } from '../board/game-text.js';

/** A rating as a person reads it: rounded, with "?" while provisional. */
export function ratingText(r) {
  return Math.round(r.rating) + (r.provisional ? '?' : '');
}

export function ratingsPage(root, arg) {
  const [variant, pageText] = (arg || 'backgammon').split('/');
  const page = Math.max(0, Number(pageText) || 0);
  const pick = h('select', { 'data-test': 'ratings-variant', 'aria-label': t('ratings.variant'),
    onchange: (e) => { location.hash = '#/ratings/' + encodeURIComponent(e.target.value); } });
  const body = h('div', { 'data-test': 'ratings-list' }, t('common.loading'));
  put(root, h('div', { class: 'card ratings-page' }, h('h2', {}, t('ratings.title')), pick, body,
    h('p', { class: 'hint' }, t('ratings.formula'))));
  api.variants().then((d) => put(pick, (d.variants || []).map((v) =>
    h('option', { value: v.name, selected: v.name === variant }, variantLabel(v.name)))), () => {});
  meetApi.ratings(variant, page).then((r) => {
    const go = (p) => { location.hash = '#/ratings/' + encodeURIComponent(variant) + '/' + p; };
    put(body, r.players.length === 0 ? h('p', { class: 'hint' }, t('ratings.none')) : h('table', { class: 'list' },
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('ratings.player')), h('th', {}, t('player.rating')), h('th', {}, t('ratings.matches')))),
      h('tbody', {}, r.players.map((p) => h('tr', { 'data-test': 'ratings-row', 'data-name': p.name },
        h('td', {}, p.rank),
        h('td', {}, h('a', { href: '#/player/' + encodeURIComponent(p.name) }, h('bdi', {}, p.name))),
        h('td', { 'data-test': 'ratings-rating', title: p.provisional ? t('ratings.provisional') : '' }, ratingText(p)),
        h('td', {}, p.matches))))),
    h('div', { class: 'row' },
      page > 0 ? h('button', { type: 'button', 'data-test': 'ratings-prev', onclick: () => go(page - 1) }, t('ratings.prev')) : null,
      r.more ? h('button', { type: 'button', 'data-test': 'ratings-next', onclick: () => go(page + 1) }, t('ratings.next')) : null));
  }, (e) => put(body, h('div', { class: 'error' }, e.message)));
}

/** The player page's card: the player's rating in each variant they played rated. */
export function playerRatings(name) {
  const el = h('section', { class: 'card', 'data-test': 'player-ratings' }, h('h3', {}, t('ratings.perVariant')));
  meetApi.playerRatings(name).then((r) => {
    el.append(r.ratings.length === 0 ? h('p', { class: 'hint' }, t('ratings.noneYet')) : h('table', { class: 'list' },
      r.ratings.map((x) => h('tr', { 'data-test': 'player-rating', 'data-variant': x.variant },
        h('td', {}, h('a', { href: '#/ratings/' + encodeURIComponent(x.variant) }, variantLabel(x.variant))),
        h('td', { title: x.provisional ? t('ratings.provisional') : '' }, ratingText(x)),
        h('td', { class: 'hint' }, t('ratings.matchesN', { n: x.matches }))))));
  }, () => {});
  return el;
}
