// #/replay/ID: step through a game by replaying the snapshot's history (moves are written from
// the mover's side, so each is applied to that seat's view of the board).

import { api } from './api.js';
import { h, put } from './dom.js';
import { t } from './i18n.js';
import { pref, setPref } from './prefs.js';
import { applyPlay, startingSide, pips } from './moves.js';
import { renderBoard } from './board-svg.js';
import { colorOf, viewerSeat, nextCube, diceOfEntry, boardModel } from './board-model.js';
import { historyText, scoreLine, scoreSheet, exportLinks } from './game-text.js';
import { analysisPanel, pairDecisions, markItem, markOf, decisionText } from './analysis.js';

/** One frame per history entry (plus each game's start): the board after it, cube and dice. */
export function buildFrames(snap) {
  const frames = [];
  const rules = snap.rules || {};
  let sides = null;
  let cube = null;
  let game = null;
  let autoDoubles = 0;
  let ok = true;
  for (let i = 0; i < (snap.history || []).length; i++) {
    const e = snap.history[i];
    if (e.gameNo !== game) {
      game = e.gameNo;
      // variants: the server sends the board after each entry (their set-ups and moves are not backgammon's)
      const first = e.board && e.type !== 'move' ? e.board : null;
      sides = first ? [first.p0.slice(), first.p1.slice()] : [startingSide(), startingSide()];
      cube = { value: 1, owner: null, offered: false };
      autoDoubles = 0;
      frames.push({ gameNo: game, entry: null, index: -1, sides: sides.map((s) => s.slice()), cube: { ...cube }, dice: null, board: first });
    }
    let dice = null;
    let roller = e.player;
    cube.offered = false;
    switch (e.type) {
      case 'move': {
        dice = diceOfEntry(e);
        const text = String(e.text || '').replace(/^\d\d:\s*/, '');
        if (e.board) {
          sides = [e.board.p0.slice(), e.board.p1.slice()];
          break;
        }
        try {
          const p = e.player;
          const after = applyPlay({ me: sides[p], opp: sides[1 - p] }, text);
          sides[p] = after.me;
          sides[1 - p] = after.opp;
          if (![...after.me, ...after.opp].every((c) => c >= 0)) ok = false;
        } catch (x) {
          ok = false;
        }
        break;
      }
      case 'rolloff': {
        const m = /^(\d)-(\d)$/.exec(e.text || '');
        if (m && m[1] === m[2] && rules.cube !== false && autoDoubles < (rules.automaticDoubles || 0)) {
          autoDoubles++;
          cube.value = nextCube(rules, cube.value);
        }
        if (m) {
          dice = [Number(m[1]), Number(m[2])];
          roller = null;
        }
        break;
      }
      case 'double':
        cube.offered = true;
        break;
      case 'take':
        cube.value = nextCube(rules, cube.value);
        cube.owner = e.player;
        break;
      case 'beaver':
        cube.value = nextCube(rules, nextCube(rules, cube.value));
        cube.owner = e.player;
        break;
      case 'raccoon':
        cube.value = nextCube(rules, cube.value);
        cube.owner = e.player;
        break;
      default:
        break;
    }
    frames.push({ gameNo: game, entry: e, index: i, sides: sides.map((s) => s.slice()), cube: { ...cube }, dice, roller, board: e.board || null });
  }
  return { frames, ok };
}

export function replayPage(root, id) {
  put(root, h('p', {}, t('common.loading')));
  api.game(id).then((snap) => show(root, snap), (e) => {
    put(root, h('div', { class: 'error', 'data-test': 'error' }, e.message));
  });
}

