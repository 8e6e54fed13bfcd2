// Composing a play in any variant from the single moves the server sends with each legal play
// (`legalPlays[i].steps`: [from, to, hit] in the mover's numbering, 25 = the bar or the pool). It
// knows no movement rules at all, so Fevga's blocks, Plakoto's pins, Race's pool and Grasshopper's
// walls come out right: a step is offered when some legal play still contains it and a checker
// stands on its start. The one builder of the board, for every variant: it judges nothing itself.
// The left die is played first on a tap (BrainKing); "swap dice" makes the right one first.

import { BAR, OFF, stepText } from './moves.js';

/** The opponent's point lying on my point p (1..24), per variant geometry (core Geometry.other). */
export function otherPoint(geometry, p) {
  if (geometry === 'PARALLEL') return ((p + 11) % 24) + 1;
  if (geometry === 'SAME') return p;
  return 25 - p;
}

const key = (s) => `${s.from}/${s.to}/${s.hit ? 1 : 0}`;

/** A multiset of step keys as a Map key → count. */
function bag(steps) {
  const m = new Map();
  for (const s of steps) m.set(key(s), (m.get(key(s)) || 0) + 1);
  return m;
}

/** Whether bag `small` fits inside bag `big`. */
function within(small, big) {
  for (const [k, n] of small) if ((big.get(k) || 0) < n) return false;
  return true;
}

export class StepBuilder {
  /**
   * start: {me, opp (each side's own numbering), poolMe, poolOpp, pinsMe:Set, pinsOpp:Set (my points)};
   * dice: [d1, d2] or null (Grasshopper); legalPlays: the snapshot's; geometry: 'CONTRARY' | 'PARALLEL' | 'SAME'.
   */
  constructor(start, dice, legalPlays, geometry) {
    this.start = start;
    this.geometry = geometry || 'CONTRARY';
    this.dice = !dice ? [] : dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
    this.plays = (legalPlays || []).filter((p) => Array.isArray(p.steps) && p.steps.length)
      .map((p) => ({ play: p, steps: p.steps.map(([from, to, hit]) => ({ from, to, hit: !!hit })) }))
      .map((p) => ({ ...p, bag: bag(p.steps) }));
    this.all = legalPlays || [];
    // plays without steps (an older server): the page offers the list of whole plays instead
    this.mismatch = this.plays.length === 0 && !this.noMove;
    // Acey-deucey's 1-2: after the 1 and the 2 the player chooses a double (the server says which each play
    // chooses); the steps of the double wait for the choice, which then adds its four dice
    this.rolled = this.dice;
    this.everyPlay = this.plays;
    this.doubles = [...new Set(this.plays.map((p) => p.play.chosenDouble).filter((n) => n))].sort((a, b) => a - b);
    this.chosen = null;
    if (this.doubles.length === 1) this.chooseDouble(this.doubles[0]);
    this.reset();
  }

  /** Whether the player must still choose the double (the 1 and the 2 may be played before). */
  get needsDouble() {
    return this.doubles.length > 0 && this.chosen === null;
  }

  /** The doubles the player may choose now (or choose instead): until a step of the double is played. */
  get doubleChoices() {
    if (this.doubles.length < 2 || this.unusedDice().length < this.dice.length - this.rolled.length) return [];
    const done = bag(this.steps);
    return this.doubles.filter((n) => this.everyPlay.some((p) => p.play.chosenDouble === n && within(done, p.bag)));
  }

  chooseDouble(n) {
    if (!this.doubles.includes(n)) return false;
    this.chosen = n;
    this.plays = this.everyPlay.filter((p) => p.play.chosenDouble === n);
    this.dice = this.rolled.concat([n, n, n, n]);
    // the 1 and the 2 as played may not lead to this double: start the turn again
    if (this.steps && this.alive(bag(this.steps)).length === 0) this.reset();
    return true;
  }

  get noMove() {
    return this.all.length === 0 || this.all.every((p) => p.move === 'pass');
  }

  reset() {
    this.pos = copy(this.start);
    this.steps = [];
    // one entry per gesture (a tap to a far point plays two or more steps): {pos before it, how many steps it played},
    // so that Undo takes back what the player's last tap did, not half of it
    this.history = [];
  }

  /** How many more steps the (longest) play still open needs; 0 once complete. */
  get left() {
    const done = this.steps.length;
    let most = 0;
    for (const p of this.alive(bag(this.steps))) most = Math.max(most, p.steps.length - done);
    return most;
  }

  alive(doneBag) {
    return this.plays.filter((p) => within(doneBag, p.bag));
  }

  has(pos, from) {
    return from === BAR ? pos.me[BAR] + pos.poolMe > 0 : pos.me[from] > 0;
  }

