// Points and notation shared by the board: the bar and off, pip counts, a composed play as text.
// Composing plays is step-builder.js's, from the server's steps; no movement rule lives here.

export const BAR = 25;
export const OFF = 0;

export function pips(side) {
  let s = 0;
  for (let i = 1; i <= 25; i++) s += i * side[i];
  return s;
}

export function stepText(steps) {
  return steps.map((s) => `${s.from === BAR ? 'bar' : s.from}/${s.to === OFF ? 'off' : s.to}${s.hit ? '*' : ''}`).join(' ');
}
