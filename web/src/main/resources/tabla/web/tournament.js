// Tournaments: tournament.html lists them; tournament.html?id=N shows one (entrants, each round's matches with links
// to their boards, the standings, the winner) and lets a member register or withdraw. The server pairs and ranks;
// this page only draws what GET /api/tournaments/{id} says, and reloads it every few seconds while it runs.
import { h, put } from './dom.js';
import { t, getLang } from './i18n.js';
import { call, session } from './ops-api.js';

const REFRESH_MS = 5000;
const main = document.getElementById('main');
const id = new URLSearchParams(location.search).get('id');
const me = await session();
document.documentElement.lang = getLang();
document.title = 'Tabla · ' + t('tour.title');

function when(ms) {
  return new Date(ms).toLocaleString(getLang());
}

const FORMATS = ['knockout', 'roundRobin', 'swiss'];
const LEVELS = ['random', 'beginner', 'intermediate', 'strong', 'expert'];

function select(test, values, label, selected) {
  return h('select', { 'data-test': test }, ...values.map((v) => h('option', { value: v, selected: v === selected }, label(v))));
}

/** A new tournament: always timed (the clock is what forfeits a player who does not show); a Swiss starts when full. */
function createForm() {
  const name = h('input', { type: 'text', maxlength: 60, required: true, 'data-test': 'tournament-new-name' });
  const format = select('tournament-new-format', FORMATS, (f) => t('tour.format.' + f), 'knockout');
  const length = select('tournament-new-length', ['1', '3', '5', '7'], (n) => n, '3');
  const clock = select('tournament-new-clock', ['blitz', 'standard', 'slow'], (c) => t('clock.' + c), 'standard');
  const max = h('input', { type: 'number', min: 2, max: 64, value: 8, 'data-test': 'tournament-new-max' });
  const rounds = h('input', { type: 'number', min: 1, max: 32, value: 3, 'data-test': 'tournament-new-rounds' });
  const msg = h('p', { class: 'err' });
  return h('section', {}, h('h2', {}, t('tour.create')), h('form', { onsubmit: async (e) => {
    e.preventDefault();
    const swiss = format.value === 'swiss';
    const body = { name: name.value, format: format.value, rules: { matchLength: Number(length.value) },
      clock: { preset: clock.value }, minPlayers: swiss ? Number(max.value) : 2, maxPlayers: Number(max.value) };
    if (swiss) body.rounds = Number(rounds.value);
    try {
      const made = await call('POST', '/api/tournaments', body);
      location.href = 'tournament.html?id=' + made.id;
    } catch (err) {
      put(msg, err.message);
    }
  } }, h('label', {}, t('tour.name'), name), h('label', {}, t('tour.format'), format),
  h('label', {}, t('lobby.matchLength'), length), h('label', {}, t('lobby.clock'), clock),
  h('label', {}, t('tour.maxPlayers'), max), h('label', {}, t('tour.rounds'), rounds),
  h('button', { type: 'submit', 'data-test': 'tournament-create' }, t('tour.create'))), msg);
}

async function showList() {
  const page = await call('GET', '/api/tournaments');
  const rows = page.tournaments.map((s) => h('tr', { 'data-test': 'tournament-row' },
    h('td', {}, h('a', { href: 'tournament.html?id=' + s.id }, s.name)),
    h('td', {}, t('tour.format.' + s.format)),
    h('td', {}, t('tour.status.' + s.status)),
    h('td', {}, t('tour.players', { n: s.players, max: s.maxPlayers }))));
  put(main, h('h1', {}, t('tour.title')),
    h('section', {}, rows.length ? h('table', {}, h('tbody', {}, ...rows)) : h('p', { class: 'muted' }, t('tour.none'))),
    me && !me.guest ? createForm() : '');
}

function entrantName(tour, seed) {
  return seed === null ? t('tour.bye') : tour.entrants[seed].name;
}