  /** Single steps possible now from `pos` after `done`: each in some open play, with a checker on its start. */
  next(pos, done) {
    const doneBag = bag(done);
    const out = new Map();
    for (const p of this.alive(doneBag)) {
      const rest = new Map(p.bag);
      for (const [k, n] of doneBag) rest.set(k, rest.get(k) - n);
      for (const s of p.steps) {
        if (rest.get(key(s)) > 0 && this.has(pos, s.from) && !out.has(key(s))) out.set(key(s), s);
      }
    }
    let found = [...out.values()];
    if (this.needsDouble) {
      // before the double is chosen, only the 1 and the 2
      const rem = this.unusedDice(done);
      found = found.filter((s) => rem.includes(distance(s)) || (s.to === OFF && rem.some((d) => d > distance(s))));
    }
    // the left die's steps first, so a checker's shortest path goes with the left die
    const first = this.unusedDice()[0];
    return found.sort((a, b) => (distance(b) === first) - (distance(a) === first));
  }

  /** Where the checker on `from` may go now: Map to → steps (one checker going on, shortest first). */
  destinations(from) {
    const found = new Map();
    let layer = [{ pos: this.pos, done: this.steps, at: from, path: [] }];
    while (layer.length) {
      const next = [];
      for (const n of layer) {
        for (const s of this.next(n.pos, n.done)) {
          if (s.from !== n.at) continue;
          const path = n.path.concat([s]);
          if (!found.has(s.to)) found.set(s.to, path);
          if (s.to !== OFF) next.push({ pos: this.applyTo(n.pos, s), done: n.done.concat([s]), at: s.to, path });
        }
      }
      layer = next;
    }
    return found;
  }

  sources() {
    const out = new Set();
    for (const s of this.next(this.pos, this.steps)) out.add(s.from);
    return out;
  }

  moveTo(from, to) {
    const path = this.destinations(from).get(to);
    if (!path) return false;
    this.history.push({ pos: this.pos, steps: path.length });
    for (const s of path) this.step(s);
    return true;
  }

  /** A second tap on a checker: the step with the left die if it has one, else its first step. */
  quickMove(from) {
    const mine = this.next(this.pos, this.steps).filter((s) => s.from === from);
    if (!mine.length) return false;
    const unused = this.unusedDice();
    const s = mine.find((x) => distance(x) === unused[0]) || mine[0];
    this.history.push({ pos: this.pos, steps: 1 });
    this.step(s);
    return true;
  }

  step(s) {
    this.pos = this.applyTo(this.pos, s);
    this.steps.push(s);
  }

  /** The board after one step: from the bar first, then the pool; a hit sends his checker to the bar. */
  applyTo(pos, s) {
    const n = copy(pos);
    if (s.from === BAR && n.me[BAR] === 0) n.poolMe -= 1;
    else n.me[s.from] -= 1;
    n.me[s.to] += 1;
    if (s.hit) {
      n.opp[otherPoint(this.geometry, s.to)] -= 1;
      n.opp[BAR] += 1;
    }
    return n;
  }

  /** Takes back the last gesture: one step, or every step of a tap that went several dice far. */
  undo() {
    const h = this.history.pop();
    if (h === undefined) return false;
    this.pos = h.pos;
    this.steps.length -= h.steps;
    return true;
  }

  get complete() {
    if (!this.steps.length) return null;
    const done = bag(this.steps);
    const p = this.plays.find((x) => x.steps.length === this.steps.length && within(done, x.bag));
    return p ? p.play : null;
  }

  /** BrainKing offers "swap dice" before the first step of a non-double when the right die can go first. */
  get canSwap() {
    if (this.dice.length !== 2 || this.dice[0] === this.dice[1] || this.steps.length) return false;
    return this.next(this.pos, []).some((s) => distance(s) === this.dice[1] || (s.to === OFF && distance(s) < this.dice[1] && distance(s) > this.dice[0]));
  }

  swap() {
    if (!this.canSwap) return false;
    this.dice.reverse();
    return true;
  }

  unusedDice(done = this.steps) {
    const rem = this.dice.slice();
    for (const s of done) {
      const d = distance(s);
      let i = rem.indexOf(d);
      if (i < 0) i = rem.findIndex((x) => x > d); // a bear-off with a higher die
      if (i >= 0) rem.splice(i, 1);
    }
    return rem;
  }

  /** Each die of the roll (and of a chosen double) and whether it has been played (equal dice: the first ones). */
  diceView() {
    const left = new Map();
    for (const d of this.unusedDice()) left.set(d, (left.get(d) || 0) + 1);
    const seen = new Map();
    return this.dice.map((d) => {
      seen.set(d, (seen.get(d) || 0) + 1);
      const total = this.dice.filter((x) => x === d).length;
      return { value: d, used: seen.get(d) <= total - (left.get(d) || 0) };
    });
  }

  get text() {
    return stepText(this.steps);
  }
}

const distance = (s) => s.from - s.to;

function copy(p) {
  return { ...p, me: p.me.slice(), opp: p.opp.slice() };
}
