package tabla.server.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The server's bounded caches (finished matches' analyses, chat mutes) hold at most their bound, 10,000 keys or not. */
class LruCacheTest {

  @Test
  void manyDistinctKeysNeverHoldMoreThanTheBound() {
    LruCache<Long, String> cache = new LruCache<>(64);
    for (long k = 0; k < 10_000; k++) cache.computeIfAbsent(k, String::valueOf);
    assertThat(cache.size()).isEqualTo(64);
    assertThat(cache.get(9_999L)).isEqualTo("9999");
    assertThat(cache.get(0L)).as("the oldest went first").isNull();
  }

  @Test
  void theLeastRecentlyUsedGoesAndAKeptValueIsNotMadeAgain() {
    LruCache<String, Integer> cache = new LruCache<>(2);
    AtomicInteger made = new AtomicInteger();
    cache.computeIfAbsent("a", k -> made.incrementAndGet());
    cache.computeIfAbsent("b", k -> made.incrementAndGet());
    assertThat(cache.computeIfAbsent("a", k -> made.incrementAndGet())).isEqualTo(1); // kept, and now the newest
    cache.computeIfAbsent("c", k -> made.incrementAndGet());
    assertThat(cache.get("b")).as("b was the least recently used").isNull();
    assertThat(cache.get("a")).isEqualTo(1);
    assertThat(made.get()).isEqualTo(3);
    cache.remove("a");
    assertThat(cache.size()).isEqualTo(1);
  }

  @Test
  void aCacheHoldsAtLeastOne() {
    assertThatThrownBy(() -> new LruCache<>(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
