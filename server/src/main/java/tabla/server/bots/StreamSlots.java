package tabla.server.bots;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import tabla.server.kernel.Refused;

/**
 * The bound on open bot streams: each holds a request thread for as long as it is open (Jetty has
 * {@code JettyBounds.MAX_THREADS}), so an account may hold {@link #perAccount} at once and the whole node
 * {@link #total}. One more is refused (429) until one closes.
 */
final class StreamSlots {
  private final int perAccount;
  private final int total;
  private final Map<Long, AtomicInteger> held = new ConcurrentHashMap<>();
  private final AtomicInteger all = new AtomicInteger();

  StreamSlots(int perAccount, int total) {
    this.perAccount = perAccount;
    this.total = total;
  }

  /** A slot for {@code userId}, to give back with {@link #release}; or refused. */
  void acquire(long userId) {
    if (all.incrementAndGet() > total) {
      all.decrementAndGet();
      throw full(BotCode.STREAMS_SERVER, total, "the server has " + total + " bot streams open, the most it holds: try again soon");
    }
    boolean[] ok = {false};
    held.compute(userId, (k, n) -> {
      AtomicInteger c = n == null ? new AtomicInteger() : n;
      if (c.get() < perAccount) {
        c.incrementAndGet();
        ok[0] = true;
      }
      return c;
    });
    if (!ok[0]) {
      all.decrementAndGet();
      throw full(BotCode.STREAMS_ACCOUNT, perAccount, "a bot holds at most " + perAccount + " streams open at once: close one first");
    }
  }

  /** A 429 with the bound reached ({@code max}) and the 5 seconds to wait ({@code seconds}, the Retry-After). */
  private static Refused full(BotCode code, int max, String why) {
    return new Refused(Refused.Kind.TOO_MANY, code, Map.of("max", max, "seconds", 5L), why, null, 5);
  }

  void release(long userId) {
    held.computeIfPresent(userId, (k, n) -> n.decrementAndGet() <= 0 ? null : n);
    all.decrementAndGet();
  }

  /** Streams open now (for tests and /metrics). */
  int open() {
    return all.get();
  }
}
