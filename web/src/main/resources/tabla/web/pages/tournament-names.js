// How tournament entrants are named on the pages: a person by their name, a computer player by its level in the
// reader's language ("Computer (Strong)"), numbered when several computers of one level are entered, so a bracket of
// four random computers still says which is which. The server sends each entrant's level; the words are the page's.
import { playerName } from '../board/game-text.js';

/** Each entrant's name as shown, by seed (the index of tour.entrants). */
export function entrantNames(tour) {
  const total = {};
  for (const e of tour.entrants) if (e.level) total[e.level] = (total[e.level] || 0) + 1;
  const seen = {};
  return tour.entrants.map((e) => {
    if (!e.level) return e.name;
    seen[e.level] = (seen[e.level] || 0) + 1;
    const name = playerName({ bot: e.level });
    return total[e.level] > 1 ? name + ' ' + seen[e.level] : name;
  });
}

/** The opponent of "my match starts" and "my tournaments": a person's name, or the computer at its level. */
export function opponentName(m) {
  return m.opponentLevel ? playerName({ bot: m.opponentLevel }) : m.opponent;
}
