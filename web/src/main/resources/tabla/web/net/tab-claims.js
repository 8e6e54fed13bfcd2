// What belongs to one tab of several open on the site: the seeks this tab made (only it goes to the board when one
// is accepted; a replay or a spectator's tab stays where it is), and the share of a game's dice that one tab, and
// only one, sends for the player (two boards of one game would otherwise both send it, and one be refused 409).

const MINE = 'tabla.mySeeks'; // sessionStorage: this tab only
const SEEDS = 'tabla.seedsGiven'; // localStorage: every tab of this browser
const MOST = 20; // each list keeps the newest few: a seek or a game's seed matters only for a short while

function read(store, key) {
  try {
    const v = JSON.parse(store().getItem(key) || '[]');
    return Array.isArray(v) ? v : [];
  } catch (e) {
    return [];
  }
}

function add(store, key, item) {
  try {
    store().setItem(key, JSON.stringify([...read(store, key).filter((x) => x !== item), item].slice(-MOST)));
  } catch (e) {
    /* private mode: nothing is remembered, and every tab acts as before */
  }
}

const session = () => globalThis.sessionStorage;
const local = () => globalThis.localStorage;

/** This tab made seek {@code id}. */
export function madeHere(id) {
  add(session, MINE, String(id));
}

/** Whether this tab made seek {@code id}. */
export function isMadeHere(id) {
  return read(session, MINE).includes(String(id));
}

/**
 * Runs {@code give} once for game {@code gameId}'s game {@code gameNo} across this browser's tabs: the tab holding
 * the lock marks the seed given before it lets go, and a tab that finds the lock held or the mark made does nothing.
 * Resolves to whether this tab gave it.
 */
export async function giveOnce(gameId, gameNo, give) {
  const key = `${gameId}:${gameNo}`;
  const run = async () => {
    if (read(local, SEEDS).includes(key)) return false;
    add(local, SEEDS, key);
    await give();
    return true;
  };
  const locks = globalThis.navigator && globalThis.navigator.locks;
  if (!locks) return run();
  return locks.request('tabla.seed.' + key, { ifAvailable: true }, (lock) => (lock ? run() : false));
}
