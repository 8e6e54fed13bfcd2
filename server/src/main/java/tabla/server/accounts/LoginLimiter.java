package tabla.server.accounts;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows password guessing: at most {@code maxFailures} failed logins per key (name and address are
 * counted separately) within {@code windowMillis}; further attempts are refused until the oldest expires.
 */
public final class LoginLimiter {
  private final int maxFailures;
  private final long windowMillis;
  private final Clock clock;
  private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();

  public LoginLimiter(int maxFailures, long windowMillis, Clock clock) {
    this.maxFailures = maxFailures;
    this.windowMillis = windowMillis;
    this.clock = clock;
  }

  /** Seconds to wait before trying again, or 0 when an attempt is allowed now. */
  public long waitSeconds(String... keys) {
    long now = clock.millis();
    long wait = 0;
    for (String key : keys) {
      Deque<Long> d = failures.get(key);
      if (d == null) continue;
      synchronized (d) {
        while (!d.isEmpty() && d.peekFirst() <= now - windowMillis) d.pollFirst();
        if (d.size() >= maxFailures) wait = Math.max(wait, (d.peekFirst() + windowMillis - now + 999) / 1000);
      }
    }
    return wait;
  }

  public void failed(String... keys) {
    long now = clock.millis();
    for (String key : keys) {
      Deque<Long> d = failures.computeIfAbsent(key, k -> new ArrayDeque<>());
      synchronized (d) {
        d.addLast(now);
        while (d.size() > maxFailures) d.pollFirst();
      }
    }
  }

  public void succeeded(String... keys) {
    for (String key : keys) failures.remove(key);
  }
}
