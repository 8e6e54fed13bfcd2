import { test } from 'node:test';
import assert from 'node:assert/strict';

// a tab's storages: sessionStorage its own, localStorage shared by the browser's tabs
class Store {
  constructor() { this.m = new Map(); }
  getItem(k) { return this.m.has(k) ? this.m.get(k) : null; }
  setItem(k, v) { this.m.set(k, String(v)); }
}
globalThis.sessionStorage = new Store();
globalThis.localStorage = new Store();
const { madeHere, isMadeHere, giveOnce } = await import('../../main/resources/tabla/web/net/tab-claims.js');

test('only the tab that made a seek claims it', () => {
  madeHere(41);
  assert.equal(isMadeHere(41), true);
  assert.equal(isMadeHere('41'), true, 'the socket and the API may spell the id as a number or a string');
  assert.equal(isMadeHere(42), false);
  const mine = globalThis.sessionStorage;
  globalThis.sessionStorage = new Store(); // another tab
  assert.equal(isMadeHere(41), false);
  globalThis.sessionStorage = mine;
});

test('the list of seeks a tab made keeps the newest 20', () => {
  for (let i = 100; i < 130; i++) madeHere(i);
  assert.equal(isMadeHere(129), true);
  assert.equal(isMadeHere(110), true);
  assert.equal(isMadeHere(109), false);
});

test("a game's seed is given once across tabs, each game of a match once", async () => {
  let given = 0;
  const give = async () => { given++; };
  assert.equal(await giveOnce(7, 1, give), true);
  assert.equal(await giveOnce(7, 1, give), false, 'a second tab on the same board');
  assert.equal(await giveOnce(7, 2, give), true, 'the next game of the match');
  assert.equal(given, 2);
});

test('two tabs at once: the one holding the lock gives, the other does nothing', async () => {
  const held = new Set();
  const locks = {
    request: async (name, opts, fn) => {
      if (held.has(name)) return fn(null);
      held.add(name);
      try { return await fn({ name }); } finally { held.delete(name); }
    },
  };
  const was = globalThis.navigator;
  Object.defineProperty(globalThis, 'navigator', { value: { ...was, locks }, configurable: true, writable: true });
  let given = 0;
  let release;
  const slow = () => new Promise((r) => { given++; release = r; });
  const first = giveOnce(8, 1, slow);
  const second = await giveOnce(8, 1, slow);
  release();
  assert.deepEqual([await first, second], [true, false]);
  assert.equal(given, 1);
  Object.defineProperty(globalThis, 'navigator', { value: was, configurable: true, writable: true });
});
