// Tournaments: tournament.html lists them; tournament.html?id=N shows one (entrants, each round's matches with links
// to their boards, the standings, the winner) and lets a member register or withdraw. The server pairs and ranks;
// this page only draws what GET /api/tournaments/{id} says, and reads it again when the site socket says it changed.
import { h, put } from '../ui/dom.js';
import { t, getLang } from '../i18n/i18n.js';
import { call, session } from '../net/ops-api.js';
import { GameSocket } from '../net/ws.js';
import { toBoard } from '../net/site-socket.js';
import { bracket, roundsList, standings } from './tournament-bracket.js';
import { tourName } from './tournament-links.js';
import { entrantNames, opponentName } from './tournament-names.js';
import { pageHeader } from '../ui/page-header.js';

const main = document.getElementById('main');
const id = new URLSearchParams(location.search).get('id');
const me = await session();
pageHeader(document.querySelector('header.top'), me, 'nav-tournaments');
document.title = 'Tabla · ' + t('tour.title');

function when(ms) {
  return new Date(ms).toLocaleString(getLang());
}

const FORMATS = ['knockout', 'roundRobin', 'swiss'];
const LEVELS = ['random', 'beginner', 'intermediate', 'strong', 'expert'];

function select(test, values, label, selected) {
  return h('select', { 'data-test': test }, ...values.map((v) => h('option', { value: v, selected: v === selected }, label(v))));
}

// the director's computer level: one element that every redraw puts back, so a change of the tournament arriving
// while the director picks a level keeps the choice
const levelSelect = select('tournament-level', LEVELS, (l) => t('level.' + l), 'strong');

/** A new tournament: always timed (the clock is what forfeits a player who does not show); a Swiss starts when full. */
function createForm() {
  const name = h('input', { type: 'text', maxlength: 60, required: true, 'data-test': 'tournament-new-name' });
  const format = select('tournament-new-format', FORMATS, (f) => t('tour.format.' + f), 'knockout');
  const length = select('tournament-new-length', ['1', '3', '5', '7'], (n) => n, '3');
  const clock = select('tournament-new-clock', ['blitz', 'standard', 'slow'], (c) => t('clock.' + c), 'standard');
  const max = h('input', { type: 'number', min: 2, max: 64, value: 8, 'data-test': 'tournament-new-max' });
  const rounds = h('input', { type: 'number', min: 1, max: 32, value: 3, 'data-test': 'tournament-new-rounds' });
  const consolation = h('input', { type: 'checkbox', 'data-test': 'tournament-new-consolation' });
  const msg = h('p', { class: 'err', 'data-test': 'tournament-create-error' });
  // what only one format takes is shown with that format only: a Swiss's rounds, a knock-out's consolation bracket
  const roundsLabel = h('label', { hidden: true }, t('tour.rounds'), rounds);
  const consolationLabel = h('label', { class: 'opt' }, consolation, ' ', t('tour.consolation'));
  format.addEventListener('change', () => {
    roundsLabel.hidden = format.value !== 'swiss';
    consolationLabel.hidden = format.value !== 'knockout';
  });
  return h('section', {}, h('h2', {}, t('tour.create')), h('form', { class: 'tournament-form', onsubmit: async (e) => {
    e.preventDefault();
    const swiss = format.value === 'swiss';
    const body = { name: name.value, format: format.value, rules: { matchLength: Number(length.value) },
      clock: { preset: clock.value }, minPlayers: swiss ? Number(max.value) : 2, maxPlayers: Number(max.value) };
    if (swiss) body.rounds = Number(rounds.value);
    if (consolation.checked && format.value === 'knockout') body.consolation = true;
    try {
      const made = await call('POST', '/api/tournaments', body);
      location.href = 'tournament.html?id=' + made.id;
    } catch (err) {
      put(msg, err.message);
    }
  } }, h('label', {}, t('tour.name'), name), h('label', {}, t('tour.format'), format),
  h('label', {}, t('lobby.matchLength'), length), h('label', {}, t('lobby.clock'), clock),
  h('label', {}, t('tour.maxPlayers'), max), roundsLabel, consolationLabel,
  h('button', { type: 'submit', 'data-test': 'tournament-create' }, t('tour.create'))), msg);
}

