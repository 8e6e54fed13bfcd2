// The board as an SVG string, always from the viewer's side: the viewer's checkers run from their
// 24-point (top) to their 1-point (bottom right, or bottom left when flipped). Pure function of a
// view model so the game, replay and mock pages all draw the same board.

export const W = 856;
export const H = 622;
const FR = 26; // number strips above and below the field
const SIDE = 64; // cube column and borne-off tray column
const PW = 56; // point width
const BARW = 56;
const R = 25; // checker radius
const TRI = 238; // triangle length
const MID = H / 2;
const FIELD = SIDE; // x of the field's left edge
const BARX = FIELD + 6 * PW;
const SHOWN = 5; // checkers drawn per point before a count is written instead

const COLORS = {
  white: { fill: '#f7f2e6', stroke: '#6b6256', ring: '#d8cfbd', text: '#2a2520' },
  black: { fill: '#2b2622', stroke: '#0d0b0a', ring: '#4a423b', text: '#f7f2e6' },
};

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** Visual column 0..11 (left to right) of the viewer's point n, and whether it is on top. */
export function pointPlace(n, flipped) {
  const top = n > 12;
  let c = top ? n - 13 : 12 - n;
  if (flipped) c = 11 - c;
  return { c, top, x: FIELD + c * PW + (c >= 6 ? BARW : 0) };
}

function checker(cx, cy, color, extra = '', cls = '') {
  const k = COLORS[color];
  return `<g class="checker${cls}" data-test="checker" ${extra}><circle cx="${cx}" cy="${cy}" r="${R - 1}" fill="${k.fill}" stroke="${k.stroke}" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R - 8}" fill="none" stroke="${k.ring}" stroke-width="2"/></g>`;
}

/** The mark of a pinned checker: a red ring and a pin's head, visible on both colours. */
function pinMark(cx, cy) {
  return `<g class="pin-mark" pointer-events="none"><circle cx="${cx}" cy="${cy}" r="${R - 4}" fill="none" stroke="#c0392b" stroke-width="3" stroke-dasharray="5 3"/>` +
    `<circle cx="${cx}" cy="${cy}" r="5" fill="#c0392b" stroke="#fff" stroke-width="1.5"/></g>`;
}

/** Checkers waiting to enter (Race, Grasshopper): one dashed checker with the count, at the bar's end. */
function poolSvg(cx, cy, n, color, label, test, top) {
  const k = COLORS[color];
  // data-top: the pool is what moves from 25 when the bar is empty, so it takes the movable mark
  return `<g class="pool" data-test="${test}" data-count="${n}"${top ? ' data-top="1"' : ''}>` +
    `<circle cx="${cx}" cy="${cy}" r="${R - 1}" fill="${k.fill}" stroke="${k.stroke}" stroke-width="2" stroke-dasharray="6 4" opacity="0.85"/>` +
    `<text x="${cx}" y="${cy + 7}" class="pool-count" fill="${k.text}" text-anchor="middle">${n}</text><title>${esc(label)}</title></g>`;
}

function countLabel(cx, cy, n, color) {
  return `<text x="${cx}" y="${cy + 7}" class="count" fill="${COLORS[color].text}" text-anchor="middle">${n}</text>`;
}

const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};

export function dieSvg(x, y, size, value, color, used = false, extra = '') {
  const k = COLORS[color];
  const pip = color === 'white' ? '#222' : '#f7f2e6';
  let s = `<g class="die${used ? ' used' : ''}" ${extra}><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.18}" fill="${k.fill}" stroke="${k.stroke}" stroke-width="2"/>`;
  for (const [px, py] of PIPS[value] || []) {
    s += `<circle cx="${x + px * size}" cy="${y + py * size}" r="${size * 0.09}" fill="${pip}"/>`;
  }
  return s + '</g>';
}

function diceRow(cx, cy, dice, size, color, extra) {
  const gap = size * 0.22;
  const w = dice.length * size + (dice.length - 1) * gap;
  let s = '';
  dice.forEach((d, i) => {
    s += dieSvg(cx - w / 2 + i * (size + gap), cy - size / 2, size, d.value, color, d.used, extra);
  });
  return s;
}

