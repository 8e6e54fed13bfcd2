package tabla.server.games;

import java.util.List;
import tabla.core.match.Action;

/**
 * One entry of a room's stored history (version N is the N-th): an action accepted by the engine, or an event of
 * the room itself that the engine does not know (a loss on time, a "continue" between games). Written and read by
 * {@link EventCodec} only.
 */
public sealed interface StoredEvent {
  /**
   * An action applied to the match: a player's, the computer's, or the server's opening roll; in a timed game with
   * both players' reserves (ms) at that moment, so a restart resumes the clocks. {@code clock} is null when untimed.
   */
  record Played(Action action, List<Long> clock) implements StoredEvent {
    public Played(Action action) {
      this(action, null);
    }
  }

  /** The seat to act ran out of time and lost the match. */
  record TimedOut(int seat) implements StoredEvent {}

  /** Between two games, a player said he is ready for the next one. */
  record Continued(int seat) implements StoredEvent {}
}
