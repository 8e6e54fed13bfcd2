package tabla.server.games;

import tabla.core.match.Action;

/**
 * One entry of a room's stored history (version N is the N-th): an action accepted by the engine, or an event of
 * the room itself that the engine does not know (a loss on time). Written and read by {@link EventCodec} only.
 */
public sealed interface StoredEvent {
  /** An action applied to the match: a player's, the computer's, or the server's opening roll. */
  record Played(Action action) implements StoredEvent {}

  /** The seat to act ran out of time and lost the match. */
  record TimedOut(int seat) implements StoredEvent {}
}