async function showList() {
  const page = await call('GET', '/api/tournaments');
  const rows = page.tournaments.map((s) => h('tr', { 'data-test': 'tournament-row' },
    h('td', {}, h('a', { href: 'tournament.html?id=' + s.id }, tourName(s))),
    h('td', {}, t('tour.format.' + s.format)),
    h('td', {}, t('tour.status.' + s.status)),
    h('td', {}, t('tour.players', { n: s.players, max: s.maxPlayers }))));
  put(main, h('h1', {}, t('tour.title')),
    h('section', {}, rows.length ? h('table', {}, h('tbody', {}, ...rows)) : h('p', { class: 'muted' }, t('tour.none'))),
    me && !me.guest ? createForm() : '');
}

// the tournament as shown, at its version: the site socket's deltas apply to it (null until the first is read)
let shown = null;

/** Shows `tour` unless what is shown is newer (an answer may arrive after the socket's news of a later change). */
function show(tour) {
  if (shown !== null && tour.version < shown.version) return;
  shown = tour;
  render(tour);
}

async function act(method, path, body) {
  try {
    show(await call(method, path, body));
  } catch (e) {
    put(document.querySelector('[data-test=tournament-msg]'), e.message);
  }
}

function render(tour) {
  const registered = me && tour.entrants.some((e) => e.name === me.name && !e.level);
  const buttons = [];
  if (me && !me.guest && tour.status === 'registering') {
    buttons.push(registered
      ? h('button', { 'data-test': 'tournament-withdraw', onclick: () => act('DELETE', `/api/tournaments/${tour.id}/join`) }, t('tour.withdraw'))
      : h('button', { 'data-test': 'tournament-join', onclick: () => act('POST', `/api/tournaments/${tour.id}/join`) }, t('tour.join')));
    if (me.name === tour.creator) {
      const level = levelSelect;
      buttons.push(' ', level, ' ', h('button', { 'data-test': 'tournament-add-computer',
        onclick: () => act('POST', `/api/tournaments/${tour.id}/computer`, { level: level.value }) }, t('tour.addComputer')),
      ' ', h('button', { 'data-test': 'tournament-start', onclick: () => act('POST', `/api/tournaments/${tour.id}/start`) }, t('tour.start')),
      ' ', h('button', { 'data-test': 'tournament-cancel', onclick: () => act('DELETE', `/api/tournaments/${tour.id}`) }, t('lobby.cancel')));
    }
  }
  const names = entrantNames(tour);
  const mine = myMatch(tour, names);
  const head = h('section', {},
    h('p', {}, t('tour.format.' + tour.format), ' · ', t('tour.status.' + tour.status), ' · ',
      t('tour.players', { n: tour.entrants.length, max: tour.maxPlayers })),
    tour.status !== 'registering' ? ''
      : h('p', { class: 'muted' }, tour.startsAt ? t('tour.startsAt', { time: when(tour.startsAt) }) : t('tour.startsWhenFull')),
    tour.winner !== null ? h('p', { class: 'tournament-winner', 'data-test': 'tournament-winner' },
      '★ ', h('strong', {}, t('tour.winner', { name: names[tour.winner] }))) : '',
    tour.consolationId !== null ? h('p', {}, h('a', { href: 'tournament.html?id=' + tour.consolationId,
      'data-test': 'tournament-consolation-link' }, t('tour.toConsolation'))) : '',
    tour.parentId !== null ? h('p', {}, h('a', { href: 'tournament.html?id=' + tour.parentId,
      'data-test': 'tournament-main-link' }, t('tour.toMain'))) : '',
    mine ? h('p', { class: 'my-match' }, t('tour.yourMatch', { opponent: mine.opponent }), ' ',
      h('a', { href: '/#/game/' + mine.gameId, 'data-test': 'tournament-my-board' }, t('tour.toBoard'))) : '',
    ...buttons, h('p', { class: 'err', 'data-test': 'tournament-msg' }));
  const entrants = h('section', {}, h('h2', {}, t('tour.entrants')),
    h('ol', {}, ...tour.entrants.map((e, i) => h('li', {}, names[i], ' ', h('span', { class: 'muted' }, '(' + Math.round(e.rating) + ')')))));
  const matches = tour.rounds.length === 0 ? [] : tour.format === 'knockout' ? [bracket(tour, names)] : roundsList(tour, names);
  put(main, h('p', {}, h('a', { href: 'tournament.html' }, t('tour.all'))), h('h1', { 'data-test': 'tournament-name' }, tourName(tour)),
    head, ...(tour.format === 'knockout' ? [...matches, standings(tour, names)] : [standings(tour, names), ...matches]), entrants);
}

