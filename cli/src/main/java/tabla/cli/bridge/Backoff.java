package tabla.cli.bridge;

/**
 * The waits before a stream is opened again after it ended or broke without the site's word: 1, 2, 4 … s, at most
 * {@link #MAX_SECONDS}, and from 1 s again once a stream brought something (so a site that is down for long is asked
 * once a minute, not in a loop).
 */
final class Backoff {
  static final long MAX_SECONDS = 60;
  private long next = 1;

  /** The next wait, in seconds; the one after it is twice as long, up to the bound. */
  long next() {
    long wait = next;
    next = Math.min(MAX_SECONDS, next * 2);
    return wait;
  }

  /** A stream worked: the next failure waits 1 s. */
  void reset() {
    next = 1;
  }
}
