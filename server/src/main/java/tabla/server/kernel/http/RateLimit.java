package tabla.server.kernel.http;

/**
 * A limit on how often one key (a client address) may do something: counted in this process ({@link RateLimiter}),
 * or in the database shared by the nodes of a cluster (README "Running a cluster").
 */
public interface RateLimit {
  /** Counts the event when allowed; otherwise a 429 saying how long to wait (and nothing is counted). */
  void take(String key);
}
