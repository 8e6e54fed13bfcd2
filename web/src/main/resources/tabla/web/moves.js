// Composing a turn from single checker steps. The server sends the complete legal plays in gnubg
// notation; we replay them on the start position to get each play's result, then let the player
// make single steps and accept only steps that can still end on one of those results. The server
// stays the only judge of legality: these movement rules only enumerate step orders.

export const BAR = 25;
export const OFF = 0;

/** A position from the mover's side: me and opp are 26 counts in each side's OWN numbering. */
export function makePos(me, opp) {
  return { me: me.slice(), opp: opp.slice() };
}

export function pips(side) {
  let s = 0;
  for (let i = 1; i <= 25; i++) s += i * side[i];
  return s;
}

export function keyOf(pos) {
  return pos.me.join(',') + '|' + pos.opp.join(',');
}

const PATH = /^(bar|\d{1,2})((?:\/(?:\d{1,2}|off)\*?)+)(?:\((\d)\))?$/;
const HOP = /\/(\d{1,2}|off)(\*?)/g;

const pointOf = (s) => (s === 'bar' ? BAR : s === 'off' ? OFF : Number(s));

/** "13/7*\/6 24/18(2)" → [{points:[13,7,6], hits:[7], count:1}, …]; "pass" → []. Throws if unreadable. */
export function parsePlay(text) {
  const s = String(text || '').trim().toLowerCase();
  if (s === '' || s === 'pass' || s === 'no move') return [];
  return s.split(/\s+/).map((tok) => {
    const m = PATH.exec(tok);
    if (!m) throw new Error('unreadable move: ' + tok);
    const points = [pointOf(m[1])];
    const hits = [];
    for (const h of m[2].matchAll(HOP)) {
      const p = pointOf(h[1]);
      points.push(p);
      if (h[2]) hits.push(p);
    }
    return { points, hits, count: m[3] ? Number(m[3]) : 1 };
  });
}

/** The position after a whole play written in notation (hits included). */
export function applyPlay(pos, text) {
  const next = makePos(pos.me, pos.opp);
  const hit = new Set();
  for (const p of parsePlay(text)) {
    next.me[p.points[0]] -= p.count;
    next.me[p.points[p.points.length - 1]] += p.count;
    p.hits.forEach((h) => hit.add(h));
  }
  for (const h of hit) {
    next.opp[25 - h] -= 1;
    next.opp[BAR] += 1;
  }
  return next;
}

/** Single steps with one die under plain backgammon movement. */
export function stepsFor(pos, die) {
  const { me, opp } = pos;
  const out = [];
  const land = (from, to) => {
    if (to >= 1) {
      const o = opp[25 - to];
      if (o >= 2) return;
      out.push({ from, to, die, hit: o === 1 });
    } else {
      out.push({ from, to: OFF, die, hit: false });
    }
  };
  if (me[BAR] > 0) {
    land(BAR, BAR - die);
    return out;
  }
  let outside = 0;
  for (let i = 7; i <= 25; i++) outside += me[i];
  let highest = 0;
  for (let i = 24; i >= 1; i--) if (me[i] > 0) { highest = i; break; }
  for (let from = 24; from >= 1; from--) {
    if (me[from] === 0) continue;
    const to = from - die;
    if (to >= 1) land(from, to);
    else if (outside === 0 && (to === 0 || from === highest)) land(from, to);
  }
  return out;
}

export function applyStep(pos, step) {
  const next = makePos(pos.me, pos.opp);
  next.me[step.from] -= 1;
  next.me[step.to] += 1;
  if (step.hit) {
    next.opp[25 - step.to] -= 1;
    next.opp[BAR] += 1;
  }
  return next;
}

function without(rem, die) {
  const i = rem.indexOf(die);
  return rem.slice(0, i).concat(rem.slice(i + 1));
}

const distinct = (rem) => rem.filter((d, i) => rem.indexOf(d) === i);

export function stepText(steps) {
  return steps.map((s) => `${s.from === BAR ? 'bar' : s.from}/${s.to === OFF ? 'off' : s.to}${s.hit ? '*' : ''}`).join(' ');
}

/**
 * One turn being composed. dice: [d1, d2] as rolled (left die first); legalPlays: the snapshot's
 * [{move, positionId}]. After each step, only steps that can still finish a legal play are offered.
 */
export class TurnBuilder {
  constructor(startPos, dice, legalPlays) {
    this.start = makePos(startPos.me, startPos.opp);
    this.dice = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
    this.plays = legalPlays || [];
    this.targets = new Map();
    this.unreadable = false;
    for (const p of this.plays) {
      if (parsePlay(p.move).length === 0) continue;
      try {
        this.targets.set(keyOf(applyPlay(this.start, p.move)), p);
      } catch (e) {
        this.unreadable = true;
      }
    }
    this.memo = new Map();
    this.need = this.targets.size ? this.deepest(this.start, this.dice, 0) : 0;
    // mismatch: the server's plays cannot be rebuilt from steps; the page then offers a list instead
    this.mismatch = this.targets.size > 0 && this.need <= 0;
    this.reset();
  }

