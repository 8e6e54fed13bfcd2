// gnubg Position IDs: 80 bits, little-endian, base64 without padding. The side NOT on roll comes
// first, then the side on roll; each lists points 1..24 and the bar (own numbering) as
// "one bit per checker, then a 0". Used to draw positions the server names by ID.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** → {me, opp}: me = the side on roll. Arrays of 26 in own numbering (0 = off, 25 = bar). */
export function decodePositionId(id) {
  const s = String(id).trim();
  if (!/^[A-Za-z0-9+/]{14}$/.test(s)) throw new Error('not a position ID: ' + id);
  const bytes = new Uint8Array(10);
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (const ch of s) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (n < 10) bytes[n++] = (acc >> bits) & 0xff;
    }
  }
  const sides = [new Array(26).fill(0), new Array(26).fill(0)];
  let side = 0;
  let point = 0;
  for (let i = 0; i < 80 && side < 2; i++) {
    if ((bytes[i >> 3] >> (i & 7)) & 1) {
      sides[side][point === 24 ? 25 : point + 1]++;
    } else if (++point === 25) {
      side++;
      point = 0;
    }
  }
  for (const a of sides) a[0] = 15 - a.reduce((x, y) => x + y, 0);
  return { me: sides[1], opp: sides[0] };
}

export function encodePositionId(pos) {
  const bytes = new Uint8Array(10);
  let i = 0;
  for (const a of [pos.opp, pos.me]) {
    for (let p = 0; p < 25; p++) {
      const c = a[p === 24 ? 25 : p + 1];
      for (let k = 0; k < c; k++, i++) bytes[i >> 3] |= 1 << (i & 7);
      i++;
    }
  }
  // standard base64 of the 10 bytes, MSB first, padding dropped
  let out = '';
  for (let j = 0; j < 10; j += 3) {
    const v = (bytes[j] << 16) | ((bytes[j + 1] || 0) << 8) | (bytes[j + 2] || 0);
    out += B64[(v >> 18) & 63] + B64[(v >> 12) & 63] + B64[(v >> 6) & 63] + B64[v & 63];
  }
  out = out.slice(0, 14);
  return out;
}
