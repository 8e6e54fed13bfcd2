// Board settings kept in this browser (they change how this client acts, not the game).

const KEY = 'tabla.prefs';
const DEFAULTS = {
  flip: false, // home board on the left
  // a roll with no move passes by itself; off: the server holds it for the player's Pass (sent with each roll).
  // (Named anew: browsers kept the old "autoPass: false" default, which did nothing.)
  passAuto: true,
  autoForced: false, // play the only legal play by itself
  autoConfirm: false, // send a play as soon as it is complete
  autoRoll: false, // roll at once when doubling is not possible (as BrainKing does)
};

let prefs = { ...DEFAULTS };
try {
  prefs = { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || '{}') };
} catch (e) {
  /* unreadable: keep the defaults */
}

export function pref(name) {
  return prefs[name];
}

export function setPref(name, value) {
  prefs[name] = value;
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch (e) {
    /* private mode: the setting lasts for this page only */
  }
}