function matchLine(tour, m) {
  const side = (seed) => (m.winner !== null && m.winner === seed && m.second !== null
    ? h('strong', {}, entrantName(tour, seed)) : h('span', {}, entrantName(tour, seed)));
  let where;
  if (m.second === null) where = h('span', { class: 'muted' }, t('tour.walkover'));
  else if (m.gameId === null) where = h('span', { class: 'muted' }, t('tour.offBoard'));
  else {
    const done = m.winner !== null;
    where = h('a', { href: (done ? '/#/replay/' : '/#/game/') + m.gameId, 'data-test': 'tournament-game' },
      done ? t('tour.replay') : t('tour.board'));
  }
  return h('li', { 'data-test': 'tournament-match' }, side(m.first), ' – ', m.second === null ? '' : side(m.second), ' · ', where);
}

async function act(method, path, body) {
  try {
    render(await call(method, path, body));
  } catch (e) {
    put(document.querySelector('[data-test=tournament-msg]'), e.message);
  }
}

function render(tour) {
  const registered = me && tour.entrants.some((e) => e.name === me.name);
  const buttons = [];
  if (me && !me.guest && tour.status === 'registering') {
    buttons.push(registered
      ? h('button', { 'data-test': 'tournament-withdraw', onclick: () => act('DELETE', `/api/tournaments/${tour.id}/join`) }, t('tour.withdraw'))
      : h('button', { 'data-test': 'tournament-join', onclick: () => act('POST', `/api/tournaments/${tour.id}/join`) }, t('tour.join')));
    if (me.name === tour.creator) {
      const level = select('tournament-level', LEVELS, (l) => t('level.' + l), 'strong');
      buttons.push(' ', level, h('button', { 'data-test': 'tournament-add-computer',
        onclick: () => act('POST', `/api/tournaments/${tour.id}/computer`, { level: level.value }) }, t('tour.addComputer')),
      ' ', h('button', { 'data-test': 'tournament-start', onclick: () => act('POST', `/api/tournaments/${tour.id}/start`) }, t('tour.start')),
      ' ', h('button', { 'data-test': 'tournament-cancel', onclick: () => act('DELETE', `/api/tournaments/${tour.id}`) }, t('lobby.cancel')));
    }
  }
  const head = h('section', {},
    h('p', {}, t('tour.format.' + tour.format), ' · ', t('tour.status.' + tour.status), ' · ',
      t('tour.players', { n: tour.entrants.length, max: tour.maxPlayers })),
    tour.status !== 'registering' ? ''
      : h('p', { class: 'muted' }, tour.startsAt ? t('tour.startsAt', { time: when(tour.startsAt) }) : t('tour.startsWhenFull')),
    tour.winner !== null ? h('p', { 'data-test': 'tournament-winner' }, h('strong', {}, t('tour.winner', { name: tour.entrants[tour.winner].name }))) : '',
    ...buttons, h('p', { class: 'err', 'data-test': 'tournament-msg' }));
  const entrants = h('section', {}, h('h2', {}, t('tour.entrants')),
    h('ol', {}, ...tour.entrants.map((e) => h('li', {}, e.name, ' ', h('span', { class: 'muted' }, '(' + Math.round(e.rating) + ')')))));
  const rounds = tour.rounds.map((round, i) => h('section', { 'data-test': 'tournament-round' },
    h('h2', {}, t('tour.round', { n: i + 1 })), h('ul', {}, ...round.map((m) => matchLine(tour, m)))));
  const standings = tour.standings.length === 0 ? '' : h('section', { 'data-test': 'tournament-standings' },
    h('h2', {}, t('tour.standings')),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('tour.col.player')), h('th', {}, t('tour.col.wins')),
      h('th', {}, t('tour.col.losses')), h('th', {}, t('tour.col.buchholz')))),
    h('tbody', {}, ...tour.standings.map((l, i) => h('tr', {}, h('td', {}, String(i + 1)), h('td', {}, l.name),
      h('td', {}, String(l.wins)), h('td', {}, String(l.losses)), h('td', {}, String(l.buchholz)))))));
  put(main, h('p', {}, h('a', { href: 'tournament.html' }, t('tour.all'))), h('h1', { 'data-test': 'tournament-name' }, tour.name),
    head, standings, ...rounds.reverse(), entrants);
}

async function showOne() {
  const tour = await call('GET', '/api/tournaments/' + encodeURIComponent(id));
  render(tour);
  if (tour.status === 'registering' || tour.status === 'playing') setTimeout(showOne, REFRESH_MS);
}

try {
  await (id ? showOne() : showList());
} catch (e) {
  put(main, h('p', { class: 'err' }, e.message));
}
