package tabla.server.games;

import java.util.List;
import tabla.core.clock.ClockSettings;
import tabla.core.clock.MatchClock;
import tabla.server.games.GameSnapshot.ClockView;

/**
 * A room's match clock over the room's life, around core's {@link MatchClock}: whose time runs follows the match
 * (the player who must act; nobody between games, during the server's roll-off, or once it is over, so the clock
 * pauses there and the doubler's stops while the other decides); the first clock of a room waits until both
 * players have the board open, or {@link #GRACE_MILLIS} after the room opened; a restart resumes from the reserves
 * stored with the last action (the player to act gets his delay afresh). Untimed games have no clock at all.
 * Not thread-safe: the room calls it under its lock. Times are epoch milliseconds.
 */
final class RoomClock {
  /** A clock waits for both players to open the board, or this long after the room opens. */
  static final long GRACE_MILLIS = 20_000;

  private final boolean[] present = new boolean[2];
  private final long graceEnds;
  private MatchClock clock; // null: untimed

  /** {@code computer[seat]}: the computer sits there (always present). */
  RoomClock(ClockSettings settings, int matchLength, boolean[] computer, long openedMillis) {
    this.clock = settings == null ? null : MatchClock.of(settings, matchLength);
    this.graceEnds = openedMillis + GRACE_MILLIS;
    present[0] = computer[0];
    present[1] = computer[1];
  }

  boolean timed() {
    return clock != null;
  }

  /** The reserves stored with the last action before a restart. */
  void restore(long reserve0, long reserve1) {
    if (clock != null) clock = new MatchClock(clock.settings(), reserve0, reserve1, -1, 0);
  }

  /** What to store with an action taken at {@code now}: each reserve, charged up to now; null when untimed. */
  List<Long> reservesAt(long now) {
    return clock == null ? null : List.of(clock.reserveAt(0, now), clock.reserveAt(1, now));
  }

  /**
   * The match now waits for {@code toAct} (-1: for nobody). His clock keeps running through his own actions
   * (a roll and its move are one turn, one delay); another's starts with a fresh delay.
   */
  void follow(int toAct, long now) {
    if (clock == null || clock.running() == toAct) return;
    clock = clock.stop(now);
    if (toAct >= 0) clock = clock.start(toAct, bothPresent() ? now : Math.max(now, graceEnds));
  }

  /** A player opened the board; true when that made both and a waiting clock started now. */
  boolean arrived(int seat, long now) {
    if (seat < 0 || seat > 1 || present[seat]) return false;
    present[seat] = true;
    if (clock == null || !bothPresent() || clock.running() < 0 || clock.since() <= now) return false;
    int waiting = clock.running();
    clock = clock.stop(now).start(waiting, now);
    return true;
  }

  private boolean bothPresent() {
    return present[0] && present[1];
  }

  /** The seat whose flag has fallen at {@code now}, or -1. */
  int fallen(long now) {
    return clock == null ? -1 : clock.fallen(now);
  }

  /** When the running flag falls (epoch ms), or 0 when no clock runs. */
  long flagFallsAt() {
    return clock == null || clock.running() < 0 ? 0 : clock.flagFallsAt();
  }

  /** Both clocks at {@code now}, for the page to tick from; null when untimed. */
  ClockView view(long now) {
    if (clock == null) return null;
    int r = clock.running();
    return new ClockView(List.of(clock.reserveAt(0, now), clock.reserveAt(1, now)), clock.settings().delayMillis(),
        r < 0 ? null : r, Math.min(clock.settings().delayMillis(), clock.delayLeftAt(now)),
        r < 0 ? 0 : Math.max(0, clock.since() - now));
  }
}
