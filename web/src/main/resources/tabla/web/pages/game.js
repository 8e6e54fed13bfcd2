// The game page: board, actions, live updates. The snapshot is the only truth; a play being
// composed lives in a StepBuilder (from the server's steps) until the whole play is sent.

import { api, ApiError } from '../net/api.js';
import { GameSocket, fetchedSnapshotWins } from '../net/ws.js';
import { GameSocial } from './game-social.js';
import { h, clear, put } from '../ui/dom.js';
import { t, tn } from '../i18n/i18n.js';
import { pref, setPref } from '../ui/prefs.js';
import { stepText } from '../board/moves.js';
import { renderBoard, dragGhost, svgPoint } from '../board/board-svg.js';
import { boardModel, viewerSeat, colorOf, variantOf, startPos } from '../board/board-model.js';
import { StepBuilder } from '../board/step-builder.js';
import { playerName, historyText, scoreLine, scoreSheet, rulesSummary, endText, resignLevelText, exportLinks } from '../board/game-text.js';
import { analysisPanel, pairDecisions, markItem } from './analysis.js';
import { newSeed } from '../board/dice-verify.js';
import { clockFace } from '../board/clock.js';
import { giveOnce } from '../net/tab-claims.js';
import { fitBoard } from './board-fit.js';
import { arrivals } from '../board/arrivals.js';
import { boardLabels, navOrder, navStep, describePosition } from '../board/board-a11y.js';
import { hintKey, hintStillFresh, typedEntry, restoreEntry } from './game-redraw.js';

const PASSED_MS = 4000; // how long the "no move" notice of a passed roll stays
const ACCEPTED_MS = 15000; // how long "NAME accepted your game" stays on a seek creator's board

/** Copies text to the clipboard; the button says "Copied" for a moment. */
async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    // no clipboard (http on another host): select the text so the player can copy it by hand
    const range = document.createRange();
    range.selectNodeContents(button.parentNode.querySelector('code'));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    return;
  }
  const was = button.textContent;
  button.textContent = t('btn.copied');
  setTimeout(() => { button.textContent = was; }, 1500);
}

export function gamePage(root, id) {
  const page = new GamePage(root, id);
  page.start();
  return () => page.stop();
}

// Every variant composes its play from the single moves the server sends with each legal play.
function builderFor(s) {
  return new StepBuilder(startPos(s), s.dice, s.legalPlays || [], variantOf(s).geometry);
}

