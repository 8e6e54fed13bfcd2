package tabla.server.cluster;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.jdbi.v3.core.Jdbi;
import tabla.server.chat.ChatLimit;
import tabla.server.chat.ChatRate;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.http.RateLimiter;

/**
 * The limits on new games, seeks and chat messages, counted in PostgreSQL so that they hold across the nodes (each
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
    if (limit.window().toMillis() > LONGEST_WINDOW_MILLIS) throw new IllegalArgumentException("a window of at most a day");
    return key -> {
      long wait = take(what, key, limit.events(), limit.window().toMillis());
      if (wait > 0) throw RateLimiter.refusal(what, (wait + 999) / 1000);
    };
  }

  /** The chat's limit per user. */
  ChatLimit chat() {
    return user -> take("chat messages", Long.toString(user), ChatRate.MAX_MESSAGES, ChatRate.WINDOW_MILLIS);
  }

  /** Counts one event and returns 0 when fewer than {@code events} are within the window; else the ms to wait. */
  long take(String kind, String rawKey, int events, long windowMillis) {
    String key = rawKey.length() > RateLimiter.MAX_KEY_CHARS ? rawKey.substring(0, RateLimiter.MAX_KEY_CHARS) : rawKey;
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
