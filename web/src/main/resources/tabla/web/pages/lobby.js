// The lobby: a rules form (create a seek or play the computer), invitations, open seeks, my games.
// Seeks and games are polled every few seconds, my games also read again when the site socket says a turn passed;
// the chat, live games and online list are in lobby-social.js.

import { lobbySocial } from './lobby-social.js';
import { myTournaments } from './tournament-links.js';
import { ratingText } from './ratings.js';
import { api, currentUser } from '../net/api.js';
import { madeHere, isMadeHere } from '../net/tab-claims.js';
import { quickCard, quickSeek, seekToJoin } from './quick-pairing.js';
import { askInvite, inviteRules, CORRESPONDENCE } from './invite-dialog.js';
import { h, put, fmtPercent, changed } from '../ui/dom.js';
import { t, tn } from '../i18n/i18n.js';
import { playerName, rulesSummary, variantLabel, optionValueLabel } from '../board/game-text.js';

const LEVELS = ['random', 'beginner', 'intermediate', 'strong', 'expert'];
// correspondence: days per move; live: a match clock, a preset (its times are the server's) or custom
const DAYS_PER_MOVE = [0, 86400, 3 * 86400, 7 * 86400];
const CLOCKS = ['', 'blitz', 'standard', 'slow', 'custom'];
// localStorage: '1' while a member keeps the custom-game form open
const CUSTOM_OPEN = 'tabla.lobby.custom';

