// What the game page keeps when it draws its controls anew, as pure rules on plain values (tested under Node):
// a hint only for the position it was asked about, and the play being typed across a redraw of the same position.

/**
 * The position a hint is asked about: the game's version and the steps of the play being composed (the hint's plays
 * start from the turn's position; once a checker has moved, an answer to the question asked before would be stale).
 */
export function hintKey(version, steps) {
  return JSON.stringify([version, (steps || []).map((s) => [s.from, s.to])]);
}

/** Whether a hint asked at {@code asked} may be shown now, the page being at {@code now} (both from hintKey). */
export function hintStillFresh(asked, now) {
  return asked === now;
}

/**
 * What the typed-move box holds before a redraw: its text, the caret or selection and whether it had the focus, with
 * the version it was typed at; null when there is no box.
 */
export function typedEntry(input, version, focused) {
  if (!input) return null;
  return { version, value: input.value, start: input.selectionStart, end: input.selectionEnd, focused: !!focused };
}

/**
 * Puts {@code kept} (from typedEntry) back into the new box after a redraw of the same version (a new position
 * starts with an empty box), with the focus and the caret where they were. Returns whether the box took the focus.
 */
export function restoreEntry(kept, input, version) {
  if (!kept || !input || kept.version !== version) return false;
  input.value = kept.value;
  if (!kept.focused) return false;
  input.focus();
  if (typeof kept.start === 'number' && typeof kept.end === 'number') input.setSelectionRange(kept.start, kept.end);
  return true;
}
