// The HTTP calls of the site as a place to meet (issue 14): chat, mutes, moderation of chat.

import { request } from './api.js';

const enc = encodeURIComponent;

/** A channel's paths: the lobby's, or a game's 'players' / 'spectators'. */
export function chatPath(gameId, side) {
  return gameId == null ? '/api/chat/lobby' : `/api/games/${enc(gameId)}/chat/${enc(side)}`;
}

export const meetApi = {
  chatHistory: (path) => request('GET', path),
  say: (path, text) => request('POST', path, { text }),
  mutes: () => request('GET', '/api/me/mutes'),
  mute: (name) => request('POST', '/api/me/mutes', { name }),
  unmute: (name) => request('DELETE', `/api/me/mutes/${enc(name)}`),
  deleteMessage: (id) => request('POST', '/api/admin/chat/delete', { id }),
};

let staff = null;

/** Whether the signed-in user may moderate (asked once per page load; a player gets 403, which is fine). */
export function isStaff() {
  if (!staff) staff = request('GET', '/api/admin/me').then(() => true, () => false);
  return staff;
}