  get noMove() {
    return this.plays.length === 0 || this.plays.every((p) => parsePlay(p.move).length === 0);
  }

  reset() {
    this.pos = makePos(this.start.me, this.start.opp);
    this.rem = this.dice.slice();
    this.steps = [];
    this.history = [];
  }

  /** Most steps after which some sequence lands exactly on a legal result (−1: none). */
  deepest(pos, rem, depth) {
    let best = this.targets.has(keyOf(pos)) ? depth : -1;
    for (const d of distinct(rem)) {
      for (const s of stepsFor(pos, d)) {
        best = Math.max(best, this.deepest(applyStep(pos, s), without(rem, d), depth + 1));
      }
    }
    return best;
  }

  /** Can `need` more steps from pos with rem end on a legal result? */
  viable(pos, rem, need) {
    if (need === 0) return this.targets.has(keyOf(pos));
    if (rem.length === 0) return false;
    const k = keyOf(pos) + '#' + rem.slice().sort().join('') + '#' + need;
    let v = this.memo.get(k);
    if (v === undefined) {
      v = distinct(rem).some((d) => stepsFor(pos, d).some((s) => this.viable(applyStep(pos, s), without(rem, d), need - 1)));
      this.memo.set(k, v);
    }
    return v;
  }

  get left() {
    return this.need - this.steps.length;
  }

  /** Where the checker on `from` may go now: Map to → steps (the shortest path, left die first). */
  destinations(from) {
    const found = new Map();
    if (this.mismatch || this.left <= 0 || this.pos.me[from] <= 0) return found;
    let layer = [{ pos: this.pos, rem: this.rem, at: from, path: [] }];
    while (layer.length) {
      const next = [];
      for (const n of layer) {
        for (const d of distinct(n.rem)) {
          const s = stepsFor(n.pos, d).find((x) => x.from === n.at);
          if (!s) continue;
          const pos = applyStep(n.pos, s);
          const rem = without(n.rem, d);
          const path = n.path.concat([s]);
          if (!this.viable(pos, rem, this.left - path.length)) continue;
          if (!found.has(s.to)) found.set(s.to, path);
          if (s.to !== OFF && path.length < this.left) next.push({ pos, rem, at: s.to, path });
        }
      }
      layer = next;
    }
    return found;
  }

  /** Points (mover's numbering, 25 = bar) holding a checker that can move now. */
  sources() {
    const out = new Set();
    for (let p = BAR; p >= 1; p--) if (this.pos.me[p] > 0 && this.destinations(p).size) out.add(p);
    return out;
  }

  moveTo(from, to) {
    const path = this.destinations(from).get(to);
    if (!path) return false;
    for (const s of path) this.apply(s);
    return true;
  }

  /** BrainKing's click-to-move: the first die (left first) that this checker can play. */
  quickMove(from) {
    for (const d of distinct(this.rem)) {
      const s = stepsFor(this.pos, d).find((x) => x.from === from);
      if (s && this.viable(applyStep(this.pos, s), without(this.rem, d), this.left - 1)) {
        this.apply(s);
        return true;
      }
    }
    return false;
  }

  apply(s) {
    this.history.push({ pos: this.pos, rem: this.rem });
    this.pos = applyStep(this.pos, s);
    this.rem = without(this.rem, s.die);
    this.steps.push(s);
  }

  undo() {
    const h = this.history.pop();
    if (!h) return false;
    this.pos = h.pos;
    this.rem = h.rem;
    this.steps.pop();
    return true;
  }

  /** The legal play the steps make, once complete. */
  get complete() {
    if (this.mismatch || this.need <= 0 || this.left !== 0) return null;
    return this.targets.get(keyOf(this.pos)) || null;
  }

  /** BrainKing hides "swap dice" for doubles and when the right die cannot be played first. */
  get canSwap() {
    if (this.dice.length !== 2 || this.steps.length > 0 || this.mismatch || this.need <= 0) return false;
    const d = this.rem[1];
    return stepsFor(this.pos, d).some((s) => this.viable(applyStep(this.pos, s), without(this.rem, d), this.left - 1));
  }

  swap() {
    if (!this.canSwap) return false;
    this.dice.reverse();
    this.rem = this.dice.slice();
    return true;
  }

  /** For drawing the dice: each die of the roll and whether it has been played. */
  diceView() {
    if (this.dice.length === 4) {
      const used = 4 - this.rem.length;
      return this.dice.map((d, i) => ({ value: d, used: i < used }));
    }
    return this.dice.map((d) => ({ value: d, used: !this.rem.includes(d) }));
  }
}

/** The standard starting position, one side's own numbering. */
export function startingSide() {
  const a = new Array(26).fill(0);
  a[24] = 2;
  a[13] = 5;
  a[8] = 3;
  a[6] = 5;
  return a;
}
