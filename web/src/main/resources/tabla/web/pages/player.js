// #/player/NAME: rating, titles, results by colour (as BrainKing shows them) and finished games.

import { api } from '../net/api.js';
import { h, put, fmtPercent } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { playerName, variantLabel } from '../board/game-text.js';
import { playerRatings } from './ratings.js';
import { playerTitles } from './tournament-links.js';

/** How a match ended, as the history says it (docs/api.md: the history's "ending"). */
const ENDINGS = { time: 'result.onTime', resignation: 'result.byResignation', drop: 'result.byDrop', points: 'result.onPoints' };

export function playerPage(root, name) {
  put(root, h('p', {}, t('common.loading')));
  api.player(name).then((d) => show(root, d), (e) => {
    put(root, h('div', { class: 'error', 'data-test': 'error' }, e.message));
  });
}

function show(root, d) {
  const u = d.user || {};
  const st = d.stats || {};
  const w = st.white || { wins: 0, losses: 0 };
  const b = st.black || { wins: 0, losses: 0 };
  const draws = Number(st.draws || 0);
  const total = w.wins + w.losses + b.wins + b.losses + draws;
  const row = (label, cls, c) => {
    const games = c.wins + c.losses;
    return h('tr', { 'data-test': 'stats-' + cls },
      h('th', {}, h('span', { class: 'dot ' + cls }), ' ', label),
      h('td', {}, games), h('td', {}, c.wins), h('td', {}, c.losses), h('td', {}, fmtPercent(c.wins, games)));
  };
  const history = d.history || [];
  put(root, 
    h('div', { class: 'player-page' },
      h('h2', { 'data-test': 'player-name' }, u.name, u.guest ? h('span', { class: 'tag' }, t('player.guest')) : null),
      h('p', {}, t('player.rating'), ': ', h('b', { 'data-test': 'rating' }, u.rating !== undefined ? Math.round(u.rating) : '–')),
      playerRatings(u.name),
      playerTitles(u.name),
      (d.byVariant || []).length ? h('section', { class: 'card' },
        h('h3', {}, t('player.byVariant')),
        h('table', { class: 'stats', 'data-test': 'player-by-variant' },
          h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, t('colour.white')), h('th', {}, t('colour.black')))),
          h('tbody', {}, d.byVariant.map((v) => h('tr', { 'data-variant': v.variant },
            h('th', {}, variantLabel(v.variant)),
            h('td', {}, `${v.whiteWins} : ${v.whiteLosses}`),
            h('td', {}, `${v.blackWins} : ${v.blackLosses}`)))))) : null,
      h('section', { class: 'card' },
        h('h3', {}, t('player.byColour')),
        h('table', { class: 'stats', 'data-test': 'player-stats' },
          h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, t('player.games')), h('th', {}, t('player.wins')), h('th', {}, t('player.losses')), h('th', {}, t('player.winShare')))),
          h('tbody', {},
            row(t('colour.white'), 'white', w),
            row(t('colour.black'), 'black', b),
            h('tr', { 'data-test': 'stats-draws' }, h('th', {}, t('player.draws')), h('td', {}, draws), h('td', { colspan: 3 }, fmtPercent(draws, total))))),
        h('p', { class: 'muted' }, t('player.totals', {
          white: `${w.wins} (${fmtPercent(w.wins, total)})`,
          black: `${b.wins} (${fmtPercent(b.wins, total)})`,
          draws: `${draws} (${fmtPercent(draws, total)})`,
        }))),
      h('section', { class: 'card' },
        h('h3', {}, t('player.history')),
        history.length
          ? h('table', { class: 'history-table', 'data-test': 'player-history' },
            h('thead', {}, h('tr', {}, h('th', {}, t('player.opponent')), h('th', {}, t('player.colour')), h('th', {}, t('player.result')), h('th', {}, t('player.score')), h('th', {}, t('player.ratingChange')), h('th', {}, ''))),
            h('tbody', {}, history.map((g) => h('tr', { class: g.result },
              h('td', {}, g.opponentBot ? playerName({ bot: g.opponentBot }) : g.opponent ? h('a', { href: '#/player/' + encodeURIComponent(g.opponent) }, g.opponent) : '?'),
              h('td', {}, h('span', { class: 'dot ' + (g.colour === 'black' ? 'black' : 'white') }), ' ', t('colour.' + (g.colour === 'black' ? 'black' : 'white'))),
              h('td', { 'data-test': 'player-result' }, t('result.' + (g.result || 'draw')) + (ENDINGS[g.ending] ? ' ' + t(ENDINGS[g.ending]) : '')),
              h('td', {}, Array.isArray(g.score) ? g.score.join(' : ') : ''),
              h('td', {}, typeof g.ratingChange === 'number' ? (g.ratingChange > 0 ? '+' : '') + g.ratingChange.toFixed(1) : ''),
              h('td', {}, g.gameId !== undefined ? h('a', { href: '#/replay/' + encodeURIComponent(g.gameId) }, t('nav.replay')) : '')))))
          : h('p', { class: 'muted' }, t('player.noGames')))));
}
