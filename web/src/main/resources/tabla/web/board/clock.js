// The match clocks as the board shows them, ticking from the snapshot's `clock` (the server decides when a flag
// falls): each player's reserve, and for the one whose clock runs, what is left of his delay first ("+8"). A
// per-move limit (no reserve, as correspondence's days per move) shows only the time left to the player to act.

import { t } from '../i18n/i18n.js';

/** A clock's seconds as m:ss, h:mm:ss, or days and hours. */
export function clockText(left) {
  const d = Math.floor(left / 86400);
  const hh = Math.floor((left % 86400) / 3600);
  const mm = Math.floor((left % 3600) / 60);
  const ss = left % 60;
  const two = (n) => String(n).padStart(2, '0');
  return d > 0 ? t('time.clock', { d, h: hh }) : hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

/**
 * What seat's clock shows `sinceSnapshot` ms after the snapshot's clock `k` was read: {text, running, low}; text ''
 * when it shows nothing (no clock, or the idle side of a per-move limit). `fallen`: the seat that lost the match on
 * time, whose clock shows 0:00 whatever reserve it kept (a flag can fall on a per-move limit with reserve left).
 */
export function clockFace(k, seat, sinceSnapshot, fallen = null) {
  if (k && fallen === seat) return { text: clockText(0), running: false, low: true };
  const running = !!k && k.running === seat;
  const perMove = !!k && k.reserve[0] <= 0 && k.reserve[1] <= 0 && k.delay > 0;
  if (!k || (perMove && !running)) return { text: '', running, low: false };
  const elapsed = Math.max(0, sinceSnapshot - k.startsIn);
  const delayLeft = running ? Math.max(0, k.delayLeft - elapsed) : 0;
  const reserve = Math.max(0, k.reserve[seat] - (running ? Math.max(0, elapsed - k.delayLeft) : 0));
  const secs = (ms) => Math.ceil(ms / 1000);
  const text = perMove ? clockText(secs(delayLeft))
    : (running && delayLeft > 0 ? '+' + secs(delayLeft) + ' · ' : '') + clockText(secs(reserve));
  return { text, running, low: !perMove && reserve < 30000 };
}
