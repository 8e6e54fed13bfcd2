package tabla.core.clock;

/**
 * Both players' clocks in a match, as an immutable value: every change takes the time it happens
 * ({@code now}, in milliseconds of any steady clock) and returns the new clock, so the rules of time are
 * tested without waiting and the server only says when things happen.
 *
 * <p>At most one clock runs: the one of the player who must act ({@link #start}). When he has acted,
 * {@link #stop} charges him the time beyond the delay (Bronstein: the delay is spent first, then the
 * reserve, and an unused delay is not kept). Between games, and for the doubler while the opponent
 * decides on his double, no clock of theirs runs: the server simply does not start it. A reserve below
 * zero is a fallen flag ({@link #fallen}), which loses the match.
 *
 * @param settings reserve per point and delay
 * @param reserve0 player 0's reserve left, in ms
 * @param reserve1 player 1's reserve left
 * @param running the player whose clock runs, or -1
 * @param since when the running clock started
 */
public record MatchClock(ClockSettings settings, long reserve0, long reserve1, int running, long since) {
  public MatchClock {
    if (running < -1 || running > 1) throw new IllegalArgumentException("running is -1, 0 or 1, got " + running);
  }

  /** A new match's clocks: the full reserve each, none running. */
  public static MatchClock of(ClockSettings settings, int matchLength) {
    long r = settings.reserveMillis(matchLength);
    return new MatchClock(settings, r, r, -1, 0);
  }

  public long reserve(int player) {
    return player == 0 ? reserve0 : reserve1;
  }

  /** {@code player} must act from {@code now}: his clock runs (another running clock is stopped first). */
  public MatchClock start(int player, long now) {
    MatchClock c = running >= 0 && running != player ? stop(now) : this;
    if (c.running == player) return c;
    return new MatchClock(settings, c.reserve0, c.reserve1, player, now);
  }

  /** The running player has acted at {@code now}: he is charged what he used beyond the delay. */
  public MatchClock stop(long now) {
    if (running < 0) return this;
    long charged = Math.max(0, now - since - settings.delayMillis());
    long r0 = running == 0 ? reserve0 - charged : reserve0;
    long r1 = running == 1 ? reserve1 - charged : reserve1;
    return new MatchClock(settings, r0, r1, -1, 0);
  }

  /** What {@code player}'s reserve would be if he acted at {@code now}. */
  public long reserveAt(int player, long now) {
    if (player != running) return reserve(player);
    return reserve(player) - Math.max(0, now - since - settings.delayMillis());
  }

  /** What is left of the running player's delay at {@code now} (0 when none runs). */
  public long delayLeftAt(long now) {
    return running < 0 ? 0 : Math.max(0, settings.delayMillis() - (now - since));
  }

  /** When the running player's flag falls, or {@link Long#MAX_VALUE} when no clock runs. */
  public long flagFallsAt() {
    return running < 0 ? Long.MAX_VALUE : since + settings.delayMillis() + reserve(running);
  }

  /** The player whose flag has fallen at {@code now}, or -1. */
  public int fallen(long now) {
    if (reserve0 < 0) return 0;
    if (reserve1 < 0) return 1;
    return running >= 0 && now > flagFallsAt() ? running : -1;
  }
}
