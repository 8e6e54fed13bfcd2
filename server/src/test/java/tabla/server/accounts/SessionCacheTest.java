package tabla.server.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The session cache: one read per lifetime, forgotten at once when a session ends, bounded in size. */
class SessionCacheTest {
  private final AtomicLong nanos = new AtomicLong();
  private final SessionCache cache = new SessionCache(nanos::get);
  private final AtomicInteger reads = new AtomicInteger();

  private static Accounts.Session session(String token, long userId) {
    return new Accounts.Session(token, "csrf-" + token, new User(userId, "u" + userId, false, "en", 1500));
  }

  /** The database as the cache sees it: every token is a live session of user 1 (counted). */
  private final Function<String, Optional<Accounts.Session>> db = t -> {
    reads.incrementAndGet();
    return Optional.of(session(t, t.startsWith("b") ? 2 : 1));
  };

  @Test
  void aSessionIsReadOncePerLifetime() {
    for (int i = 0; i < 100; i++) assertThat(cache.get("a1", db)).isPresent();
    assertThat(reads.get()).isEqualTo(1);
    nanos.addAndGet(SessionCache.LIFETIME.toNanos() + 1);
    cache.get("a1", db);
    assertThat(reads.get()).as("read again after its lifetime").isEqualTo(2);
  }

  @Test
  void anUnknownTokenIsNotRemembered() {
    for (int i = 0; i < 3; i++) assertThat(cache.get("nope", t -> {
      reads.incrementAndGet();
      return Optional.empty();
    })).isEmpty();
    assertThat(reads.get()).isEqualTo(3);
    assertThat(cache.size()).isZero();
  }

  @Test
  void logoutAndUserChangesForgetAtOnce() {
    cache.get("a1", db);
    cache.get("a2", db);
    cache.get("b1", db);
    cache.forget("a1");
    cache.get("a1", db);
    assertThat(reads.get()).as("a1 read again after logout").isEqualTo(4);
    cache.forgetUser(1);
    cache.get("a1", db);
    cache.get("a2", db);
    cache.get("b1", db);
    assertThat(reads.get()).as("user 1's sessions read again, user 2's remembered").isEqualTo(6);
  }

  @Test
  void aReadRacingWithAForgetIsNotKept() {
    // the read saw the session alive, then the logout committed and forgot it before the read could store it
    cache.get("a1", t -> {
      reads.incrementAndGet();
      cache.forget(t);
      return Optional.of(session(t, 1));
    });
    cache.get("a1", db);
    assertThat(reads.get()).as("read again: the raced one was not kept").isEqualTo(2);
  }

  @Test
  void holdsAtMostItsBound() {
    for (int i = 0; i < SessionCache.MAX_SESSIONS + 5_000; i++) cache.get("a" + i, db);
    assertThat(cache.size()).isLessThanOrEqualTo(SessionCache.MAX_SESSIONS);
  }
}
