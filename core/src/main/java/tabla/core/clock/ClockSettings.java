package tabla.core.clock;

/**
 * A match clock as backgammon tournaments set it (WBF, UBC, Galaxy): a reserve per player for the whole
 * match, from a number of seconds per point of the match length, and a Bronstein delay per move (the
 * delay is spent first; only time beyond it comes off the reserve).
 *
 * @param reservePerPointMillis reserve each player gets per point of the match length (money play: per game)
 * @param delayMillis the per-move delay
 */
public record ClockSettings(long reservePerPointMillis, long delayMillis) {
  /** 1 minute per point, 8 s a move. */
  public static final ClockSettings BLITZ = new ClockSettings(60_000, 8_000);
  /** 2 minutes per point, 12 s a move: the usual tournament setting. */
  public static final ClockSettings STANDARD = new ClockSettings(120_000, 12_000);
  /** 3 minutes per point, 15 s a move. */
  public static final ClockSettings SLOW = new ClockSettings(180_000, 15_000);

  public ClockSettings {
    if (reservePerPointMillis < 0 || delayMillis < 0) throw new IllegalArgumentException("clock times cannot be negative");
    if (reservePerPointMillis == 0 && delayMillis == 0) throw new IllegalArgumentException("a clock needs a reserve or a delay");
  }

  /** A preset by name ("blitz", "standard", "slow"), or null. */
  public static ClockSettings preset(String name) {
    return switch (name) {
      case "blitz" -> BLITZ;
      case "standard" -> STANDARD;
      case "slow" -> SLOW;
      default -> null;
    };
  }

  /** Custom times in seconds: {@code custom(90, 10)} is 90 s per point and a 10 s delay. */
  public static ClockSettings custom(int secondsPerPoint, int delaySeconds) {
    return new ClockSettings(secondsPerPoint * 1000L, delaySeconds * 1000L);
  }

  /** Each player's reserve for a match of {@code length} points (money play counts as 1). */
  public long reserveMillis(int length) {
    return reservePerPointMillis * Math.max(1, length);
  }
}
