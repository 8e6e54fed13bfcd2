package tabla.server.kernel.http;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import tabla.server.kernel.SiteCode;

/**
 * At most {@link Limit#events()} events per key (a client address; an address and an account) within
 * {@link Limit#window()}; one more is refused with the seconds to wait. Memory is bounded whatever clients send:
 * at most {@code maxKeys} keys, each cut to {@link #MAX_KEY_CHARS} characters and holding at most
 * {@code events} times. Keys whose window has passed are dropped first, then the least recently counted.
 */
public final class RateLimiter implements RateLimit, FailureCount {
  /** A key longer than this is cut (a 65 kB login name is kept as its first characters, never whole). */
  public static final int MAX_KEY_CHARS = 100;
  /** Keys kept per limiter unless told otherwise: 10,000 × (100 chars + a few times) is about 3 MB at most. */
  public static final int DEFAULT_MAX_KEYS = 10_000;

  /** {@code events} per {@code window}; {@link #OFF} counts nothing and refuses nothing. */
  public record Limit(int events, Duration window) {
    public static final Limit OFF = new Limit(0, Duration.ZERO);

    public Limit {
      if (events < 0 || events > 10_000) throw new IllegalArgumentException("events must be 0 (off) to 10000");
      if (events > 0 && window.toMillis() <= 0) throw new IllegalArgumentException("a limit needs a window");
    }

    public boolean off() {
      return events == 0;
    }
  }

  private final String what;
  private final Limit limit;
  private final int maxKeys;
  private final Clock clock;
  /** In the order keys were last counted: the first entry is the one to drop. */
  private final LinkedHashMap<String, ArrayDeque<Long>> times = new LinkedHashMap<>();

  /** @param what what is counted, as the refusal names it ("new accounts", "failed logins") */
  public RateLimiter(String what, Limit limit, int maxKeys, Clock clock) {
    if (maxKeys < 1) throw new IllegalArgumentException("maxKeys must be positive");
    this.what = what;
    this.limit = limit;
    this.maxKeys = maxKeys;
    this.clock = clock;
  }

  public RateLimiter(String what, Limit limit, Clock clock) {
    this(what, limit, DEFAULT_MAX_KEYS, clock);
  }

  /** Seconds to wait before {@code key} may have another event; 0 when it may now. */
  @Override
  public synchronized long waitSeconds(String key) {
    if (limit.off()) return 0;
    ArrayDeque<Long> d = times.get(cut(key));
    if (d == null) return 0;
    long now = clock.millis();
    expire(d, now);
    if (d.size() < limit.events()) return 0;
    return Math.max(1, (d.peekFirst() + limit.window().toMillis() - now + 999) / 1000);
  }

  /** Counts one event for {@code key} (whether or not it was allowed). */
  @Override
  public synchronized void count(String key) {
    if (limit.off()) return;
    long now = clock.millis();
    String k = cut(key);
    ArrayDeque<Long> d = times.remove(k); // re-inserted last: the most recently counted
    if (d == null) d = new ArrayDeque<>(Math.min(limit.events(), 16));
    expire(d, now);
    d.addLast(now);
    while (d.size() > limit.events()) d.pollFirst();
    times.put(k, d);
    dropOld(now);
  }

  @Override
  public synchronized void take(String key) {
    long wait = waitSeconds(key);
    if (wait > 0) throw refusal(wait);
    count(key);
  }

  /** The 429 for a key that must wait {@code seconds}: the reason, and Retry-After. */
  public ApiError refusal(long seconds) {
    return refusal(what, seconds);
  }

  /** The 429 for too many {@code what} (as a refusal names them) from one address: wait {@code seconds}. */
  public static ApiError refusal(String what, long seconds) {
    long s = Math.max(1, seconds);
    return ApiError.retryLater(429, SiteCode.TOO_MANY, Map.of("seconds", s), sentence(what, s), s);
  }

  /** What a refusal says: too many {@code what} from one address, and when to try again. */
  public static String sentence(String what, long seconds) {
    return "too many " + what + " from your address: try again in " + seconds + " s";
  }

  @Override
  public synchronized void forget(String key) {
    times.remove(cut(key));
  }

  /** How many keys are held now (for tests of the bound). */
  public synchronized int size() {
    return times.size();
  }

  /** The longest key held now (for tests of the bound). */
  public synchronized int longestKey() {
    return times.keySet().stream().mapToInt(String::length).max().orElse(0);
  }

  private void expire(ArrayDeque<Long> d, long now) {
    long start = now - limit.window().toMillis();
    while (!d.isEmpty() && d.peekFirst() <= start) d.pollFirst();
  }

  /** Drops keys whose last event left the window (they are first in order), then the oldest beyond the cap. */
  private void dropOld(long now) {
    long start = now - limit.window().toMillis();
    Iterator<Map.Entry<String, ArrayDeque<Long>>> it = times.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<String, ArrayDeque<Long>> e = it.next();
      boolean expired = e.getValue().isEmpty() || e.getValue().peekLast() <= start;
      if (!expired && times.size() <= maxKeys) break;
      it.remove();
    }
  }

  private static String cut(String key) {
    return key.length() > MAX_KEY_CHARS ? key.substring(0, MAX_KEY_CHARS) : key;
  }
}