/** My match that is on now in this tournament: its board and my opponent; null when I wait, am out, or not in it. */
function myMatch(tour, names) {
  if (!me) return null;
  const seed = tour.entrants.findIndex((e) => e.name === me.name && e.level === null);
  if (seed < 0 || tour.entrants[seed].seed === null) return null;
  for (const round of tour.rounds) {
    for (const m of round) {
      if (m.winner !== null || m.gameId === null || (m.first !== seed && m.second !== seed)) continue;
      return { gameId: m.gameId, opponent: names[m.first === seed ? m.second : m.first] };
    }
  }
  return null;
}

/**
 * What changed from version d.from to d.version (the server's TournamentFeed.Delta): the head always, the entrants and
 * standings when they changed, the match lines new or changed. False when it does not follow what is shown.
 */
function applyDelta(d) {
  if (shown === null || d.from !== shown.version) return false;
  const tour = { ...shown, version: d.version, status: d.status, note: d.note, winner: d.winner, consolationId: d.consolationId };
  if (d.entrants !== null) tour.entrants = d.entrants;
  if (d.standings !== null) tour.standings = d.standings;
  tour.rounds = shown.rounds.map((round) => [...round]);
  for (const m of d.matches) {
    while (tour.rounds.length <= m.round) tour.rounds.push([]);
    const round = tour.rounds[m.round];
    const at = round.findIndex((x) => x.slot === m.slot);
    if (at >= 0) round[at] = m;
    else round.push(m);
    round.sort((a, b) => a.slot - b.slot);
  }
  show(tour);
  return true;
}

/**
 * One tournament, read once and kept up to date by the site socket (the versioned pattern of the game sockets): the
 * page says which tournament it shows and gets the whole of it, then what changed, version by version. A change that
 * does not follow the version shown (one missed) asks for the whole again, once until it comes. My match starting
 * takes me to its board.
 */
function showOne() {
  let asked = false;
  const watch = () => {
    asked = true;
    socket.send({ type: 'watchTournament', id: Number(id) });
  };
  const socket = new GameSocket(null, {
    path: '/ws/site',
    onState: (st) => { if (st === 'open') watch(); },
    onOther: (m) => {
      if (m.type === 'tournament' && String(m.tournament.id) === id) {
        asked = false;
        show(m.tournament);
      } else if (m.type === 'tournamentDelta' && String(m.id) === id) {
        if (shown !== null && m.version <= shown.version) return;
        if (!applyDelta(m) && !asked) watch();
      } else if (m.type === 'tournamentMatch') {
        toBoard(m.gameId, t('tour.matchStarts', { name: m.name, opponent: opponentName(m) }));
      }
    },
  }).start();
  return call('GET', '/api/tournaments/' + encodeURIComponent(id)).then(show);
}

try {
  await (id ? showOne() : showList());
} catch (e) {
  put(main, h('p', { class: 'err' }, e.message));
}