function cubeSvg(cx, cy, value, offered, geometric, extra = '') {
  const s = 46;
  // a centred cube at 1 shows 64, as on a real cube (geometric stakes only)
  const label = value <= 1 && !offered && geometric ? 64 : value;
  return `<g class="cube${offered ? ' offered' : ''}" data-test="cube" data-value="${value}"${extra}>` +
    `<rect x="${cx - s / 2}" y="${cy - s / 2}" width="${s}" height="${s}" rx="7" fill="#fbf8ef" stroke="#3b2a18" stroke-width="2.5"/>` +
    `<text x="${cx}" y="${cy + 8}" text-anchor="middle" class="cube-value">${label}</text></g>`;
}

/**
 * m: {me:[26], opp:[26] (opp's own numbering), oppAt:[26] (his checkers on my points; absent: 25 − n),
 *     pool:{me, opp}, poolLabel, pinnedMe:Set, pinnedOpp:Set (my points), meColor, oppColor, flipped,
 *     dice: {list:[{value,used}], color} | null, lastRoll: {list, color} | null,
 *     cube: {value, where:'middle'|'me'|'opp', offered} | null,
 *     selected, targets:Set, movable:Set, pips:{me,opp}, label,
 *     labels: {points, bar, off, dice, cube} | absent (board-a11y.js), focus: the key ("p13", "bar", …) the Tab key reaches,
 *     arrived: Set of "me:N" / "opp:N" whose top checker has just arrived (arrivals.js) | absent}
 * With labels the board is a group of labelled places the keyboard walks (one Tab stop, the arrow keys inside);
 * without (replays, pictures) it is one image.
 */
