package tabla.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.Database;
import tabla.server.kernel.ServerConfig;

/**
 * Issue 30: a node hears the notices of the games its sockets watch and no others (a channel per game, LISTENed
 * while a socket of the game is open there). PostgreSQL only (LISTEN/NOTIFY).
 */
class PgEventsTest {
  @Test
  void aNodeHearsOnlyTheNoticesOfTheGamesItWatches() throws Exception {
    ServerConfig config = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    // channels are the database's, not the schema's: ids no other test's games have
    long base = 9_000_000_000L + (System.nanoTime() & 0xffffff) * 10;
    long watched = base + 1;
    long other = base + 2;
    long later = base + 3;
    try (Database db = Database.open(config)) {
      PgEvents owner = new PgEvents(db.jdbi(), config.dbUrl(), config.dbUser(), config.dbPassword(), "owner");
      PgEvents watcher = new PgEvents(db.jdbi(), config.dbUrl(), config.dbUser(), config.dbPassword(), "watcher");
      ConcurrentLinkedQueue<PgEvents.Notice> heard = new ConcurrentLinkedQueue<>();
      try {
        owner.start(listener(new ConcurrentLinkedQueue<>()), site());
        watcher.start(listener(heard), site());
        watcher.watch(watched).get(10, TimeUnit.SECONDS);

        // the other game's first: sent before, in the same order, so it would be here by the time the watched one is
        owner.published(other, 1, events("other"));
        owner.published(watched, 1, events("watched"));
        await(heard, watched, 3);
        assertThat(heard).as("the watched game's three notices (one per seat class), none of the other game")
            .extracting(PgEvents.Notice::game).containsOnly(watched).hasSize(3);
        assertThat(heard).extracting(PgEvents.Notice::seat).containsExactly(0, 1, 2);
        assertThat(heard).extracting(PgEvents.Notice::event).containsOnly("{\"for\":\"watched\"}");

        // its last socket closed: no more of its notices
        watcher.unwatch(watched);
        watcher.watch(later).get(10, TimeUnit.SECONDS); // after the UNLISTEN, on the same connection
        heard.clear();
        owner.published(watched, 2, events("watched"));
        owner.published(later, 1, events("later"));
        await(heard, later, 3);
        assertThat(heard).extracting(PgEvents.Notice::game).containsOnly(later);
      } finally {
        watcher.close();
        owner.close();
      }
    }
  }

  private static String[] events(String what) {
    String e = "{\"for\":\"" + what + "\"}";
    return new String[] {e, e, e};
  }

  /** Until {@code n} notices of {@code game} came (at most 20 s: a missing notice fails, not a slow one). */
  private static void await(ConcurrentLinkedQueue<PgEvents.Notice> heard, long game, int n) throws InterruptedException {
    long end = System.currentTimeMillis() + 20_000;
    while (heard.stream().filter(x -> x.game() == game).count() < n && System.currentTimeMillis() < end) Thread.sleep(20);
    assertThat(heard.stream().filter(x -> x.game() == game).count()).as("notices of game %d", game).isEqualTo(n);
  }

  private static PgEvents.Listener listener(ConcurrentLinkedQueue<PgEvents.Notice> into) {
    return new PgEvents.Listener() {
      @Override
      public void heard(PgEvents.Notice n) {
        into.add(n);
      }

      @Override
      public void missedSome() {}
    };
  }

  private static PgEvents.SiteListener site() {
    return new PgEvents.SiteListener() {
      @Override
      public void heard(String payload) {}

      @Override
      public void missedSome() {}
    };
  }
}