export function lobbyPage(root) {
  const me = currentUser();
  const form = rulesForm();
  const msg = h('div', { class: 'error', 'data-test': 'lobby-error', hidden: true });
  const fail = (e) => {
    msg.textContent = e.message;
    msg.hidden = false;
  };
  const go = (r) => {
    location.hash = '#/game/' + encodeURIComponent(r.gameId);
  };
  // my open seeks and the games I had at the last refresh: when a seek of mine is gone and a new game
  // has come, someone accepted it, and I go to the board (with a notice there), as the acceptor does
  let mySeeks = new Set();
  let myGames = null;

  const mode = h('select', { 'data-test': 'mode' },
    h('option', { value: 'live' }, t('mode.live')), h('option', { value: 'correspondence' }, t('mode.correspondence')));
  const time = h('select', { 'data-test': 'seconds-per-move' }, DAYS_PER_MOVE.map((s) => h('option', { value: s }, timeLabel(s))));
  const clock = h('select', { 'data-test': 'clock' }, CLOCKS.map((c) => h('option', { value: c }, c ? t('clock.' + c) : t('time.none'))));
  const reserve = h('input', { type: 'number', min: 0, max: 3600, value: 120, 'data-test': 'clock-reserve' });
  const delay = h('input', { type: 'number', min: 0, max: 600, value: 12, 'data-test': 'clock-delay' });
  const live = h('label', {}, t('lobby.clock'), clock);
  const custom = h('span', { class: 'custom-clock' },
    h('label', {}, t('clock.reservePerPoint'), reserve), h('label', {}, t('clock.delay'), delay));
  const correspondence = h('label', {}, t('lobby.timePerMove'), time);
  const showTimes = () => {
    live.hidden = mode.value !== 'live';
    custom.hidden = live.hidden || clock.value !== 'custom';
    correspondence.hidden = mode.value === 'live';
  };
  mode.addEventListener('change', showTimes);
  clock.addEventListener('change', showTimes);
  showTimes();
  /** The seek's time control as the API takes it (the server checks the values). */
  const timeControlOf = (m, c) => {
    if (m !== 'live') return { secondsPerMove: Number(time.value) };
    if (!c) return {};
    return { clock: c === 'custom' ? { reservePerPoint: Number(reserve.value), delay: Number(delay.value) } : { preset: c } };
  };
  const timeControl = () => timeControlOf(mode.value, clock.value);
  // the opponent's rating the seek asks for; empty: no bound on that side (the server checks the values)
  const ratingMin = h('input', { type: 'number', min: 0, max: 4000, step: 1, 'data-test': 'rating-min', class: 'rating-bound' });
  const ratingMax = h('input', { type: 'number', min: 0, max: 4000, step: 1, 'data-test': 'rating-max', class: 'rating-bound' });
  const ratingRange = () => ({
    ...(ratingMin.value !== '' ? { ratingMin: Number(ratingMin.value) } : {}),
    ...(ratingMax.value !== '' ? { ratingMax: Number(ratingMax.value) } : {}),
  });
  const invite = h('input', { 'data-test': 'invite', placeholder: t('lobby.invitePlaceholder'), maxlength: 20 });
  const level = h('select', { 'data-test': 'computer-level' }, LEVELS.map((l) => h('option', { value: l, selected: l === 'strong' }, t('level.' + l))));

  // one request of the form's at a time: a double click made two seeks, or two games against the computer. The
  // second click of a double click (its detail is 2) is dropped as well: the first one's answer may come between them
  let sending = false;
  const oneAtATime = (fn) => async (...args) => {
    if (sending || (args[0] instanceof Event && args[0].detail > 1)) return;
    sending = true;
    try {
      await fn(...args);
    } finally {
      sending = false;
    }
  };
  const create = oneAtATime(async () => {
    msg.hidden = true;
    const body = { rules: form.read(), mode: mode.value, ...timeControl(), ...ratingRange() };
    if (invite.value.trim()) body.invite = invite.value.trim();
    try {
      const made = await api.createSeek(body);
      if (made && made.seek) madeHere(made.seek.id);
      invite.value = '';
      await refresh();
    } catch (e) {
      fail(e);
    }
  });
  /** Quick pairing: join the oldest fitting seek of someone else, or open one like it. */
  const quick = oneAtATime(async (q) => {
    msg.hidden = true;
    try {
      const open = await api.seeks(100);
      const join = seekToJoin(open.seeks, q, me && me.name);
      if (join) {
        go(await api.acceptSeek(join.id));
        return;
      }
      const made = await api.createSeek(quickSeek(q));
      if (made && made.seek) madeHere(made.seek.id);
      await refresh();
    } catch (e) {
      fail(e);
    }
  });
  const computer = oneAtATime(async () => {
    msg.hidden = true;
    try {
      go(await api.playComputer(form.read(), level.value));
    } catch (e) {
      fail(e);
    }
  });

  const invitations = h('div', { 'data-test': 'invitations' });
  const seeks = h('div', { 'data-test': 'seeks' });
  const games = h('div', { 'data-test': 'my-games' });
  const stats = h('div', { 'data-test': 'site-stats' });
  // "Invite" in the online list: a dialog asks the length, variant and clock (the form's preset) before it is sent
  const tournaments = me && !me.guest ? myTournaments() : null;
  const social = lobbySocial(async (name) => {
    const rules = form.read();
    const variants = form.variants();
    const base = rules.variant.split(':')[0];
    const chosen = await askInvite(name, { matchLength: rules.matchLength, variant: base, variants: variants.map((v) => v.name),
      clock: mode.value === 'live' ? clock.value : CORRESPONDENCE, clocks: [...CLOCKS, CORRESPONDENCE] });
    if (!chosen) return;
    const cube = (variants.find((v) => v.name === chosen.variant) || {}).cube !== false;
    const m = chosen.clock === CORRESPONDENCE ? 'correspondence' : 'live';
    msg.hidden = true;
    try {
      const made = await api.createSeek({ rules: inviteRules(rules, chosen.matchLength, chosen.variant, cube), mode: m,
        ...timeControlOf(m, chosen.clock), invite: name });
      if (made && made.seek) madeHere(made.seek.id);
      await refresh();
    } catch (e) {
      fail(e);
    }
  });

  // a member's custom form is behind "Custom game…" (the quick pairing does the usual): closed until opened, then
  // open on each visit until closed; a guest, who can only play the computer, has the form alone
  const member = me && !me.guest;
  const customBody = h('div', { id: 'custom-form', class: 'custom-form', 'data-test': 'custom-form' },
    form.el,
    member
      ? h('div', { class: 'row' },
        h('label', {}, t('lobby.mode'), mode),
        live, custom, correspondence,
        h('label', {}, t('lobby.ratingFrom'), ratingMin),
        h('label', {}, t('lobby.ratingTo'), ratingMax),
        h('label', {}, t('lobby.invite'), invite),
        h('button', { type: 'button', class: 'primary', 'data-test': 'create-seek', onclick: create }, t('lobby.createSeek')))
      : h('p', { class: 'hint' }, t('lobby.guestNote')),
    h('div', { class: 'row computer' },
      h('label', {}, t('lobby.level'), level),
      h('button', { type: 'button', 'data-test': 'play-computer', onclick: computer }, t('lobby.playComputer'))));
  const customButton = h('button', { type: 'button', class: 'quiet', 'data-test': 'custom-game', 'aria-controls': 'custom-form',
    onclick: () => showCustom(customBody.hidden) }, t('lobby.customGame'));
  const showCustom = (open) => {
    customBody.hidden = !open;
    customButton.setAttribute('aria-expanded', String(open));
    try {
      if (open) localStorage.setItem(CUSTOM_OPEN, '1');
      else localStorage.removeItem(CUSTOM_OPEN);
    } catch (e) {
      /* private mode: it stays as chosen on this page */
    }
  };
  if (member) showCustom(localStorage.getItem(CUSTOM_OPEN) === '1');

  put(root, h('div', { class: 'lobby' },
    member ? quickCard(quick) : null,
    h('section', { class: 'card new-game' },
      member ? h('h2', {}, customButton) : h('h2', {}, t('lobby.newGame')),
      customBody,
      msg),
    h('section', { class: 'card' }, h('h2', {}, t('lobby.invitations')), invitations),
    h('section', { class: 'card' }, h('h2', {}, t('lobby.openSeeks')), seeks),
    h('section', { class: 'card' }, h('h2', {}, t('lobby.myGames')), games),
    tournaments ? tournaments.el : null,
    social.live,
    social.online,
    social.chat,
    h('section', { class: 'card' }, h('h2', {}, t('lobby.siteStats')), stats)));

  const accept = oneAtATime(async (id) => {
    msg.hidden = true;
    try {
      go(await api.acceptSeek(id));
    } catch (e) {
      fail(e);
      refresh();
    }
  });
  const cancel = async (id) => {
    try {
      await api.cancelSeek(id);
    } catch (e) {
      fail(e);
    }
    refresh();
  };

  // The lists come in pages; the lobby shows the first ones and grows them on request, up to the server's 100.
  const PAGE = 20;
  const MOST = 100;
  let seeksShown = PAGE;
  let gamesShown = PAGE;
  /** A "show more" button under a list when the server has more than it sent and the page can still grow. */
  function more(box, next, shown, grow) {
    if (next === null || next === undefined || shown >= MOST) return;
    box.append(h('button', { type: 'button', 'data-test': 'show-more', onclick: () => {
      grow(Math.min(MOST, shown + PAGE));
      refresh();
    } }, t('lobby.showMore')));
  }

  async function refresh() {
    social.refresh();
    try {
      const [s, g] = await Promise.all([api.seeks(seeksShown), api.games(gamesShown)]);
      const open = s.seeks || [];
      const list = g.games || [];
      if (acceptedGame(open, list)) return;
      // drawn anew only when they changed (dom.js changed: the focus and a held press stay on the same button)
      if (changed(seeks, [open, s.next, seeksShown])) {
        showSeeks(open);
        more(seeks, s.next, seeksShown, (n) => { seeksShown = n; });
      }
      if (changed(games, [list, g.next, gamesShown])) {
        showGames(list);
        more(games, g.next, gamesShown, (n) => { gamesShown = n; });
      }
    } catch (e) {
      if (e.status === 401) location.hash = '#/login';
      else fail(e);
    }
  }

  /** Goes to the game that accepting one of my seeks started; true if it did. */
  function acceptedGame(open, list) {
    const gone = [...mySeeks].some((id) => !open.some((s) => s.id === id));
    const known = myGames;
    // only the seeks this tab made: another tab of mine (a replay, a game I watch) stays where it is
    mySeeks = new Set(open.filter((s) => me && s.creator === me.name && isMadeHere(s.id)).map((s) => s.id));
    myGames = new Set(list.map((g) => g.id));
    if (!gone || !known) return false;
    const fresh = list.find((g) => !known.has(g.id) && g.status !== 'finished' && !(g.players || []).some((p) => p.bot));
    if (!fresh) return false;
    const opp = (fresh.players || [])[fresh.you === 1 ? 0 : 1];
    announceAccepted(fresh.id, playerName(opp));
    go({ gameId: fresh.id });
    return true;
  }

  function showSeeks(list) {
    const mine = (s) => me && s.creator === me.name;
    const forMe = list.filter((s) => me && s.invitee === me.name && !mine(s));
    const open = list.filter((s) => !forMe.includes(s));
    const row = (s, buttons) => h('tr', { 'data-seek-id': s.id, class: s.inYourRange === false && !mine(s) ? 'out-of-range' : '' },
      h('td', {}, s.creator === (me && me.name) ? t('lobby.you') : h('a', { href: '#/player/' + encodeURIComponent(s.creator) }, s.creator),
        s.creatorBot ? h('span', { class: 'bot-badge', 'data-test': 'seek-bot' }, ' ' + t('lobby.bot')) : null,
        s.creatorRating ? h('span', { class: 'hint', 'data-test': 'seek-rating' }, ' (' + ratingText(s.creatorRating) + ')') : null,
        s.invitee && mine(s) ? ' → ' + s.invitee : ''),
      h('td', {}, rulesSummary(s.rules, s.mode)),
      h('td', { 'data-test': 'seek-clock' }, seekClock(s)),
      h('td', { 'data-test': 'seek-range', title: rangeText(s) ? t('lobby.ratingRangeTitle') : null }, rangeText(s)),
      h('td', { class: 'actions' }, buttons));
    const table = (rows, empty) => rows.length ? h('table', { class: 'list' }, h('tbody', {}, rows)) : h('p', { class: 'muted' }, empty);
    put(invitations, table(forMe.map((s) => row(s,
      me.guest ? null : h('button', { type: 'button', class: 'primary', 'data-test': 'invitation-accept', onclick: () => accept(s.id) }, t('lobby.accept')))), t('lobby.noInvitations')));
    put(seeks, table(open.map((s) => row(s, mine(s)
      ? h('button', { type: 'button', 'data-test': 'seek-cancel', onclick: () => cancel(s.id) }, t('lobby.cancel'))
      : me.guest ? null : acceptButton(s))), t('lobby.noSeeks')));
  }

  /** Accept, or a greyed-out one where my rating lies outside the seek's range (the server says which). */
  function acceptButton(s) {
    const outside = s.inYourRange === false;
    return h('button', { type: 'button', 'data-test': 'seek-accept', disabled: outside,
      title: outside ? t('lobby.outOfRange') : null, onclick: () => accept(s.id) }, t('lobby.accept'));
  }

  function showGames(list) {
    const rows = list.map((g) => {
      const you = g.you === 0 || g.you === 1 ? g.you : 0;
      const opp = (g.players || [])[1 - you];
      const score = g.score ? `${g.score[you]} : ${g.score[1 - you]}` : '';
      const finished = g.status === 'finished';
      let state;
      if (finished) {
        state = g.matchWinner === you ? t('lobby.won') : g.matchWinner === null || g.matchWinner === undefined ? t('lobby.finished') : t('lobby.lost');
        if (g.forfeit) state += ' ' + t('result.onTime');
      } else state = g.yourTurn ? h('b', { class: 'your-turn', 'data-test': 'your-turn' }, t('lobby.yourTurn')) : t('lobby.theirTurn', { name: playerName(opp) });
      return h('tr', { class: finished ? 'finished' : '' },
        h('td', {}, h('a', { href: (finished ? '#/replay/' : '#/game/') + encodeURIComponent(g.id), 'data-test': 'game-link', 'data-game-id': g.id }, t('lobby.vs', { name: playerName(opp) }))),
        h('td', {}, (g.variant && g.variant !== 'backgammon' ? variantLabel(g.variant) + ' · ' : '') + (g.matchLength > 0 ? tn('matchTo', g.matchLength) : t('game.money'))),
        h('td', {}, score),
        h('td', {}, state));
    });
    put(games, rows.length ? h('table', { class: 'list' }, h('tbody', {}, rows)) : h('p', { class: 'muted' }, t('lobby.noGames')));
  }

  api.siteStats().then((d) => {
    const rows = (d.variants || []).map((v) => {
      const n = v.white + v.black + v.draws;
      return h('tr', {}, h('td', {}, variantLabel(v.variant)), h('td', {}, `${v.white} (${fmtPercent(v.white, n)})`), h('td', {}, `${v.black} (${fmtPercent(v.black, n)})`), h('td', {}, `${v.draws} (${fmtPercent(v.draws, n)})`));
    });
    put(stats, rows.length
      ? h('table', { class: 'list' }, h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, t('colour.white')), h('th', {}, t('colour.black')), h('th', {}, t('player.draws')))), h('tbody', {}, rows))
      : h('p', { class: 'muted' }, t('lobby.noGames')));
  }, () => stats.closest('section').remove());

  // every 2 seconds while a seek of mine waits (a live game must not start without me), else 5
  let timer = null;
  let stopped = false;
  const tick = async () => {
    await refresh();
    if (!stopped) timer = setTimeout(tick, mySeeks.size ? 2000 : 5000);
  };
  tick();
  // a turn passed in a game of mine (the site socket): "My games" reads again at once, not at the next tick
  const turnPassed = (e) => {
    if (e.detail && e.detail.type === 'myGames') refresh();
  };
  window.addEventListener('tabla-site', turnPassed);
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('tabla-site', turnPassed);
    social.stop();
    if (tournaments) tournaments.stop();
  };
}

