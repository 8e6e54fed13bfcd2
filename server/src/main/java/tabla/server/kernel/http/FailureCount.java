package tabla.server.kernel.http;

/**
 * Failures (wrong passwords) counted per key and checked before the next attempt: in this process
 * ({@link RateLimiter}), or in the database shared by the nodes of a cluster, so that a client whose requests
 * reach several nodes gets no more tries than from one (issue 30).
 */
public interface FailureCount {
  /** Seconds to wait before {@code key} may try again; 0 when it may now. */
  long waitSeconds(String key);

  /** Counts one failure of {@code key}. */
  void count(String key);

  /** Forgets {@code key}'s failures (it succeeded). */
  void forget(String key);
}
