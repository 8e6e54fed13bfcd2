// Recomputing committed dice (docs/dice.md, CommittedDice.java) with WebCrypto:
// roll n's bytes are HMAC-SHA256(key, n as 8 bytes BE ‖ j as 4 bytes BE) for j = 0, 1, …;
// bytes ≥ 252 are skipped, a die is b % 6 + 1; the commitment is SHA-256(server seed) in hex.
// Version 1: key = the server seed. Version 2: single dice (the roll-off) by the server seed, pairs by
// the game key HMAC-SHA256(server seed, player 0's seed ‖ player 1's seed).

export function hexToBytes(hex) {
  const s = String(hex || '').trim().toLowerCase();
  if (!/^([0-9a-f]{2})+$/.test(s)) throw new Error('not hex: ' + hex);
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.substr(2 * i, 2), 16);
  return out;
}

export const toHex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

function subtle() {
  const c = globalThis.crypto;
  if (!c || !c.subtle) throw new Error('WebCrypto is not available (it needs https or localhost)');
  return c.subtle;
}

export async function commitmentOf(seed) {
  return toHex(await subtle().digest('SHA-256', seed));
}

export async function hmacKey(seed) {
  return subtle().importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** Version 2's game key (raw bytes) from the server seed and the players' seeds. */
export async function gameKey(serverSeed, seed0, seed1) {
  const both = new Uint8Array(seed0.length + seed1.length);
  both.set(seed0, 0);
  both.set(seed1, seed0.length);
  return new Uint8Array(await subtle().sign('HMAC', await hmacKey(serverSeed), both));
}

/** A fresh seed for this player: 32 bytes from the browser's random source, as hex. */
export function newSeed() {
  const b = new Uint8Array(32);
  globalThis.crypto.getRandomValues(b);
  return toHex(b);
}

/** The first k die values of roll n. */
export async function rollValues(key, n, k) {
  const out = [];
  for (let j = 0; out.length < k; j++) {
    const msg = new Uint8Array(12);
    const dv = new DataView(msg.buffer);
    dv.setBigUint64(0, BigInt(n));
    dv.setUint32(8, j);
    const block = new Uint8Array(await subtle().sign('HMAC', key, msg));
    for (const b of block) {
      if (b < 252) out.push((b % 6) + 1);
      if (out.length === k) break;
    }
  }
  return out;
}
