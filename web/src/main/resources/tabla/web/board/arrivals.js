// Which points a checker has just arrived on, from the board drawn before to the board drawn now: the page marks the
// top checker there, and the stylesheet animates it into place (not under prefers-reduced-motion). Keys: "me:N" and
// "opp:N" for my points 1–24, the bar (25) and the tray (0), from the viewer's side.

const theirsAt = (m, n) => (n === 0 || n === 25 ? m.opp[n] : m.oppAt ? m.oppAt[n] : m.opp[25 - n]) || 0;

/** The places whose count of a side's checkers grew; empty when there is no board before (a first drawing). */
export function arrivals(before, now) {
  const out = new Set();
  if (!before || !now) return out;
  for (let n = 0; n <= 25; n++) {
    if ((now.me[n] || 0) > (before.me[n] || 0)) out.add('me:' + n);
    if (theirsAt(now, n) > theirsAt(before, n)) out.add('opp:' + n);
  }
  return out;
}