/** The notice the game page shows once: "NAME accepted your game". */
function announceAccepted(gameId, name) {
  try {
    sessionStorage.setItem('tabla.accepted', JSON.stringify({ gameId: String(gameId), name }));
  } catch (e) {
    /* private mode: the board opens without the notice */
  }
}

const FALLBACK = ['backgammon', 'nackgammon', 'hypergammon', 'portes', 'anti'];

/** The opponent's rating a seek asks for: "1400–1700", "≥ 1400", "≤ 1700", or nothing. */
function rangeText(s) {
  const min = s.ratingMin ?? null;
  const max = s.ratingMax ?? null;
  if (min !== null && max !== null) return min + '–' + max;
  if (min !== null) return '≥ ' + min;
  return max !== null ? '≤ ' + max : '';
}

/** A seek's time control: a match clock's reserve a point and delay, or a per-move limit. */
function seekClock(s) {
  const c = s.clock;
  if (c && c.reservePerPoint > 0) return t('clock.label', { reserve: timeLabel(c.reservePerPoint), delay: c.delay });
  return s.secondsPerMove ? timeLabel(s.secondsPerMove) : '';
}

function timeLabel(s) {
  if (!s) return t('time.none');
  if (s >= 86400) return tn('time.days', s / 86400);
  if (s >= 60) return tn('time.minutes', s / 60);
  return t('time.secondsN', { n: s });
}

