package tabla.server.games;

/**
 * How long to wait before trying again a step that failed on the database (a computer's move, a clock's
 * time-out, reloading a room): doubling from {@link #FIRST_MILLIS} up to {@link #MAX_MILLIS}. Such a step is
 * retried until it succeeds, so a game never stays stuck after an outage; the cap keeps a long outage from
 * pushing the next try far past the database's return.
 */
final class Backoff {
  static final long FIRST_MILLIS = 250;
  static final long MAX_MILLIS = 15_000;

  private Backoff() {}

  /** The wait after {@code failures} failures in a row (1 or more). */
  static long delayMillis(int failures) {
    int doublings = Math.min(Math.max(failures - 1, 0), 16);
    return Math.min(MAX_MILLIS, FIRST_MILLIS << doublings);
  }
}
