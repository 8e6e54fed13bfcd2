package tabla.server.cluster;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Which other nodes watch which games (issue 30): a node that runs a game sends its events only while some node
 * watches it ({@link PgEvents}). Each watch is (game, node) with an expiry that the watching node refreshes while
 * its socket stays open, so a node that dies without withdrawing is forgotten within {@link PgEvents#WATCH_EXPIRES_MILLIS}.
 *
 * <p>Bounded: at most {@link #MAX} watches. A watch that finds it full is not held; instead every game counts as
 * watched for one expiry period (so its events still go out) — by then the watching node has refreshed it, into room
 * made by the expired ones, or the set is still full and the period starts again.
 */
final class Watchers {
  static final int MAX = 100_000;
  private final int max;
  private final Map<Long, Map<String, Long>> byGame = new ConcurrentHashMap<>();
  private final AtomicInteger size = new AtomicInteger();
  private volatile long everyGameUntil = Long.MIN_VALUE;

  Watchers() {
    this(MAX);
  }

  Watchers(int max) {
    this.max = max;
  }

  /**
   * Node {@code node} watches {@code game} until {@code expires}; true when this is new (it did not, or its watch had
   * run out by {@code now}): the game's owner then tells the new watcher to fetch a snapshot.
   */
  boolean add(long game, String node, long now, long expires) {
    boolean[] fresh = {false};
    byGame.compute(game, (g, nodes) -> {
      Map<String, Long> m = nodes != null ? nodes : new ConcurrentHashMap<>();
      Long before = m.get(node);
      if (before == null && size.get() >= max) {
        everyGameUntil = expires;
        fresh[0] = true;
        return nodes;
      }
      if (before == null) size.incrementAndGet();
      fresh[0] = before == null || before <= now;
      m.put(node, expires);
      return m;
    });
    return fresh[0];
  }

  /** Node {@code node} no longer watches {@code game}. */
  void remove(long game, String node) {
    byGame.computeIfPresent(game, (g, m) -> {
      if (m.remove(node) != null) size.decrementAndGet();
      return m.isEmpty() ? null : m;
    });
  }

  /** Whether some node's watch of {@code game} is still running at {@code now}. */
  boolean watched(long game, long now) {
    if (now < everyGameUntil) return true;
    Map<String, Long> m = byGame.get(game);
    if (m == null) return false;
    for (long expires : m.values()) {
      if (expires > now) return true;
    }
    return false;
  }

  /** Forgets the watches run out by {@code now}. */
  void sweep(long now) {
    for (Long game : byGame.keySet()) {
      byGame.computeIfPresent(game, (g, m) -> {
        m.values().removeIf(expires -> {
          boolean out = expires <= now;
          if (out) size.decrementAndGet();
          return out;
        });
        return m.isEmpty() ? null : m;
      });
    }
  }

  int size() {
    return size.get();
  }
}
