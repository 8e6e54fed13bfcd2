package tabla.server.accounts;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The sessions recently found behind cookie tokens, so that a player's stream of requests (and actions over the game
 * socket) reads the database once per {@link #LIFETIME}, not once per request. Bounded: at most {@link #MAX_SESSIONS}
 * entries (least used leave first). This node forgets a session at once when it ends here (logout, ban, password
 * change or reset, deletion: {@link #forgetUser}); a change made elsewhere (another node, a rating written after a
 * match) shows within {@link #LIFETIME}. Only found sessions are kept: a guessed token costs a query, never memory.
 */
final class SessionCache {
  static final int MAX_SESSIONS = 20_000;
  static final Duration LIFETIME = Duration.ofSeconds(5);

  private final Cache<String, Accounts.Session> byToken;
  /** Counts the forgets: a read that raced with one (it may have seen the session still alive) is not kept. */
  private final AtomicLong forgets = new AtomicLong();

  SessionCache(Ticker ticker) {
    this.byToken = Caffeine.newBuilder().maximumSize(MAX_SESSIONS).expireAfterWrite(LIFETIME).ticker(ticker)
        .executor(Runnable::run) // evictions on the caller's thread: no pool of its own, and tests see them at once
        .build();
  }

  /** The session of {@code token}: remembered, or read by {@code load} (and remembered when found). */
  Optional<Accounts.Session> get(String token, Function<String, Optional<Accounts.Session>> load) {
    Accounts.Session s = byToken.getIfPresent(token);
    if (s != null) return Optional.of(s);
    long before = forgets.get();
    Optional<Accounts.Session> found = load.apply(token);
    found.ifPresent(f -> {
      byToken.put(token, f);
      if (forgets.get() != before) byToken.invalidate(token);
    });
    return found;
  }

  void forget(String token) {
    forgets.incrementAndGet();
    byToken.invalidate(token);
  }

  /** Every session of the user: it ended, or what the session says of the user changed. */
  void forgetUser(long userId) {
    forgets.incrementAndGet();
    byToken.asMap().values().removeIf(s -> s.user().id() == userId);
  }

  long size() {
    byToken.cleanUp();
    return byToken.estimatedSize();
  }
}