class GamePage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.snap = null;
    this.builder = null;
    this.builderVersion = -1;
    this.selected = null;
    this.busy = false;
    this.error = '';
    this.info = '';
    this.resignOpen = false;
    this.autoVersion = -1;
    this.drag = null;
    this.passedKey = null; // the passed roll the notice was last shown for
    this.passedNotice = null;
    this.marks = null; // history index → analysed decision, once the finished match is analysed
  }

  start() {
    this.takeAcceptedNotice();
    this.layout();
    api.game(this.id).then((s) => {
      if (fetchedSnapshotWins(this.snap, s)) this.apply(s);
    }, (e) => this.fail(e));
    this.socket = new GameSocket(this.id, {
      onSnapshot: (s) => this.apply(s),
      version: () => (this.snap ? this.snap.version : null),
      onState: (st) => this.el.conn.classList.toggle('offline', st !== 'open'),
      onOther: (m) => this.social.receive(m),
    }).start();
    this.clock = setInterval(() => this.tick(), 1000);
  }

  /**
   * Set by the lobby when someone accepted my seek, or when my tournament match starts: say so on the board for a
   * while, and in the title.
   */
  takeAcceptedNotice() {
    let note = null;
    try {
      note = JSON.parse(sessionStorage.getItem('tabla.accepted') || 'null');
      sessionStorage.removeItem('tabla.accepted');
    } catch (e) {
      note = null;
    }
    if (!note || note.gameId !== String(this.id)) return;
    this.accepted = note.text || t('game.accepted', { name: note.name });
    this.titleWas = document.title;
    document.title = '● ' + this.accepted;
    this.acceptedTimer = setTimeout(() => {
      this.accepted = null;
      document.title = this.titleWas;
      this.dropNotice('accepted-notice');
    }, ACCEPTED_MS);
  }

  stop() {
    if (this.accepted) document.title = this.titleWas;
    clearTimeout(this.acceptedTimer);
    this.socket.stop();
    this.social.stop();
    clearInterval(this.clock);
    if (this.unfit) this.unfit();
    clearTimeout(this.autoTimer);
    clearTimeout(this.passedTimer);
  }

  fail(e) {
    if (e.status === 404 && !this.snap) {
      // no such game: say so alone, instead of an empty board whose socket asks for the game again and again
      this.stop();
      put(this.root, h('div', { class: 'error', 'data-test': 'error' }, t('game.notFound', { id: this.id })));
      return;
    }
    this.error = e.message;
    this.renderControls();
  }

  layout() {
    const el = (this.el = {});
    el.oppBar = h('div', { class: 'player-bar opp' });
    el.board = h('div', { class: 'board-wrap', 'data-test': 'board' });
    el.meBar = h('div', { class: 'player-bar me' });
    el.controls = h('div', { class: 'controls' });
    el.ids = h('div', { class: 'ids', 'data-test': 'ids' });
    // what a screen reader hears without asking: each new line of the history and the status (one region, kept)
    el.live = h('div', { class: 'sr-only', 'aria-live': 'polite', 'data-test': 'announce' });
    el.keys = h('p', { id: 'board-keys', class: 'hint board-keys' }, t('a11y.keys'));
    el.position = h('p', { class: 'position-text', 'data-test': 'position-text', hidden: true });
    el.describe = h('div', { class: 'describe' },
      h('button', { type: 'button', class: 'quiet small', 'data-test': 'describe', onclick: () => this.describe() }, t('a11y.describe')),
      el.position);
    el.score = h('div', { class: 'score', 'data-test': 'score' });
    el.sheet = h('div', { class: 'sheet' });
    el.history = h('ol', { class: 'history', 'data-test': 'history' });
    el.links = h('div', { class: 'links' });
    el.analysis = h('div', { class: 'analysis-slot' });
    el.conn = h('span', { class: 'conn', title: t('game.offline') });
    this.social = new GameSocial(this.id);
    const opt = (name, test, label) =>
      h('label', { class: 'opt' },
        h('input', { type: 'checkbox', 'data-test': test, checked: pref(name), onchange: (e) => { setPref(name, e.target.checked); this.render(); this.maybeAuto(); } }),
        ' ', t(label));
    el.settings = h('details', { class: 'settings' },
      h('summary', {}, t('game.settings')),
      opt('flip', 'opt-flip', 'opt.flip'),
      opt('passAuto', 'opt-autopass', 'opt.autoPass'),
      opt('autoForced', 'opt-forced', 'opt.autoForced'),
      opt('autoConfirm', 'opt-autoconfirm', 'opt.autoConfirm'),
      opt('autoRoll', 'opt-autoroll', 'opt.autoRoll'),
      this.social.switches);
    put(this.root, 
      h('div', { class: 'game' },
        h('div', { class: 'board-col' }, el.oppBar, el.board, el.meBar, el.controls, el.live, el.describe, el.keys, el.ids),
        h('aside', { class: 'side' },
          h('section', {}, h('h3', {}, t('game.score'), ' ', el.conn, ' ', this.social.countEl), el.score, el.sheet),
          this.social.el,
          el.settings,
          el.analysis,
          h('section', {}, h('h3', {}, t('game.history')), el.history),
          el.links)));
    this.unfit = fitBoard(el.board, [el.oppBar, el.meBar, el.controls]);
    el.board.addEventListener('keydown', (e) => this.boardKey(e));
    el.board.addEventListener('focusin', (e) => {
      const k = e.target.getAttribute && e.target.getAttribute('data-nav');
      if (k) this.navKey = k;
    });
    el.board.addEventListener('pointerdown', (e) => this.pointerDown(e));
    el.board.addEventListener('pointermove', (e) => this.pointerMove(e));
    el.board.addEventListener('pointerup', (e) => this.pointerUp(e));
    el.board.addEventListener('pointercancel', () => this.endDrag());
  }

  // ---- state ----

  get mine() {
    const s = this.snap;
    return !!s && s.you !== null && s.you !== undefined && s.turn === s.you && s.status !== 'finished';
  }

  apply(s) {
    if (!s) return;
    if (this.snap && s.version < this.snap.version) {
      // an older snapshot, e.g. an action's reply that arrives after the socket brought newer
      // events: keep the newer one, but draw it again, since it may have been drawn while busy
      this.render();
      this.maybeAuto();
      return;
    }
    const changed = !this.snap || s.version !== this.snap.version;
    const before = this.snap;
    this.snap = s;
    this.clockAt = Date.now(); // the snapshot's clock is as of now: the page ticks from here
    this.social.update(s);
    this.giveSeed(s);
    this.notePassed(s);
    if (changed) {
      this.error = '';
      this.hints = null;
      this.resignOpen = false;
      this.selected = null;
      this.builder = null;
      if (this.mine && s.phase === 'MOVE' && (s.dice || variantOf(s).usesDice === false)) {
        this.builder = builderFor(s);
        this.autoSelect();
      }
    }
    this.render();
    this.announce(before, s);
    this.maybeAuto();
  }

  /**
   * Says what changed through the live region: the history's new lines (moves, dice, cube, results), then the status;
   * nothing when neither changed. Asked on every snapshot, not only a new version: the end of a match can come in a
   * snapshot of the same version as the last move's.
   */
  announce(before, s) {
    const seen = before && before.gameNo === s.gameNo ? (before.history || []).length : (s.history || []).length - 1;
    const fresh = (s.history || []).slice(Math.max(0, seen)).map((e) =>
      (e.player === 0 || e.player === 1) && e.type === 'move' ? playerName(s.players[e.player]) + ': ' + historyText(e, s) : historyText(e, s));
    const status = this.status();
    if (!fresh.length && status === this.saidStatus) return;
    this.saidStatus = status;
    this.el.live.textContent = [...fresh, status].filter((x) => x).join('. ');
  }

  /** The position in words, on demand (and said through the live region). */
  describe() {
    const s = this.snap;
    if (!s || !this.model) return;
    const v = viewerSeat(s);
    const colour = (seat) => t('colour.' + colorOf(seat));
    const text = describePosition(this.model, [playerName(s.players[v]), playerName(s.players[1 - v])],
      [colour(v), colour(1 - v)], s.score ? [s.score[v], s.score[1 - v]] : null);
    this.el.position.textContent = text;
    this.el.position.hidden = false;
    this.el.live.textContent = text;
  }

  /**
   * The board's keys: the arrows walk its places (one Tab stop), Enter or Space on a point, the bar or the tray is a
   * tap there (pick a checker, then where it goes), Escape drops the picked checker.
   */
  boardKey(e) {
    const key = e.target.getAttribute && e.target.getAttribute('data-nav');
    if (!key) return;
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) {
      e.preventDefault();
      const order = navOrder(pref('flip')).filter((k) => this.el.board.querySelector(`[data-nav="${k}"]`));
      this.focusPlace(navStep(order, key, e.key));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const p = key === 'bar' ? 25 : key === 'off' ? 0 : /^p\d+$/.test(key) ? Number(key.slice(1)) : null;
      if (p !== null) this.clickPoint(p);
    } else if (e.key === 'Escape' && this.selected !== null) {
      this.selected = null;
      this.autoSelected = false;
      this.renderBoard();
    }
  }

  /** Moves the board's one Tab stop to place {@code key} and focuses it. */
  focusPlace(key) {
    const el = this.el.board.querySelector(`[data-nav="${key}"]`);
    if (!el) return;
    this.el.board.querySelectorAll('[data-nav]').forEach((x) => x.setAttribute('tabindex', '-1'));
    el.setAttribute('tabindex', '0');
    this.navKey = key;
    el.focus();
  }

  /**
   * This player's share of the dice (docs/dice.md): once per game of the match, as soon as the page sees
   * the game's commitment and the server still waits for the seed.
   */
  giveSeed(s) {
    if (!s.seedWanted || this.seedSent === s.gameNo || !globalThis.crypto || !globalThis.crypto.getRandomValues) return;
    this.seedSent = s.gameNo;
    // one tab of the player's sends it (another tab on this board would be refused 409)
    giveOnce(this.id, s.gameNo, () => api.giveSeed(this.id, s.gameNo, newSeed()))
      .catch(() => { /* too late or already given: the dice page shows zeros */ });
  }

  /**
   * The server passed a roll that could not be played: say so for a moment (BrainKing's "You have
   * no move"), even when the next roll follows at once.
   */
  notePassed(s) {
    const p = s.passed;
    if (!p || !Array.isArray(p.dice)) return;
    const key = [s.gameNo, p.player, p.dice.join('-'), (s.history || []).length].join(':');
    if (key === this.passedKey) return;
    this.passedKey = key;
    this.passedNotice = p;
    clearTimeout(this.passedTimer);
    this.passedTimer = setTimeout(() => {
      this.passedNotice = null;
      this.dropNotice('passed');
    }, PASSED_MS);
  }

  /**
   * A notice whose time ran out goes alone: the controls drawn anew would swallow a press held across the redraw on
   * one of their buttons (as the between-games countdown did).
   */
  dropNotice(test) {
    const notice = this.el && this.el.controls.querySelector(`[data-test="${test}"]`);
    if (notice) notice.remove();
  }

  /** Preselect the only checker that can move (e.g. the one on the bar). */
  autoSelect() {
    const b = this.builder;
    if (!b) return;
    const src = b.sources();
    this.selected = src.size === 1 ? [...src][0] : null;
    // chosen by the page, not the player: a tap on it only confirms it (it does not move it)
    this.autoSelected = this.selected !== null;
  }

  /** What the viewer may do now: the server's `actions` list (it asks core; the page judges nothing). */
  allowed(type) {
    return this.mine && Array.isArray(this.snap.actions) && this.snap.actions.includes(type);
  }

  async act(type, extra = {}) {
    if (this.busy || !this.snap) return;
    this.busy = true;
    this.error = '';
    // while the request is out, the board takes no steps: drop its active and movable marks too
    this.renderBoard();
    this.renderControls();
    try {
      const s = await api.action(this.id, this.snap.version, type, extra);
      this.busy = false;
      this.apply(s);
    } catch (e) {
      this.busy = false;
      if (e instanceof ApiError && e.status === 409 && e.data && e.data.snapshot) {
        this.info = t('game.moved_on');
        this.apply(e.data.snapshot);
      } else {
        this.error = e.message;
        if (this.builder) {
          this.builder.reset();
          this.autoSelect();
        }
        this.render();
      }
    }
  }

  /** Rolls; the auto-pass setting goes with it (the server passes a roll with no move, or holds it for Pass). */
  roll() {
    return this.act('roll', { autoPass: pref('passAuto') });
  }

  /** Settings that act by themselves, once per version. */
  maybeAuto() {
    const s = this.snap;
    if (!this.mine || this.busy || this.autoVersion === s.version) return;
    let run = null;
    let delay = 500;
    if (s.phase === 'ROLL' && pref('autoRoll') && !this.allowed('double') && !this.allowed('raccoon')) {
      run = () => this.roll();
    } else if (s.phase === 'MOVE' && this.builder) {
      const b = this.builder;
      if (b.noMove && pref('passAuto')) {
        // held for a Pass (auto-pass was off at the roll), and the player has turned it on since
        run = () => this.act('move', { move: 'pass' });
        delay = 900;
      } else if (!b.noMove && s.legalPlays.length === 1 && pref('autoForced')) {
        run = () => this.act('move', { move: s.legalPlays[0].move });
        delay = 700;
      }
    }
    if (!run) return;
    this.autoVersion = s.version;
    clearTimeout(this.autoTimer);
    const v = s.version;
    this.autoTimer = setTimeout(() => {
      if (this.snap.version === v) run();
    }, delay);
  }

  // ---- composing a play ----

  afterStep() {
    this.autoSelect();
    const done = this.builder.complete;
    if (done && pref('autoConfirm')) {
      this.act('move', { move: done.move });
      return;
    }
    this.render();
  }

  clickPoint(p) {
    const b = this.builder;
    if (!b || this.busy || p === null) return;
    if (this.selected !== null && p !== this.selected && b.destinations(this.selected).has(p)) {
      b.moveTo(this.selected, p);
      this.selected = null;
      this.afterStep();
      return;
    }
    if (this.selected === p && this.autoSelected) {
      // the page chose this checker (the only one that can move): the player's first tap selects it
      this.autoSelected = false;
      this.renderBoard();
      return;
    }
    if (this.selected === p && p !== 0 && variantOf(this.snap).usesDice !== false) {
      // a second tap plays the left die (BrainKing: dice are played left first); without dice
      // (Grasshopper) there is no "left die", so the player always picks the destination
      if (b.quickMove(p)) {
        this.selected = null;
        this.afterStep();
        return;
      }
    }
    this.selected = p !== 0 && b.sources().has(p) ? p : null;
    this.autoSelected = false;
    this.renderBoard();
  }

  pointOf(target) {
    const g = target && target.closest ? target.closest('[data-point]') : null;
    return g ? Number(g.getAttribute('data-point')) : null;
  }

  pointerDown(e) {
    if (!this.builder || this.busy || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const p = this.pointOf(e.target);
    this.drag = { from: p, x: e.clientX, y: e.clientY, id: e.pointerId, moving: false };
    if (p !== null && this.builder.sources().has(p)) {
      this.el.board.setPointerCapture(e.pointerId);
      e.preventDefault();
    }
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId || d.from === null || !this.builder.sources().has(d.from)) return;
    if (!d.moving) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 8) return;
      d.moving = true;
      this.selected = d.from;
      this.renderBoard();
      const svg = this.el.board.querySelector('svg');
      d.ghost = dragGhost(colorOf(viewerSeat(this.snap)));
      svg.appendChild(d.ghost);
    }
    const svg = this.el.board.querySelector('svg');
    const pt = svgPoint(svg, e);
    d.ghost.setAttribute('transform', `translate(${pt.x},${pt.y})`);
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    this.drag = null;
    if (d.ghost) d.ghost.remove();
    if (!d.moving) {
      this.clickPoint(d.from);
      return;
    }
    const p = this.pointOf(document.elementFromPoint(e.clientX, e.clientY));
    if (p !== null && p !== d.from && this.builder.destinations(d.from).has(p)) {
      this.builder.moveTo(d.from, p);
      this.selected = null;
      this.afterStep();
    } else {
      this.renderBoard();
    }
  }

  endDrag() {
    if (this.drag && this.drag.ghost) this.drag.ghost.remove();
    this.drag = null;
    this.renderBoard();
  }

  // ---- drawing ----

  render() {
    if (!this.snap) return;
    this.renderBoard();
    this.renderBars();
    this.renderControls();
    this.renderSide();
  }

  renderBoard() {
    const s = this.snap;
    if (!s) return;
    const b = this.builder;
    const targets = b && this.selected !== null ? new Set(b.destinations(this.selected).keys()) : new Set();
    const movable = b && !this.busy ? b.sources() : new Set();
    // between games the board stays as the last game ended, until the next one starts
    const last = s.between && s.between.lastBoard;
    const shown = last ? { ...s, board: { p0: last.p0, p1: last.p1 }, pool: last.pool || s.pool, pins: last.pins || [], dice: null, phase: 'OVER' } : s;
    const model = boardModel(shown, { flipped: pref('flip'), builder: b, selected: this.selected, targets, movable, label: t('game.board') });
    model.poolLabel = t('game.poolShort');
    model.labels = boardLabels(model);
    model.arrived = arrivals(this.model, model); // the checkers that just moved, drawn arriving
    const order = navOrder(pref('flip'));
    const present = (k) => (k === 'dice' ? !!model.labels.dice : k === 'cube' ? !!model.labels.cube : true);
    if (!this.navKey || !present(this.navKey)) this.navKey = order.find((k) => movable.has(k === 'bar' ? 25 : Number(k.slice(1)))) || 'p24';
    model.focus = this.navKey;
    // the board is drawn anew: the place the keyboard was on keeps the focus
    const focused = this.el.board.contains(document.activeElement);
    this.el.board.innerHTML = renderBoard(model);
    const svg = this.el.board.querySelector('svg');
    if (svg) svg.setAttribute('aria-describedby', 'board-keys');
    if (focused) this.focusPlace(this.navKey);
    this.el.board.classList.toggle('active', !!b && !this.busy);
    this.model = model;
  }

  renderBars() {
    const s = this.snap;
    const v = viewerSeat(s);
    const dice = variantOf(s).usesDice !== false;
    const bar = (el, seat, pips, pool, scored) => {
      const p = s.players[seat] || {};
      const acting = s.turn === seat && s.status !== 'finished';
      put(el, 
        h('span', { class: 'dot ' + colorOf(seat) }),
        h('a', { class: 'name', href: p.bot ? null : '#/player/' + encodeURIComponent(p.name || '') }, playerName(p)),
        s.you === seat ? h('span', { class: 'tag' }, t('game.you')) : null,
        dice ? h('span', { class: 'pips', title: t('game.pips') }, t('game.pipsShort', { n: pips })) : null,
        pool ? h('span', { class: 'pool', 'data-test': seat === v ? 'pool-count-me' : 'pool-count-opp' }, t('game.pool', { n: pool })) : null,
        scored !== null && scored !== undefined ? h('span', { class: 'scored', 'data-test': 'scored' }, t('game.scored', { n: scored })) : null,
        h('span', { class: 'pts' }, tn('points', s.score ? s.score[seat] : 0)),
        acting ? h('span', { class: 'turn-mark', 'data-test': seat === v ? 'my-turn' : 'their-turn' }, '●') : null,
        h('span', { class: 'clock', 'data-seat': seat }));
    };
    const m = this.model;
    bar(this.el.oppBar, 1 - v, m.pips ? m.pips.opp : 0, m.pool.opp, m.scored ? m.scored.opp : null);
    bar(this.el.meBar, v, m.pips ? m.pips.me : 0, m.pool.me, m.scored ? m.scored.me : null);
    this.renderClock();
  }

  /**
   * Once a second: the clocks, and the countdown to the next game between games. Only the countdown's text changes:
   * the controls drawn anew each second would swallow a press on Continue held across the redraw (the button under
   * the pointer at its release would be another one, so no click).
   */
  tick() {
    this.renderClock();
    const next = this.snap && this.snap.between && this.el.controls.querySelector('[data-test="next-game"]');
    if (next) next.textContent = this.nextGameText();
  }

  /** Both clocks (clock.js), ticking from the snapshot's. */
  renderClock() {
    const s = this.snap;
    if (!s || !this.el) return;
    const v = viewerSeat(s);
    const since = Date.now() - this.clockAt;
    this.el.board.parentNode.querySelectorAll('.clock').forEach((c) => {
      const seat = Number(c.getAttribute('data-seat'));
      // once the match is over it still shows where the clocks stopped
      const face = clockFace(s.clock, seat, since, s.forfeit ? s.forfeit.seat : null);
      c.setAttribute('data-test', seat === v ? 'clock-me' : 'clock-opp');
      c.classList.toggle('running', face.running);
      c.classList.toggle('low', face.low);
      c.textContent = face.text;
    });
  }

  status() {
    const s = this.snap;
    const name = (i) => playerName(s.players[i]);
    const me = s.you;
    if (s.status === 'finished') {
      const w = s.matchWinner;
      if (w === null || w === undefined) return t('status.finished');
      if (s.forfeit) {
        // a fallen flag: say whose, and that it decided the match whatever the score
        const lost = s.forfeit.seat;
        if (lost === me) return t('status.youLostOnTime', { name: name(w) });
        return w === me ? t('status.youWonOnTime', { name: name(lost) }) : t('status.lostOnTime', { name: name(lost), winner: name(w) });
      }
      return w === me ? t('status.youWonMatch') : t('status.wonMatch', { name: name(w) });
    }
    const mine = this.mine;
    if (s.between) return t('status.between', { n: s.between.gameNo });
    switch (s.phase) {
      case 'OPENING':
        return t('status.opening');
      case 'ROLL':
        if (mine) return this.allowed('double') ? t('status.rollOrDouble') : t('status.roll');
        return t('status.waitRoll', { name: name(s.turn) });
      case 'MOVE': {
        const dice = s.dice ? s.dice.join('-') : '';
        if (!s.dice) return mine ? t('status.moveNoDice') : t('status.waitMoveNoDice', { name: name(s.turn) });
        if (!mine) return t('status.waitMove', { name: name(s.turn), dice });
        if (this.builder && this.builder.noMove) return t('status.noMove', { dice });
        return t('status.move', { dice });
      }
      case 'DOUBLE_OFFERED': {
        const value = s.cube.next;
        if (mine) return t('status.doubled', { name: name(s.onRoll), value });
        return s.onRoll === me ? t('status.youDoubled', { name: name(s.turn), value }) : t('status.doubleOffered', { name: name(s.onRoll), value });
      }
      case 'RESIGN_OFFERED': {
        const r = s.resign || {};
        const level = resignLevelText(r.level);
        if (mine) return t('status.resignOffered', { name: name(r.by), level });
        return r.by === me ? t('status.youResigned', { level }) : t('status.resigns', { name: name(r.by), level });
      }
      case 'OVER': {
        const r = s.result;
        if (!r) return t('status.finished');
        if (r.winner === null) return t('result.draw');
        return t('status.gameWon', { name: name(r.winner), points: tn('points', r.points), end: endText(r.end, r.multiplier) });
      }
      default:
        return '';
    }
  }

  renderControls() {
    // the controls are drawn anew: a keyboard user's focus stays on the same button, or the turn's main one; a play
    // being typed keeps its text and caret while the position is the same
    const active = document.activeElement;
    const had = this.el.controls.contains(active) && active !== this.el.controls ? active.getAttribute('data-test') || '' : null;
    const box = this.el.controls.querySelector('[data-test="move-input"]');
    const typed = typedEntry(box, this.entryVersion, !!box && box === active);
    this.drawControls();
    this.entryVersion = this.snap ? this.snap.version : null;
    if (restoreEntry(typed, this.el.controls.querySelector('[data-test="move-input"]'), this.entryVersion)) return;
    if (had === null) return;
    const c = this.el.controls;
    const same = had && c.querySelector(`[data-test="${had}"]:not([disabled])`);
    const next = same || c.querySelector('.buttons button.primary:not([disabled])') || c.querySelector('button:not([disabled]), input');
    if (next) next.focus();
    else this.focusPlace(this.navKey);
  }

  drawControls() {
    const s = this.snap;
    const c = clear(this.el.controls);
    if (!s) {
      if (this.error) c.append(h('div', { class: 'error', 'data-test': 'error' }, this.error));
      return;
    }
    if (this.accepted) {
      c.append(h('div', { class: 'notice accepted', 'data-test': 'accepted-notice', role: 'alert' }, this.accepted));
    }
    c.append(h('div', { class: 'status', 'data-test': 'game-status', 'data-phase': s.phase }, this.status()));
    if (s.between && s.result && s.status !== 'finished') this.resultPanel(c);
    const btn = (test, label, onclick, cls = '') =>
      h('button', { type: 'button', 'data-test': test, class: cls, disabled: this.busy, onclick }, label);
    const row = h('div', { class: 'buttons' });
    const after = []; // drawn under the buttons: typed move entry, hints
    const b = this.builder;
    if (this.passedNotice) {
      const p = this.passedNotice;
      const dice = p.dice.join('-');
      c.append(h('div', { class: 'notice passed', 'data-test': 'passed', 'data-player': p.player, role: 'status' },
        p.player === s.you ? t('passed.you', { dice }) : t('passed.other', { name: playerName(s.players[p.player]), dice })));
    }
    if (this.mine) {
      if (this.allowed('roll')) row.append(btn('roll', t('btn.roll'), () => this.roll(), 'primary'));
      if (this.allowed('double')) row.append(btn('double', t('btn.double', { value: s.cube.next }), () => this.act('double')));
      if (this.allowed('raccoon')) row.append(btn('raccoon', t('btn.raccoon'), () => this.act('raccoon')));
      if (this.allowed('move') && b) {
        if (b.noMove) {
          c.append(h('div', { class: 'notice', 'data-test': 'no-move' }, t('game.noMove')));
          row.append(btn('pass', t('btn.pass'), () => this.act('move', { move: 'pass' }), 'primary'));
        } else if (b.mismatch) {
          // our step rules could not rebuild the server's plays: let the player pick a whole play
          c.append(h('div', { class: 'plays' }, t('game.choosePlay'), ' ',
            (s.legalPlays || []).map((p) => btn('play-option', p.move, () => this.act('move', { move: p.move })))));
        } else {
          const doubles = b.doubleChoices;
          if (doubles.length) {
            // Acey-deucey's 1-2: the 1, the 2, then the double the player picks here
            c.append(h('div', { class: 'plays', 'data-test': 'choose-double' }, t('game.chooseDouble'), ' ',
              doubles.map((n) => btn(`pick-double-${n}`, `${n}-${n}`, () => { b.chooseDouble(n); this.autoSelect(); this.render(); },
                b.chosen === n ? 'primary small' : 'small'))));
          }
          const whole = b.complete;
          c.append(b.steps.length
            ? h('div', { class: 'pending', 'data-test': 'pending-move' }, whole ? whole.move : stepText(b.steps))
            : h('div', { class: 'prompt', 'data-test': 'pending-move' }, t('game.movePrompt')));
          row.append(btn('undo', t('btn.undo'), () => { b.undo(); this.autoSelect(); this.render(); }));
          if (b.canSwap) row.append(btn('swap-dice', t('btn.swap'), () => { b.swap(); this.render(); }));
          const done = b.complete;
          const confirm = btn('confirm-move', t('btn.confirm'), () => done && this.act('move', { move: done.move }), 'primary');
          confirm.disabled = this.busy || !done;
          row.append(confirm);
          row.querySelector('[data-test="undo"]').disabled = this.busy || b.steps.length === 0;
          if (this.hintAllowed()) row.append(btn('hint', t('btn.hint'), () => this.hint()));
        }
        if (!b.noMove) after.push(this.moveEntry());
        if (this.hints) {
          after.push(h('ol', { class: 'hint-list', 'data-test': 'hint-list' }, this.hints.map((p, i) =>
            h('li', {}, btn('hint-play', p.move, () => this.act('move', { move: p.move }), i === 0 ? 'primary small' : 'small'),
              ' ', h('span', { class: 'muted' }, i === 0 ? t('hint.best', { eq: p.equity.toFixed(3) }) : t('hint.loss', { loss: p.loss.toFixed(3) }))))));
        }
      }
      if (this.allowed('take')) row.append(btn('take', t('btn.take'), () => this.act('take'), 'primary'));
      if (this.allowed('drop')) row.append(btn('drop', t('btn.drop'), () => this.act('drop')));
      if (this.allowed('beaver')) row.append(btn('beaver', t('btn.beaver'), () => this.act('beaver')));
      if (this.allowed('accept')) row.append(btn('accept-resign', t('btn.acceptResign'), () => this.act('accept'), 'primary'));
      if (this.allowed('reject')) row.append(btn('reject-resign', t('btn.rejectResign'), () => this.act('reject')));
      if (this.allowed('resign')) {
        row.append(btn('resign', t('btn.resign'), () => { this.resignOpen = !this.resignOpen; this.renderControls(); }, 'quiet'));
      }
    }
    if (row.childNodes.length) c.append(row);
    c.append(...after);
    if (this.resignOpen && this.allowed('resign')) {
      c.append(h('div', { class: 'buttons resign-choice' }, t('game.resignAs'), ' ',
        [1, 2, 3].map((l) => btn('resign-' + l, resignLevelText(l), () => this.act('resign', { level: l }), 'danger'))));
    }
    if (this.error) c.append(h('div', { class: 'error', 'data-test': 'error' }, this.error));
    if (this.info) c.append(h('div', { class: 'info' }, this.info));
    this.info = '';
  }

  /** Position ID:Match ID and XGID under the board, each with a copy button (backgammon and Nackgammon). */
  renderIds() {
    const s = this.snap;
    const line = (label, test, text) => h('div', { class: 'id-line' },
      h('span', { class: 'muted' }, label, ' '), h('code', { 'data-test': test }, text), ' ',
      h('button', { type: 'button', class: 'quiet small', 'data-test': 'copy-' + test, onclick: (e) => copyText(text, e.target) }, t('btn.copy')));
    put(this.el.ids,
      s.gnubgId ? line(t('game.gnubgId'), 'gnubg-id', s.gnubgId) : null,
      s.xgid ? line('', 'xgid', s.xgid) : null);
  }

  /**
   * Between games: who won the last one, how (single game, gammon, backgammon, a drop), the points and
   * the cube, and the new score. The server starts the next game when both players continue, or by itself
   * after a few seconds (`between.startsIn`); no clock runs meanwhile.
   */
  resultPanel(c) {
    const s = this.snap;
    const r = s.result;
    const w = s.between;
    const name = playerName(s.players[r.winner]);
    const score = s.score || [0, 0];
    const said = r.winner === null ? t('result.draw') : t('h.result', { name, points: tn('points', r.points), end: endText(r.end, r.multiplier) });
    c.append(h('div', { class: 'result-panel', 'data-test': 'last-result', role: 'status' },
      h('h4', {}, t('game.gameNo', { n: w.gameNo - 1 }), ': ', said),
      r.cube > 1 ? h('div', {}, t('result.cube', { value: r.cube })) : null,
      h('div', { 'data-test': 'result-score' }, t('result.score', { white: playerName(s.players[0]), black: playerName(s.players[1]), a: score[0], b: score[1] })),
      h('div', { class: 'muted', 'data-test': 'next-game' }, this.nextGameText()),
      Array.isArray(s.actions) && s.actions.includes('continue')
        ? h('button', { type: 'button', class: 'primary small', 'data-test': 'continue', disabled: this.busy, onclick: () => this.act('continue') }, t('btn.continue'))
        : null));
  }

  /** Between games: when the next game starts, and who waits for whom (the opponent pressed Continue: say so). */
  nextGameText() {
    const s = this.snap;
    const w = s.between;
    const you = s.you === 0 || s.you === 1 ? s.you : null;
    const other = you === null ? null : 1 - you;
    const left = Math.max(0, Math.ceil((w.startsIn - (Date.now() - this.clockAt)) / 1000));
    if (you !== null && w.ready[you] && !w.ready[other]) return t('between.waiting', { name: playerName(s.players[other]), n: left });
    if (you !== null && w.ready[other] && !w.ready[you]) return t('between.otherReady', { name: playerName(s.players[other]), n: left });
    return t('between.startsIn', { n: left });
  }

  /** Hints only against the computer, in the variants the server says its networks judge (never between people). */
  hintAllowed() {
    const s = this.snap;
    const opp = s.players[1 - s.you];
    return !!opp && !!opp.bot && !!s.variant && !!s.variant.analysis;
  }

  /**
   * The computer's best plays, shown only for the position they were asked about: an answer that comes after the
   * opponent played or a checker moved is for a position the board no longer shows, and is dropped.
   */
  async hint() {
    const asked = this.hintKey();
    try {
      const plays = (await api.hint(this.id)).plays || [];
      if (!hintStillFresh(asked, this.hintKey())) return;
      this.hints = plays;
    } catch (e) {
      if (!hintStillFresh(asked, this.hintKey())) return;
      this.error = e.message;
    }
    this.renderControls();
  }

  /** The position a hint is for: the snapshot's version and the steps of the play being composed. */
  hintKey() {
    return hintKey(this.snap ? this.snap.version : null, this.builder ? this.builder.steps : []);
  }

  /** Typing a whole play ("13/7 8/7", "bar/22"): sent as written, the server judges it. */
  moveEntry() {
    const input = h('input', { 'data-test': 'move-input', placeholder: t('game.typeMove'), 'aria-label': t('game.typeMove'), autocomplete: 'off', spellcheck: false });
    const send = () => {
      const text = input.value.trim();
      if (text) this.act('move', { move: text });
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') send();
    });
    return h('div', { class: 'move-entry' }, input,
      h('button', { type: 'button', 'data-test': 'move-send', disabled: this.busy, onclick: send }, t('btn.send')));
  }

  renderSide() {
    this.renderIds();
    const s = this.snap;
    put(this.el.score, scoreLine(s), h('div', { class: 'rules-line' }, rulesSummary(s.rules, s.mode, false)));
    put(this.el.sheet, scoreSheet(s));
    const list = clear(this.el.history);
    let game = null;
    (s.history || []).forEach((e, i) => {
      if (e.gameNo !== game) {
        game = e.gameNo;
        list.append(h('li', { class: 'game-no' }, t('game.gameNo', { n: game })));
      }
      const li = h('li', { class: 'entry ' + e.type },
        e.player === 0 || e.player === 1 ? h('span', { class: 'dot ' + colorOf(e.player) }) : null, ' ', historyText(e, s));
      if (this.marks) markItem(li, this.marks.get(i));
      list.append(li);
    });
    if (!this.marks) list.scrollTop = list.scrollHeight;
    if (s.status === 'finished' && !this.el.analysis.firstChild) {
      // the match is over: the bot's analysis may be asked for (never while it goes on)
      this.el.analysis.append(analysisPanel(s, (a) => {
        this.marks = pairDecisions(this.snap.history, a.decisions);
        this.renderSide();
      }));
    }
    const id = encodeURIComponent(s.id);
    put(this.el.links, 
      s.status === 'finished' ? h('a', { href: `#/replay/${id}`, 'data-test': 'replay-link' }, t('nav.replay')) : null,
      h('a', { href: `#/dice/${id}`, 'data-test': 'dice-link' }, t('nav.dice')),
      exportLinks(s),
      s.commitment ? h('div', { class: 'commitment', title: t('dice.commitment') }, t('dice.commitment') + ': ', h('code', {}, s.commitment.slice(0, 16) + '…')) : null);
  }
}