function show(root, snap) {
  const { frames, ok } = buildFrames(snap);
  const v = viewerSeat(snap);
  let at = frames.length - 1;
  const boardEl = h('div', { class: 'board-wrap', 'data-test': 'board' });
  const caption = h('div', { class: 'status', 'data-test': 'replay-caption' });
  const verdict = h('div', { class: 'replay-analysis', 'data-test': 'replay-analysis', hidden: true });
  let marks = null; // history index → analysed decision
  const list = h('ol', { class: 'history replay-list', 'data-test': 'history' });
  const slider = h('input', { type: 'range', min: 0, max: Math.max(0, frames.length - 1), value: at, 'data-test': 'replay-slider', oninput: (e) => go(Number(e.target.value)) });

  const items = frames.map((f, i) => {
    const li = h('li', { class: 'entry' + (f.entry ? '' : ' game-no'), onclick: () => go(i) },
      f.entry ? [f.entry.player === 0 || f.entry.player === 1 ? h('span', { class: 'dot ' + colorOf(f.entry.player) }) : null, ' ', historyText(f.entry, snap)] : t('game.gameNo', { n: f.gameNo }));
    list.append(li);
    return li;
  });

  function draw() {
    const f = frames[at];
    let model;
    if (!f || !ok) {
      // history could not be replayed: show the final board the server sent
      const b = snap.board || { p0: new Array(26).fill(0), p1: new Array(26).fill(0) };
      model = { me: b['p' + v], opp: b['p' + (1 - v)] };
    } else if (f.board) {
      // a variant's board: geometry, pools and pins drawn as on the game page
      model = boardModel({ ...snap, board: { p0: f.board.p0, p1: f.board.p1 }, pool: f.board.pool, pins: f.board.pins, phase: 'OVER', cube: null }, { flipped: pref('flip'), label: t('game.board') });
    } else {
      model = { me: f.sides[v], opp: f.sides[1 - v] };
    }
    Object.assign(model, {
      meColor: colorOf(v),
      oppColor: colorOf(1 - v),
      flipped: pref('flip'),
      pips: model.pips !== undefined ? model.pips : { me: pips(model.me), opp: pips(model.opp) },
      label: t('game.board'),
    });
    if (f && ok) {
      const rollerColor = f.roller === 0 || f.roller === 1 ? colorOf(f.roller) : 'white';
      if (f.dice) model.dice = { list: (f.dice[0] === f.dice[1] && f.roller !== null ? [f.dice[0], f.dice[0], f.dice[0], f.dice[0]] : f.dice).map((value) => ({ value, used: false })), color: rollerColor };
      if (snap.rules && snap.rules.cube !== false) {
        const c = f.cube;
        model.cube = c.offered
          ? { value: nextCube(snap.rules, c.value), offered: true }
          : { value: c.value, where: c.owner === v ? 'me' : c.owner === 1 - v ? 'opp' : 'middle', geometric: snap.rules.stakes !== 'ARITHMETIC' };
      }
    }
    boardEl.innerHTML = renderBoard(model);
    caption.textContent = f && f.entry ? t('replay.step', { n: at, total: frames.length - 1 }) + ' — ' + historyText(f.entry, snap) : f ? t('game.gameNo', { n: f.gameNo }) : '';
    const d = marks && f && f.entry ? marks.get(f.index) : null;
    verdict.hidden = !d;
    if (d) {
      const mark = markOf(d);
      verdict.className = 'replay-analysis' + (mark ? ' bad' : '');
      put(verdict, mark ? h('b', {}, mark + ' ') : null, decisionText(d));
    }
    items.forEach((li, i) => li.classList.toggle('current', i === at));
    slider.value = at;
    // keep the current item in view by scrolling the list only (not the page, which hid the board)
    const li = items[at];
    if (li && list.isConnected) {
      const lr = list.getBoundingClientRect();
      const ir = li.getBoundingClientRect();
      if (ir.top < lr.top) list.scrollTop -= lr.top - ir.top;
      else if (ir.bottom > lr.bottom) list.scrollTop += ir.bottom - lr.bottom;
    }
  }
  function go(i) {
    at = Math.max(0, Math.min(frames.length - 1, i));
    draw();
  }
  const btn = (test, label, fn) => h('button', { type: 'button', 'data-test': test, onclick: fn }, label);
  const gameStart = (dir) => {
    for (let i = at + dir; i >= 0 && i < frames.length; i += dir) if (!frames[i].entry) return go(i);
    go(dir < 0 ? 0 : frames.length - 1);
  };
  const id = encodeURIComponent(snap.id);
  put(root, h('div', { class: 'game replay' },
    h('div', { class: 'board-col' },
      boardEl,
      caption,
      verdict,
      ok ? null : h('div', { class: 'notice' }, t('replay.cannotReplay')),
      h('div', { class: 'buttons' },
        btn('replay-first', '|◀', () => go(0)),
        btn('replay-prev-game', t('replay.prevGame'), () => gameStart(-1)),
        btn('replay-prev', '◀', () => go(at - 1)),
        btn('replay-next', '▶', () => go(at + 1)),
        btn('replay-next-game', t('replay.nextGame'), () => gameStart(1)),
        btn('replay-last', '▶|', () => go(frames.length - 1)),
        h('label', { class: 'opt' }, h('input', { type: 'checkbox', 'data-test': 'opt-flip', checked: pref('flip'), onchange: (e) => { setPref('flip', e.target.checked); draw(); } }), ' ', t('opt.flip'))),
      slider),
    h('aside', { class: 'side' },
      h('section', {}, h('h3', {}, t('game.score')), h('div', { 'data-test': 'score' }, scoreLine(snap)), scoreSheet(snap)),
      snap.status === 'finished' ? analysisPanel(snap, (a) => {
        marks = pairDecisions(snap.history, a.decisions);
        // on the replay, a tap on an item shows its step, and the caption says the rest
        frames.forEach((f, i) => f.entry && markItem(items[i], marks.get(f.index), false));
        draw();
      }) : null,
      h('section', {}, h('h3', {}, t('game.history')), list),
      h('div', { class: 'links' },
        snap.status !== 'finished' ? h('a', { href: `#/game/${id}` }, t('replay.backToGame')) : null,
        h('a', { href: `#/dice/${id}`, 'data-test': 'dice-link' }, t('nav.dice')),
        exportLinks(snap)))));
  document.onkeydown = (e) => {
    if (!root.isConnected || !boardEl.isConnected) return;
    if (e.key === 'ArrowLeft') go(at - 1);
    if (e.key === 'ArrowRight') go(at + 1);
  };
  draw();
}
