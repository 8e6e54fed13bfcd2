// The site socket (/ws/site), open on every page while someone is signed in: the lobby chat, and what concerns
// me wherever I am (a seek of mine accepted, an invitation, a rematch, my tournament match starting, my games
// changed: the header's badge). It tells the server when this page is
// hidden, for the online list's "away". Its messages go out as window events 'tabla-site' (detail: the message).

import { GameSocket } from './ws.js';
import { t } from '../i18n/i18n.js';
import { alertNow } from '../ui/alerts.js';
import { api } from './api.js';
import { opponentName } from '../pages/tournament-names.js';
import { refreshTurns, clearTurns } from '../ui/turn-badge.js';
import { isMadeHere } from './tab-claims.js';

let socket = null;

export function startSiteSocket(user) {
  if (socket) return;
  const member = user && !user.guest;
  socket = new GameSocket(null, {
    path: '/ws/site',
    onOther: (m) => {
      window.dispatchEvent(new CustomEvent('tabla-site', { detail: m }));
      if (m.type === 'seekAccepted') accepted(m);
      else if (m.type === 'invited') alertNow(t('alert.invited', { name: m.by }));
      else if (m.type === 'tournamentMatch') tournamentMatch(m);
      else if (m.type === 'myGames') refreshTurns();
    },
    onState: (st) => {
      if (st !== 'open') return;
      tellVisibility();
      if (member) matchesOn();
      if (member) refreshTurns(); // a turn that passed while this page was loading or reconnecting
    },
  }).start();
  document.addEventListener('visibilitychange', tellVisibility);
}

export function stopSiteSocket() {
  if (!socket) return;
  socket.stop();
  socket = null;
  clearTurns();
  document.removeEventListener('visibilitychange', tellVisibility);
}

function tellVisibility() {
  if (socket) socket.send({ type: document.hidden ? 'away' : 'here' });
}

/**
 * My tournament matches that are on, asked each time the socket opens: a "match starts" sent while this page was
 * loading or reconnecting is not lost. The notice bar (notices.js) offers the board of one I am not at.
 */
function matchesOn() {
  api.myTournaments().then((d) => {
    const on = (d.tournaments || []).find((m) => m.gameId !== null && location.hash !== '#/game/' + m.gameId);
    if (on) {
      window.dispatchEvent(new CustomEvent('tabla-site', { detail: { type: 'tournamentMatch', tournamentId: on.id,
        name: on.name, gameId: on.gameId, opponent: on.opponent, opponentLevel: on.opponentLevel, already: true } }));
    }
  }, () => {});
}

/**
 * Someone accepted my seek: the tab that made it goes to the board at once (with the board's notice), wherever it was
 * on the site; my other tabs only say so.
 */
function accepted(m) {
  const text = t('game.accepted', { name: m.by });
  if (isMadeHere(m.seekId)) toBoard(m.gameId, text);
  else alertNow(text);
}

/**
 * My tournament match starts: to its board at once, unless I am at a board now (a game of mine may be on): then the
 * notice bar (notices.js) says it, with the link.
 */
function tournamentMatch(m) {
  const text = t('tour.matchStarts', { name: m.name, opponent: opponentName(m) });
  if (location.hash.startsWith('#/game/')) alertNow(text);
  else toBoard(m.gameId, text);
}

/** Opens board {@code gameId}, where {@code text} is said for a while (the board's notice) and by the alerts. */
export function toBoard(gameId, text) {
  alertNow(text);
  const route = '#/game/' + encodeURIComponent(gameId);
  if (location.hash === route) return;
  try {
    sessionStorage.setItem('tabla.accepted', JSON.stringify({ gameId: String(gameId), text }));
  } catch (e) {
    /* private mode: the board opens without the notice */
  }
  if (location.pathname === '/' || location.pathname.endsWith('/index.html')) location.hash = route;
  else location.href = '/' + route;
}
