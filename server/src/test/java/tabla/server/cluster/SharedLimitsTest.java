package tabla.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import tabla.server.kernel.Database;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.FailureCount;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.http.RateLimiter;

/**
 * The limits counted in PostgreSQL for all the nodes: two nodes (two counters on one database) share one count, a
 * burst from many threads at once gets exactly the limit, a hostile key is cut, and rows out of every window go.
 * The windows are minutes long: nothing here depends on how fast the machine is.
 */
class SharedLimitsTest {
  private static final RateLimiter.Limit THREE = new RateLimiter.Limit(3, Duration.ofMinutes(10));

  @Test
  void twoNodesShareOneCountAndARefusalSaysHowLongToWait() {
    TestDb.POSTGRES.assume();
    try (Database db = Database.open(TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED))) {
      RateLimit a = new SharedLimits(db.jdbi(), java.time.Clock.systemUTC()).perAddress("new seeks", THREE);
      RateLimit b = new SharedLimits(db.jdbi(), java.time.Clock.systemUTC()).perAddress("new seeks", THREE);
      a.take("198.51.100.1");
      b.take("198.51.100.1");
      a.take("198.51.100.1");
      assertThatThrownBy(() -> b.take("198.51.100.1")).isInstanceOfSatisfying(ApiError.class, e -> {
        assertThat(e.status()).isEqualTo(429);
        assertThat(e.retryAfterSeconds()).isBetween(1L, 600L);
        assertThat(e.getMessage()).startsWith("too many new seeks from your address: try again in ");
      });
      a.take("198.51.100.2"); // another address counts apart
      new SharedLimits(db.jdbi(), java.time.Clock.systemUTC()).perAddress("new games", THREE).take("198.51.100.1"); // and another kind
    }
  }

  @Test
  void aBurstFromManyThreadsOnTwoNodesGetsExactlyTheLimit() throws Exception {
    TestDb.POSTGRES.assume();
    try (Database db = Database.open(TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED))) {
      SharedLimits[] nodes = {new SharedLimits(db.jdbi(), java.time.Clock.systemUTC()), new SharedLimits(db.jdbi(), java.time.Clock.systemUTC())};
      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<Future<Long>> tries = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
          SharedLimits n = nodes[i % 2];
          Callable<Long> take = () -> n.take("chat messages", "42", 5, 600_000);
          tries.add(pool.submit(take));
        }
        int allowed = 0;
        for (Future<Long> f : tries) if (f.get() == 0) allowed++;
        assertThat(allowed).isEqualTo(5);
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void aHostileKeyIsCutAndRowsOutOfEveryWindowAreDeleted() {
    TestDb.POSTGRES.assume();
    try (Database db = Database.open(TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED))) {
      Jdbi jdbi = db.jdbi();
      jdbi.useHandle(h -> h.execute("INSERT INTO rate_counts(kind, counted, times, last_at) VALUES "
          + "('new games', 'old', ARRAY[1]::BIGINT[], 1)"));
      SharedLimits limits = new SharedLimits(jdbi, java.time.Clock.systemUTC());
      assertThat(limits.take("new games", "x".repeat(65_000), 3, 600_000)).isZero();
      assertThat(limits.take("new games", "x".repeat(100) + "y", 3, 600_000)).as("the same key once cut").isZero();
      List<String> keys = jdbi.withHandle(h -> h.createQuery("SELECT counted FROM rate_counts").mapTo(String.class).list());
      assertThat(keys).as("the old row deleted; the long key kept as its first 100 characters").containsExactly("x".repeat(100));
      int times = jdbi.withHandle(h -> h.createQuery("SELECT cardinality(times) FROM rate_counts").mapTo(Integer.class).one());
      assertThat(times).isEqualTo(2);
    }
  }

  /** Failed logins: checked without counting, counted on failure, a row holds at most the limit's times, forgotten. */
  @Test
  void failuresAreCheckedCountedBoundedAndForgotten() {
    TestDb.POSTGRES.assume();
    try (Database db = Database.open(TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED))) {
      Jdbi jdbi = db.jdbi();
      FailureCount a = new SharedLimits(jdbi, java.time.Clock.systemUTC()).failures("failed logins per address", THREE);
      FailureCount b = new SharedLimits(jdbi, java.time.Clock.systemUTC()).failures("failed logins per address", THREE);
      for (int i = 0; i < 3; i++) {
        assertThat(a.waitSeconds("198.51.100.1")).as("before failure %d", i).isZero();
        (i % 2 == 0 ? a : b).count("198.51.100.1");
      }
      assertThat(b.waitSeconds("198.51.100.1")).isBetween(1L, 600L);
      assertThat(a.waitSeconds("198.51.100.2")).as("another key").isZero();
      for (int i = 0; i < 10; i++) a.count("198.51.100.1");
      int times = jdbi.withHandle(h -> h.createQuery("SELECT cardinality(times) FROM rate_counts").mapTo(Integer.class).one());
      assertThat(times).as("at most the limit's times in a row").isEqualTo(3);
      b.forget("198.51.100.1");
      assertThat(a.waitSeconds("198.51.100.1")).isZero();
      int rows = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM rate_counts").mapTo(Integer.class).one());
      assertThat(rows).isZero();
    }
  }
}