export function renderBoard(m) {
  const flipped = !!m.flipped;
  const arrived = (side, n) => (m.arrived && m.arrived.has(side + ':' + n) ? ' arrived' : '');
  const targets = m.targets || new Set();
  const movable = m.movable || new Set();
  const trayX = flipped ? 0 : W - SIDE;
  const cubeX = flipped ? W - SIDE : 0;
  const out = [];
  const L = m.labels;
  // a place the keyboard reaches: its label, and whether it is the board's one Tab stop
  const place = (key, label, role = 'button') => (L && label
    ? ` role="${role}" aria-label="${esc(label)}" tabindex="${m.focus === key ? 0 : -1}" data-nav="${key}"` : '');
  out.push(`<svg class="board" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" role="${L ? 'group' : 'img'}" aria-label="${esc(m.label || 'backgammon board')}">`);
  // frame, field halves and bar
  out.push(`<rect x="0" y="0" width="${W}" height="${H}" rx="14" class="frame"/>`);
  out.push(`<rect x="${FIELD}" y="${FR}" width="${6 * PW}" height="${H - 2 * FR}" class="field"/>`);
  out.push(`<rect x="${BARX + BARW}" y="${FR}" width="${6 * PW}" height="${H - 2 * FR}" class="field"/>`);
  out.push(`<rect x="${BARX}" y="${FR - 4}" width="${BARW}" height="${H - 2 * FR + 8}" class="bar-strip"/>`);
  out.push(`<rect x="${trayX + 7}" y="${FR}" width="${SIDE - 14}" height="${MID - FR - 40}" rx="4" class="tray"/>`);
  out.push(`<rect x="${trayX + 7}" y="${MID + 40}" width="${SIDE - 14}" height="${MID - FR - 40}" rx="4" class="tray"/>`);

  for (let n = 1; n <= 24; n++) {
    const { c, top, x } = pointPlace(n, flipped);
    const dark = (c + (top ? 1 : 0)) % 2 === 0;
    const base = top ? FR : H - FR;
    const tip = top ? FR + TRI : H - FR - TRI;
    const cx = x + PW / 2;
    const mine = m.me[n];
    // the opponent's checkers on my point n: his point 25 − n, or per the variant's geometry
    const theirs = m.oppAt ? m.oppAt[n] : m.opp[25 - n];
    const cls = ['point'];
    if (targets.has(n)) cls.push('target');
    if (movable.has(n)) cls.push('movable');
    if (m.selected === n) cls.push('selected');
    out.push(`<g class="${cls.join(' ')}" data-test="point-${n}" data-point="${n}"${place('p' + n, L && L.points[n])}>`);
    out.push(`<rect x="${x}" y="${top ? FR : MID}" width="${PW}" height="${MID - FR}" class="hit"/>`);
    out.push(`<polygon points="${x + 2},${base} ${x + PW - 2},${base} ${cx},${tip}" class="tri ${dark ? 'dark' : 'light'}"/>`);
    // A pin (Plakoto): the pinned checker lies at the edge, under the pinner's stack, marked.
    const pinMine = m.pinnedMe && m.pinnedMe.has(n) && theirs > 0;
    const pinTheirs = m.pinnedOpp && m.pinnedOpp.has(n) && mine > 0;
    const stacks = pinMine ? [[1, m.meColor, true, true], [theirs, m.oppColor, false, false]]
      : pinTheirs ? [[1, m.oppColor, true, false], [mine, m.meColor, false, true]]
        : [[mine || theirs, mine ? m.meColor : m.oppColor, false, !!mine]];
    let at = 0;
    for (const [count, color, pinned, isMine] of stacks) {
      const shown = Math.min(count, SHOWN - at);
      for (let i = 0; i < shown; i++) {
        const k = at + i;
        const cy = top ? FR + R + k * 2 * R : H - FR - R - k * 2 * R;
        const last = i === shown - 1;
        out.push(checker(cx, cy, color, (last && isMine && !pinned ? 'data-top="1" ' : '') + (pinned ? `data-pinned="${isMine ? 'me' : 'opp'}"` : ''),
          last && !pinned ? arrived(isMine ? 'me' : 'opp', n) : ''));
        if (pinned) out.push(pinMark(cx, cy));
        if (last && count > shown) out.push(countLabel(cx, cy, count, color));
      }
      at += shown;
    }
    if (targets.has(n)) {
      const i = Math.min(mine + (pinTheirs ? 1 : 0), SHOWN - 1);
      const cy = top ? FR + R + i * 2 * R : H - FR - R - i * 2 * R;
      out.push(`<circle cx="${cx}" cy="${cy}" r="${R - 3}" class="ghost"/>`);
    }
    out.push('</g>');
    // number strip
    out.push(`<text x="${cx}" y="${top ? FR - 7 : H - 7}" class="num" text-anchor="middle">${n}</text>`);
  }

  // bar: the viewer's checkers below the middle, the opponent's above
  const bx = BARX + BARW / 2;
  out.push(`<g class="barzone${movable.has(25) ? ' movable' : ''}${m.selected === 25 ? ' selected' : ''}" data-test="bar" data-point="25"${place('bar', L && L.bar)}>`);
  out.push(`<rect x="${BARX}" y="${FR}" width="${BARW}" height="${H - 2 * FR}" class="hit"/>`);
  const pool = m.pool || { me: 0, opp: 0 };
  const stack = (count, color, dir, room) => {
    for (let i = 0; i < Math.min(count, room); i++) {
      const cy = MID + dir * (R + 18 + i * 2 * R);
      const top = i === Math.min(count, room) - 1;
      out.push(checker(bx, cy, color, top && dir > 0 ? 'data-top="1"' : '', top ? arrived(dir > 0 ? 'me' : 'opp', 25) : ''));
      if (i === Math.min(count, room) - 1 && count > room) out.push(countLabel(bx, cy, count, color));
    }
  };
  stack(m.me[25], m.meColor, 1, pool.me ? 3 : 4);
  stack(m.opp[25], m.oppColor, -1, pool.opp ? 3 : 4);
  // the pool at the far end of the bar, the viewer's at the bottom: entering from it is a move from 25
  if (pool.me) out.push(poolSvg(bx, H - FR - R - 4, pool.me, m.meColor, (m.poolLabel || '') + ' ' + pool.me, 'pool-me', !m.me[25]));
  if (pool.opp) out.push(poolSvg(bx, FR + R + 4, pool.opp, m.oppColor, (m.poolLabel || '') + ' ' + pool.opp, 'pool-opp', false));
  out.push('</g>');

  // borne-off trays: the viewer's at the bottom
  out.push(`<g class="offzone${targets.has(0) ? ' target' : ''}" data-test="off" data-point="0"${place('off', L && L.off)}>`);
  out.push(`<rect x="${trayX}" y="${FR}" width="${SIDE}" height="${H - 2 * FR}" class="hit"/>`);
  const slabs = (count, color, fromTop) => {
    const k = COLORS[color];
    for (let i = 0; i < count; i++) {
      const y = fromTop ? FR + 4 + i * 15 : H - FR - 4 - 13 - i * 15;
      out.push(`<rect x="${trayX + 10}" y="${y}" width="${SIDE - 20}" height="13" rx="3" fill="${k.fill}" stroke="${k.stroke}" stroke-width="1.5"/>`);
    }
  };
  slabs(m.opp[0], m.oppColor, true);
  slabs(m.me[0], m.meColor, false);
  if (targets.has(0)) out.push(`<rect x="${trayX + 5}" y="${MID + 38}" width="${SIDE - 10}" height="${MID - FR - 36}" rx="5" class="tray-target"/>`);
  out.push('</g>');

  // pip counts between the trays
  if (m.pips) {
    out.push(`<text x="${trayX + SIDE / 2}" y="${MID - 12}" class="pip" text-anchor="middle" data-test="pips-opp">${m.pips.opp}</text>`);
    out.push(`<text x="${trayX + SIDE / 2}" y="${MID + 24}" class="pip" text-anchor="middle" data-test="pips-me">${m.pips.me}</text>`);
  }

  // cube: centred, or on its owner's side; an offered cube sits on the right half
  if (m.cube) {
    const cx = cubeX + SIDE / 2;
    if (m.cube.offered) {
      out.push(cubeSvg(BARX + BARW + 3 * PW, MID, m.cube.value, true, false, place('cube', L && L.cube, 'img')));
    } else {
      const cy = m.cube.where === 'me' ? H - FR - 34 : m.cube.where === 'opp' ? FR + 34 : MID;
      out.push(cubeSvg(cx, cy, m.cube.value, false, m.cube.geometric !== false, place('cube', L && L.cube, 'img')));
    }
  }

  // dice: the roll being played large on the right, the opponent's previous roll small on the left
  if (m.dice && m.dice.list.length) {
    const size = m.dice.list.length > 4 ? 32 : m.dice.list.length > 2 ? 40 : 46; // six: a 1-2 and its double
    out.push(`<g class="dice" data-test="dice"${place('dice', L && L.dice, 'img')}>${diceRow(BARX + BARW + 3 * PW, MID, m.dice.list, size, m.dice.color, 'data-test="die"')}</g>`);
  }
  if (m.lastRoll && m.lastRoll.list.length) {
    out.push(`<g class="last-roll" data-test="last-roll">${diceRow(FIELD + 3 * PW, MID, m.lastRoll.list, 26, m.lastRoll.color, '')}</g>`);
  }
  out.push('</svg>');
  return out.join('');
}

/** A loose checker that follows the pointer while dragging (not part of the board's markup). */
export function dragGhost(color) {
  const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  g.setAttribute('class', 'drag-ghost');
  g.setAttribute('pointer-events', 'none');
  g.innerHTML = checker(0, 0, color);
  return g;
}

/** Board coordinates of a pointer event, for dragging. */
export function svgPoint(svg, ev) {
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  const ctm = svg.getScreenCTM();
  return ctm ? pt.matrixTransform(ctm.inverse()) : { x: 0, y: 0 };
}
