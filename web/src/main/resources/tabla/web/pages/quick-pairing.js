// The lobby's quick pairing: one button per common time control and match length (and correspondence). A click joins
// the oldest open seek of someone else with exactly those settings, or, when there is none, opens one for the next
// person; the server decides everything else (its default rules for a backgammon match of that length).

import { h } from '../ui/dom.js';
import { t, tn } from '../i18n/i18n.js';

const DAY = 86400;

/** The buttons: live with a preset clock ({reserve, delay} in seconds, as seeks show them), or correspondence. */
export const QUICK = [
  { key: 'blitz-1', mode: 'live', preset: 'blitz', reserve: 60, delay: 8, length: 1 },
  { key: 'blitz-3', mode: 'live', preset: 'blitz', reserve: 60, delay: 8, length: 3 },
  { key: 'standard-5', mode: 'live', preset: 'standard', reserve: 120, delay: 12, length: 5 },
  { key: 'standard-7', mode: 'live', preset: 'standard', reserve: 120, delay: 12, length: 7 },
  { key: 'corr-5', mode: 'correspondence', secondsPerMove: DAY, length: 5 },
];

/** What POST /api/seeks takes for quick pairing {@code q}. */
export function quickSeek(q) {
  const body = { rules: { matchLength: q.length }, mode: q.mode };
  if (q.mode === 'live') body.clock = { preset: q.preset };
  else body.secondsPerMove = q.secondsPerMove;
  return body;
}

/** Whether open seek {@code s} (GET /api/seeks) is one quick pairing {@code q} joins: same settings, open to me. */
export function fits(s, q, myName) {
  if (!s || s.creator === myName || s.invitee || s.inYourRange === false || s.mode !== q.mode) return false;
  const r = s.rules || {};
  if ((r.variant || 'backgammon') !== 'backgammon' || r.matchLength !== q.length) return false;
  if (q.mode === 'live') return !!s.clock && s.clock.reservePerPoint === q.reserve && s.clock.delay === q.delay;
  return !s.clock && s.secondsPerMove === q.secondsPerMove;
}

/** The seek {@code q} joins among {@code seeks}: the oldest that fits (the list comes newest first), or null. */
export function seekToJoin(seeks, q, myName) {
  const fitting = (seeks || []).filter((s) => fits(s, q, myName));
  return fitting.length ? fitting[fitting.length - 1] : null;
}

/** The button's words: "Blitz · 3-point match", "Correspondence · 5-point match". */
export function quickLabel(q) {
  return (q.mode === 'live' ? t('clock.' + q.preset) : t('mode.correspondence')) + ' · ' + tn('matchTo', q.length);
}

/** The card: {@code pair(q)} seeks or joins for button q. */
export function quickCard(pair) {
  return h('section', { class: 'card quick', 'data-test': 'quick-pairing' },
    h('h2', {}, t('lobby.quick')),
    h('div', { class: 'buttons' }, QUICK.map((q) =>
      h('button', { type: 'button', 'data-test': 'quick-' + q.key, onclick: () => pair(q) }, quickLabel(q)))),
    h('p', { class: 'hint' }, t('lobby.quickHint')));
}
