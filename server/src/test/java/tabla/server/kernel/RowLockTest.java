package tabla.server.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.core.match.Rules;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.games.GameStore;
import tabla.server.games.Ownership;
import tabla.server.games.RulesJson;

/**
 * A user's row held as a mutex ({@link Database#ROW_LOCK}: a rating transaction holds both players' rows) does not
 * hold up a new game that names the user: with {@code FOR UPDATE}, PostgreSQL's foreign-key check waited for it, and
 * a rating (rows in id order) and a new game (players in seat order) deadlocked — a seek's acceptance failed.
 */
class RowLockTest {
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aNewGameIsNotHeldUpByItsPlayersRowsHeldAsAMutex(TestDb testDb) throws Exception {
    try (Database db = Database.open(testDb.freshConfig(TestServers.DICE_SEED))) {
      long a = user(db, "alice");
      long b = user(db, "bob");
      GameStore games = new GameStore(db.jdbi(), Ownership.SINGLE, java.time.Clock.systemUTC());
      try (Handle held = db.jdbi().open()) {
        held.begin();
        held.createQuery("SELECT id FROM users WHERE id IN (:a, :b) ORDER BY id <rowLock>")
            .bind("a", a).bind("b", b).mapTo(Long.class).list();
        CompletableFuture<Long> created = CompletableFuture.supplyAsync(
            () -> games.create(RulesJson.write(Rules.match(1)), "live", b, a, null, null, null));
        // held up, it would wait for the commit below (or, on H2, time out on the lock): 10 s is far past any answer
        assertThat(created.get(10, TimeUnit.SECONDS)).as("the game was made while the rows were held").isPositive();
        held.commit();
      } finally {
        games.close();
      }
    }
  }

  private static long user(Database db, String name) {
    return db.jdbi().withHandle(h -> h.createUpdate("INSERT INTO users(name) VALUES (:n)").bind("n", name)
        .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
  }
}
