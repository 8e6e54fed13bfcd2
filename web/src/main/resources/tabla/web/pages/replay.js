// #/replay/ID: step through a finished match. Once a match is over, every history entry carries the
// server's state after it (board, cube, dice): the replay draws those and works out no rule itself.

import { api, request, currentUser } from '../net/api.js';
import { h, put } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { pref, setPref } from '../ui/prefs.js';
import { renderBoard } from '../board/board-svg.js';
import { colorOf, viewerSeat, boardModel, cubeMatters } from '../board/board-model.js';
import { historyText, scoreLine, scoreSheet, exportLinks } from '../board/game-text.js';
import { buildFrames, isPlay } from '../board/replay-frames.js';
import { analysisPanel, pairDecisions, markItem, markOf, decisionText } from './analysis.js';
import { rolloutButton } from './rollout.js';

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
  const hints = h('div', { 'data-test': 'replay-hints' });
  let marks = null; // history index → analysed decision
  const list = h('ol', { class: 'history replay-list', 'data-test': 'history' });
  const slider = h('input', { type: 'range', min: 0, max: Math.max(0, frames.length - 1), value: at, 'aria-label': t('replay.slider'), 'data-test': 'replay-slider', oninput: (e) => go(Number(e.target.value)) });

  const items = frames.map((f, i) => {
    const li = h('li', { class: 'entry' + (f.entry ? '' : ' game-no'), onclick: () => go(i) },
      f.entry ? [f.entry.player === 0 || f.entry.player === 1 ? h('span', { class: 'dot ' + colorOf(f.entry.player) }) : null, ' ', historyText(f.entry, snap)] : t('game.gameNo', { n: f.gameNo }));
    list.append(li);
    return li;
  });

  function draw() {
    const f = ok ? frames[at] : null;
    // without states (a match going on) the board the server sent now
    const b = f ? f.board : snap.board;
    const model = boardModel({ ...snap, board: { p0: b.p0, p1: b.p1 }, pool: b.pool || snap.pool, pins: b.pins || snap.pins, phase: 'OVER', cube: null }, { flipped: pref('flip'), label: t('game.board') });
    if (f) {
      const rollerColor = f.roller === 0 || f.roller === 1 ? colorOf(f.roller) : 'white';
      if (f.dice) model.dice = { list: (f.dice[0] === f.dice[1] && f.roller !== null ? [f.dice[0], f.dice[0], f.dice[0], f.dice[0]] : f.dice).map((value) => ({ value, used: false })), color: rollerColor };
      const c = f.cube;
      if (c && cubeMatters(snap.rules)) {
        model.cube = f.entry && f.entry.type === 'double'
          ? { value: c.next, offered: true }
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
    // a hint is for a play: on a roll, a cube action, a result or a game's heading the button asked, and got an error
    if (hintButton) hintButton.disabled = !(f && isPlay(f.entry));
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
    put(hints);
    draw();
  }
  /** The computer's best plays for the play of this step (the server judges which steps have one). */
  async function hint() {
    const f = frames[at];
    if (!f || !f.entry) return;
    try {
      const r = await api.hintAt(snap.id, f.index);
      put(hints, h('ol', { class: 'hint-list', 'data-test': 'hint-list' }, (r.plays || []).map((p, i) =>
        h('li', {}, h('b', {}, p.move), ' ', h('span', { class: 'muted' }, i === 0 ? t('hint.best', { eq: p.equity.toFixed(3) }) : t('hint.loss', { loss: p.loss.toFixed(3) }))))),
      // a member may roll the position out (before its roll: the rollout plays every roll)
      r.position && currentUser() && !currentUser().guest ? rolloutButton({ position: r.position }, request) : null);
    } catch (e) {
      put(hints, h('div', { class: 'error' }, e.message));
    }
  }
  const btn = (test, label, fn) => h('button', { type: 'button', 'data-test': test, onclick: fn }, label);
  const gameStart = (dir) => {
    for (let i = at + dir; i >= 0 && i < frames.length; i += dir) if (!frames[i].entry) return go(i);
    go(dir < 0 ? 0 : frames.length - 1);
  };
  const id = encodeURIComponent(snap.id);
  const hintButton = snap.status === 'finished' ? btn('replay-hint', t('btn.hint'), hint) : null;
  put(root, h('div', { class: 'game replay' },
    h('div', { class: 'board-col' },
      boardEl,
      caption,
      verdict,
      hints,
      ok ? null : h('div', { class: 'notice' }, t('replay.cannotReplay')),
      h('div', { class: 'buttons' },
        btn('replay-first', '|◀', () => go(0)),
        btn('replay-prev-game', t('replay.prevGame'), () => gameStart(-1)),
        btn('replay-prev', '◀', () => go(at - 1)),
        btn('replay-next', '▶', () => go(at + 1)),
        btn('replay-next-game', t('replay.nextGame'), () => gameStart(1)),
        btn('replay-last', '▶|', () => go(frames.length - 1)),
        hintButton,
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
    // the slider steps by itself with the arrow keys: stepping here too went two steps a press
    if (e.target === slider) return;
    if (e.key === 'ArrowLeft') go(at - 1);
    if (e.key === 'ArrowRight') go(at + 1);
  };
  draw();
}