/** The RULES object of docs/api.md; only options that fit together are sent (the server checks them). */
function rulesForm() {
  const len = h('select', { 'data-test': 'match-length' },
    h('option', { value: 0 }, t('lobby.money')),
    Array.from({ length: 25 }, (_, i) => h('option', { value: i + 1, selected: i + 1 === 5 }, tn('matchTo', i + 1))));
  // filled from GET /api/variants; the backgammon family until it answers (or if it cannot)
  let known = FALLBACK.map((name) => ({ name, cube: true, options: {} }));
  const variant = h('select', { 'data-test': 'variant' });
  const optionsBox = h('div', { class: 'opts variant-opts', 'data-test': 'variant-options' });
  const noCube = h('span', { class: 'hint', 'data-test': 'no-cube-hint', hidden: true }, t('lobby.noCubeVariant'));
  const selected = () => known.find((v) => v.name === variant.value) || known[0];
  const fillVariants = () => {
    const was = variant.value || 'backgammon';
    put(variant, known.map((v) => h('option', { value: v.name, selected: v.name === was }, variantLabel(v.name))));
  };
  // one select per option of the chosen variant, its default (the first value) preselected
  const fillOptions = () => {
    const v = selected();
    put(optionsBox, Object.entries(v.options || {}).map(([k, values]) =>
      h('label', { class: 'opt' }, t('vopt.' + k), ' ',
        h('select', { 'data-test': 'variant-option-' + k, 'data-option': k, 'data-default': values[0] },
          values.map((x) => h('option', { value: x }, optionValueLabel(k, x)))))));
    optionsBox.hidden = !optionsBox.childNodes.length;
  };
  const box = (test, label, on) => h('input', { type: 'checkbox', 'data-test': test, checked: on, 'aria-label': label });
  const cube = box('rule-cube', t('rules.cube'), true);
  const crawford = box('rule-crawford', t('rules.crawford'), true);
  const holland = box('rule-holland', t('rules.holland'), false);
  const jacoby = box('rule-jacoby', t('rules.jacoby'), true);
  const beavers = box('rule-beavers', t('rules.beavers'), false);
  const raccoons = box('rule-raccoons', t('rules.raccoons'), false);
  const auto = h('select', { 'data-test': 'rule-auto-doubles' }, [0, 1, 2, 3].map((n) => h('option', { value: n }, n ? n : t('common.off'))));
  const lab = (input, label, title) => h('label', { class: 'opt', title }, input, ' ', label);
  // a box that does not apply shows unchecked; it gets the player's choice back when it applies again
  const applies = (box, on) => {
    if (!on && !box.disabled) box.dataset.chosen = box.checked ? '1' : '0';
    if (on && box.disabled && box.dataset.chosen !== undefined) box.checked = box.dataset.chosen === '1';
    box.disabled = !on;
    if (!on) box.checked = false;
  };
  const sync = () => {
    const money = Number(len.value) === 0;
    const v = selected();
    // a variant without the cube, or a 1-point match (no double can matter there): no cube
    applies(cube, v.cube !== false && Number(len.value) !== 1);
    noCube.hidden = v.cube !== false;
    const c = cube.checked;
    applies(crawford, !money && c);
    applies(holland, !money && c && crawford.checked);
    applies(jacoby, money && c);
    applies(beavers, money && c);
    applies(raccoons, money && c && beavers.checked);
    auto.disabled = !money || !c;
  };
  [len, cube, crawford, beavers].forEach((el) => el.addEventListener('change', sync));
  variant.addEventListener('change', () => {
    if (selected().cube !== false && Number(len.value) !== 1) cube.checked = true;
    fillOptions();
    sync();
  });
  fillVariants();
  fillOptions();
  sync();
  api.variants().then((d) => {
    if (!d || !Array.isArray(d.variants) || !d.variants.length) return;
    known = d.variants;
    fillVariants();
    fillOptions();
    sync();
  }, () => {});
  // Named presets (GET /api/presets): choosing one sets the form to its options, shown in full below it.
  let presets = [];
  const preset = h('select', { 'data-test': 'preset' });
  const presetInfo = h('div', { class: 'hint preset-options', 'data-test': 'preset-options', hidden: true });
  const chosenPreset = () => presets.find((p) => p.name === preset.value);
  const presetRules = (p) => (Number(len.value) === 0 ? p.money : p.match);
  const showPreset = () => {
    const p = chosenPreset();
    presetInfo.hidden = !p;
    if (!p) return;
    const r = presetRules(p);
    // every option, in the page's language: the server names each by its message key
    const words = [variantLabel(r.rules.variant), r.rules.matchLength > 0 ? tn('matchTo', r.rules.matchLength) : t('game.money'),
      ...r.terms.map((w) => t(w.key, { n: w.n }))];
    put(presetInfo, [h('div', { 'data-test': 'preset-summary' }, words.join(' · ')),
      h('div', { class: 'source' }, p.source)]);
  };
  const applyPreset = () => {
    const p = chosenPreset();
    if (p) {
      len.value = String(p.defaultLength);
      variant.value = p.variants[0];
      fillOptions();
      const r = presetRules(p).rules;
      cube.checked = r.cube;
      crawford.checked = r.crawford;
      holland.checked = r.holland;
      jacoby.checked = r.jacoby;
      beavers.checked = r.beavers;
      raccoons.checked = r.raccoons;
      auto.value = String(Math.min(r.automaticDoubles, 3));
    }
    sync();
    showPreset();
  };
  preset.addEventListener('change', applyPreset);
  len.addEventListener('change', showPreset);
  if (api.presets) {
    api.presets().then((d) => {
      if (!d || !Array.isArray(d.presets)) return;
      presets = d.presets;
      put(preset, [h('option', { value: '' }, '—'), ...presets.map((p) => h('option', { value: p.name }, t('preset.' + p.name)))]);
    }, () => {});
  }
  const el = h('div', { class: 'rules-form' },
    h('label', {}, t('lobby.preset'), preset),
    presetInfo,
    h('label', {}, t('lobby.variant'), variant),
    optionsBox,
    h('label', {}, t('lobby.matchLength'), len),
    h('div', { class: 'opts' },
      lab(cube, t('rules.cube')), noCube,
      lab(crawford, t('rules.crawford'), t('rules.crawfordHint')),
      lab(holland, t('rules.holland'), t('rules.hollandHint')),
      lab(jacoby, t('rules.jacoby'), t('rules.jacobyHint')),
      lab(beavers, t('rules.beavers'), t('rules.beaversHint')),
      lab(raccoons, t('rules.raccoons'), t('rules.raccoonsHint')),
      h('label', { class: 'opt', title: t('rules.autoDoublesHint') }, t('rules.autoDoubles'), ' ', auto)));
  const read = () => {
    const matchLength = Number(len.value);
    const money = matchLength === 0;
    const c = cube.checked;
    // non-default options after a colon: "race:entry=all-first"
    const chosen = [...optionsBox.querySelectorAll('select')]
      .filter((sel) => sel.value !== sel.getAttribute('data-default'))
      .map((sel) => sel.getAttribute('data-option') + '=' + sel.value);
    return {
      ...(chosenPreset() ? { preset: preset.value } : {}),
      // a preset's refusable beaver goes with its beavers
      ...(chosenPreset() && !(money && c && beavers.checked) ? { beaverRefusable: false } : {}),
      variant: variant.value + (chosen.length ? ':' + chosen.join(',') : ''),
      matchLength,
      cube: c,
      crawford: !money && c && crawford.checked,
      holland: !money && c && crawford.checked && holland.checked,
      jacoby: money && c && jacoby.checked,
      beavers: money && c && beavers.checked,
      raccoons: money && c && beavers.checked && raccoons.checked,
      automaticDoubles: money && c ? Number(auto.value) : 0,
    };
  };
  return { el, read, variants: () => known };
}
