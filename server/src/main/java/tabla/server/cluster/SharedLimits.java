package tabla.server.cluster;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.jdbi.v3.core.Jdbi;
import tabla.server.chat.ChatLimit;
import tabla.server.chat.ChatRate;
import tabla.server.kernel.http.FailureCount;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.http.RateLimiter;

/**
 * The limits on new games, seeks and chat messages (and the failed logins: {@link #failures}), counted in PostgreSQL so that they hold across the nodes (each
 * node counting its own would let N nodes allow N times as many). One statement per limited request: an upsert of
 * the key's row (kind, key: times within the window) that adds the time only when fewer than the limit are within
 * the window; the row's lock serializes two nodes counting one key at once, so the limit is exact, as on one node.
 * Times are the database's clock (the nodes' clocks may differ).
 *
 * <p>Bounds: a row holds at most the limit's number of times; a key is cut to {@link RateLimiter#MAX_KEY_CHARS}; a
 * row whose last time is older than {@link #LONGEST_WINDOW_MILLIS} is deleted (at most once every
 * {@link #CLEAN_EVERY_MILLIS} by each node), so the table holds only the keys counted within their window.
 */
final class SharedLimits {
  static final long LONGEST_WINDOW_MILLIS = 24 * 3600_000L;
  static final long CLEAN_EVERY_MILLIS = 60_000;
  private static final String NOW = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT";

  private final Jdbi jdbi;
  private final AtomicLong cleaned = new AtomicLong();

  private final Clock clock;

  SharedLimits(Jdbi jdbi, Clock clock) {
    this.jdbi = jdbi;
    this.clock = clock;
  }

  /** {@code limit} per client address, as {@link RateLimiter} counts it on one node; {@code what} names it. */
  RateLimit perAddress(String what, RateLimiter.Limit limit) {
    if (limit.off()) return key -> { };
    long window = checkedWindow(limit);
    return key -> {
      long wait = take(what, key, limit.events(), window);
      if (wait > 0) throw RateLimiter.refusal(what, (wait + 999) / 1000);
    };
  }

  /**
   * Failures of {@code kind}, at most {@code limit} per key within its window: checked before an attempt, counted
   * after a failure, forgotten after a success (failed logins: {@link tabla.server.accounts.LoginLimiter}).
   */
  FailureCount failures(String kind, RateLimiter.Limit limit) {
    if (limit.off()) return new RateLimiter(kind, limit, clock); // counts nothing
    long window = checkedWindow(limit);
    return new FailureCount() {
      @Override
      public long waitSeconds(String key) {
        return (waitMillis(kind, cut(key), limit.events(), window) + 999) / 1000;
      }

      @Override
      public void count(String key) {
        add(kind, cut(key), limit.events(), window);
      }

      @Override
      public void forget(String key) {
        jdbi.useHandle(h -> h.createUpdate("DELETE FROM rate_counts WHERE kind = :kind AND counted = :key")
            .bind("kind", kind).bind("key", cut(key)).execute());
      }
    };
  }

  /** 0 when fewer than {@code events} times of the key are within the window; else the ms until the oldest leaves. */
  private long waitMillis(String kind, String key, int events, long windowMillis) {
    return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(t) AS n, MIN(t) AS oldest, " + NOW + " AS now "
            + "FROM rate_counts r, unnest(r.times) t WHERE r.kind = :kind AND r.counted = :key AND t > " + NOW
            + " - :window")
        .bind("kind", kind).bind("key", key).bind("window", windowMillis)
        .map((rs, ctx) -> rs.getInt("n") < events ? 0L : Math.max(1, rs.getLong("oldest") + windowMillis - rs.getLong("now")))
        .one());
  }

  /** Adds the time now to the key's row, keeping its newest {@code events} times within the window (the bound). */
  private void add(String kind, String key, int events, long windowMillis) {
    cleanIfDue();
    jdbi.useHandle(h -> h.createUpdate("INSERT INTO rate_counts AS r (kind, counted, times, last_at) "
            + "VALUES (:kind, :key, ARRAY[" + NOW + "], " + NOW + ") ON CONFLICT (kind, counted) DO UPDATE "
            + "SET times = ARRAY(SELECT t FROM (SELECT t FROM unnest(r.times) t WHERE t > " + NOW + " - :window "
            + "ORDER BY t DESC LIMIT :keep) kept ORDER BY t) || " + NOW + ", last_at = " + NOW)
        .bind("kind", kind).bind("key", key).bind("window", windowMillis).bind("keep", events - 1).execute());
  }

  private static String cut(String key) {
    return key.length() > RateLimiter.MAX_KEY_CHARS ? key.substring(0, RateLimiter.MAX_KEY_CHARS) : key;
  }

  private static long checkedWindow(RateLimiter.Limit limit) {
    if (limit.window().toMillis() > LONGEST_WINDOW_MILLIS) throw new IllegalArgumentException("a window of at most a day");
    return limit.window().toMillis();
  }

  /** The chat's limit per user. */
  ChatLimit chat() {
    return user -> take("chat messages", Long.toString(user), ChatRate.MAX_MESSAGES, ChatRate.WINDOW_MILLIS);
  }

  /** Counts one event and returns 0 when fewer than {@code events} are within the window; else the ms to wait. */
  long take(String kind, String rawKey, int events, long windowMillis) {
    String key = cut(rawKey);
    cleanIfDue();
    return jdbi.inTransaction(h -> {
      boolean counted = h.createQuery("INSERT INTO rate_counts AS r (kind, counted, times, last_at) "
              + "VALUES (:kind, :key, ARRAY[" + NOW + "], " + NOW + ") ON CONFLICT (kind, counted) DO UPDATE "
              + "SET times = ARRAY(SELECT t FROM unnest(r.times) t WHERE t > " + NOW + " - :window ORDER BY t) "
              + "|| " + NOW + ", last_at = " + NOW + " "
              + "WHERE cardinality(ARRAY(SELECT t FROM unnest(r.times) t WHERE t > " + NOW + " - :window)) < :events "
              + "RETURNING 1")
          .bind("kind", kind).bind("key", key).bind("window", windowMillis).bind("events", events)
          .mapTo(Integer.class).findOne().isPresent();
      if (counted) return 0L;
      long oldest = h.createQuery("SELECT MIN(t) FROM rate_counts r, unnest(r.times) t WHERE r.kind = :kind "
              + "AND r.counted = :key AND t > " + NOW + " - :window")
          .bind("kind", kind).bind("key", key).bind("window", windowMillis).mapTo(Long.class).one();
      long now = h.createQuery("SELECT " + NOW).mapTo(Long.class).one();
      return Math.max(1, oldest + windowMillis - now);
    });
  }

  private void cleanIfDue() {
    long now = clock.millis();
    long last = cleaned.get();
    if (now - last < CLEAN_EVERY_MILLIS || !cleaned.compareAndSet(last, now)) return;
    jdbi.useHandle(h -> h.createUpdate("DELETE FROM rate_counts WHERE last_at < " + NOW + " - :longest")
        .bind("longest", LONGEST_WINDOW_MILLIS).execute());
  }
}
