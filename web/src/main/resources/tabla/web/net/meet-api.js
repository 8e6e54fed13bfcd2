// The HTTP calls of the site as a place to meet (issue 14): chat, mutes, moderation of chat, live games, who is
// online, rematches.

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
  live: (page) => request('GET', '/api/live' + (page ? '?page=' + enc(page) : '')),
  online: (variant) => request('GET', '/api/online?variant=' + enc(variant)),
  ratings: (variant, page) => request('GET', `/api/ratings/${enc(variant)}` + (page ? '?page=' + enc(page) : '')),
  playerRatings: (name) => request('GET', `/api/players/${enc(name)}/ratings`),
  gameRatings: (gameId) => request('GET', `/api/games/${enc(gameId)}/ratings`),
  rematch: (gameId) => request('GET', `/api/games/${enc(gameId)}/rematch`),
  offerRematch: (gameId) => request('POST', `/api/games/${enc(gameId)}/rematch`, {}),
  declineRematch: (gameId) => request('DELETE', `/api/games/${enc(gameId)}/rematch`),
};
