// The board sized to the window's height: both names, both clocks, the dice and the action buttons on screen together,
// from a 360×640 phone to a 2560×1440 screen. The SVG keeps its width (its viewBox scales it) but may be no taller than
// what the window has left once the header, the notices, the two player bars and the controls are counted; that room
// is measured again whenever one of them changes size.

const LEAST = 200; // a board never drawn smaller than this (px tall): below it the page scrolls instead
const SLACK = 10; // margins between the counted parts

/**
 * Keeps the CSS variable --board-max (the SVG's max-height) of {@code board}'s column to the room left by
 * {@code parts} and the page's header and notices (the column takes the board's width from it too); returns the
 * function that stops it.
 */
export function fitBoard(board, parts) {
  const outside = () => [document.getElementById('header'), document.getElementById('site-notices')];
  const measure = () => {
    let used = 0;
    for (const el of [...outside(), ...parts]) {
      if (el && !el.hidden) used += el.getBoundingClientRect().height;
    }
    const main = document.getElementById('main');
    const pad = main ? parseFloat(getComputedStyle(main).paddingTop) || 0 : 0;
    const room = Math.max(LEAST, Math.floor(window.innerHeight - used - pad - SLACK));
    (board.parentElement || board).style.setProperty('--board-max', room + 'px');
  };
  // the new room narrows or widens the column, which resizes the parts watched: measured again in the next frame,
  // never inside the observer's own delivery (a loop the browser reports as an error)
  let frame = 0;
  const fit = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(measure);
  };
  const seen = new ResizeObserver(fit);
  for (const el of [...outside(), ...parts]) if (el) seen.observe(el);
  window.addEventListener('resize', fit);
  measure();
  return () => {
    cancelAnimationFrame(frame);
    seen.disconnect();
    window.removeEventListener('resize', fit);
  };
}
