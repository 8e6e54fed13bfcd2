// The games waiting on me (issue 28): a badge in the header and "(N)" before the tab's title. Read from /api/turns
// when the site socket opens and each time it says my games changed (a turn passed): pushed, not polled.

import { h } from './dom.js';
import { t } from '../i18n/i18n.js';
import { api } from '../net/api.js';

let count = 0;
let more = false;
const badge = h('a', { href: '#/lobby', class: 'turn-badge', 'data-test': 'turn-badge', hidden: true });
const PREFIX = /^\(\d+\+?\) /;
let watching = false;

/** The header's badge (one element, kept across the header's redraws). */
export function turnBadge() {
  show();
  return badge;
}

/** Reads the games waiting on me again. */
export function refreshTurns() {
  return api.turns().then((w) => {
    count = w.count;
    more = w.more;
    show();
  }, () => { /* signed out or offline: the badge keeps what it showed */ });
}

/** Signed out: no badge, no count in the title. */
export function clearTurns() {
  count = 0;
  more = false;
  show();
}

function label() {
  return count + (more ? '+' : '');
}

function show() {
  badge.hidden = count === 0;
  badge.textContent = label();
  const text = t('alert.gamesWaiting', { n: label() });
  badge.title = text;
  badge.setAttribute('aria-label', text);
  watchTitle();
  retitle();
}

/** "(N) " before whatever the title says now; nothing when no game waits. Idempotent, so it never loops. */
function retitle() {
  const base = document.title.replace(PREFIX, '');
  const wanted = count ? '(' + label() + ') ' + base : base;
  if (document.title !== wanted) document.title = wanted;
}

/** Pages set the title themselves (the header, the board's "Your turn"): the count goes back in front each time. */
function watchTitle() {
  if (watching) return;
  watching = true;
  new MutationObserver(retitle).observe(document.head, { childList: true, subtree: true, characterData: true });
}
