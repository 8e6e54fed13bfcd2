package tabla.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
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
    long base = freshIds(9_000_000_000L);
    long watched = base + 1;
    long other = base + 2;
    long later = base + 3;
    try (Nodes nodes = Nodes.open()) {
      PgEvents owner = nodes.owner();
      PgEvents watcher = nodes.watcher();
      ConcurrentLinkedQueue<PgEvents.Notice> heard = new ConcurrentLinkedQueue<>();
      owner.start(listener(new ConcurrentLinkedQueue<>()), site(), g -> false); // no resync when a watch starts
      watcher.start(listener(heard), site(), g -> false);
      watcher.watch(watched).get(10, TimeUnit.SECONDS);
      awaitWatched(owner, watched, true);

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
      awaitWatched(owner, later, true);
      heard.clear();
      owner.published(watched, 2, events("watched"));
      owner.published(later, 1, events("later"));
      await(heard, later, 3);
      assertThat(heard).extracting(PgEvents.Notice::game).containsOnly(later);
    }
  }

  /** The owner sends nothing for a game no node watches: heard on a plain connection that LISTENs to every channel. */
  @Test
  void theOwnerSendsNothingForAGameNobodyWatches() throws Exception {
    long base = freshIds(9_100_000_000L);
    long watched = base + 1;
    long unwatched = base + 2;
    try (Nodes nodes = Nodes.open();
        Connection spy = DriverManager.getConnection(nodes.config().dbUrl(), nodes.config().dbUser(),
            nodes.config().dbPassword())) {
      try (Statement st = spy.createStatement()) {
        st.execute("LISTEN " + PgEvents.channelOf(watched));
        st.execute("LISTEN " + PgEvents.channelOf(unwatched));
      }
      PgEvents owner = nodes.owner();
      PgEvents watcher = nodes.watcher();
      owner.start(listener(new ConcurrentLinkedQueue<>()), site(), g -> true);
      watcher.start(listener(new ConcurrentLinkedQueue<>()), site(), g -> false);
      watcher.watch(watched).get(10, TimeUnit.SECONDS);
      awaitWatched(owner, watched, true);
      assertThat(owner.heardElsewhere(unwatched)).isFalse();

      owner.published(unwatched, 1, events("unwatched"));
      owner.resync(unwatched);
      owner.published(watched, 1, events("watched"));
      List<String> channels = new ArrayList<>();
      long end = System.currentTimeMillis() + 20_000;
      // the watched game's notices come after the unwatched one's would have (one sender, in order)
      while (channels.stream().filter(PgEvents.channelOf(watched)::equals).count() < 6 && System.currentTimeMillis() < end) {
        PGNotification[] got = spy.unwrap(PGConnection.class).getNotifications(200);
        if (got != null) for (PGNotification n : got) channels.add(n.getName());
      }
      assertThat(channels).as("the resync that answered the watch, then the event's three notices")
          .containsOnly(PgEvents.channelOf(watched)).hasSize(3 + 3);

      // withdrawn: the owner stops sending that game's events too
      watcher.unwatch(watched);
      awaitWatched(owner, watched, false);
    }
  }

  /**
   * A newly registered watcher misses nothing: its socket (simulated: its version, a snapshot taken from the owner
   * whenever a notice asks for one or skips a version) ends at the owner's last version, whether the owner heard the
   * watch before an event or only after (here the owner starts after the watch, having published meanwhile, and
   * then goes on publishing while a second game's watcher registers in the middle of the play).
   */
  @Test
  void aNewWatcherMissesNoVersion() throws Exception {
    long base = freshIds(9_200_000_000L);
    long early = base + 1;
    long racing = base + 2;
    try (Nodes nodes = Nodes.open()) {
      PgEvents owner = nodes.owner();
      PgEvents watcher = nodes.watcher();
      AtomicInteger earlyVersion = new AtomicInteger();
      AtomicInteger racingVersion = new AtomicInteger();
      SimulatedSocket earlySocket = new SimulatedSocket(early, earlyVersion);
      SimulatedSocket racingSocket = new SimulatedSocket(racing, racingVersion);
      watcher.start(new PgEvents.Listener() {
        @Override
        public void heard(PgEvents.Notice n) {
          earlySocket.heard(n);
          racingSocket.heard(n);
        }

        @Override
        public void missedSome() {}
      }, site(), g -> false);
      watcher.watch(early).get(10, TimeUnit.SECONDS);
      earlySocket.snapshot();
      // the owner has not heard the watch (it is not listening yet): this event is not sent
      earlyVersion.set(1);
      owner.published(early, 1, events("early"));
      owner.start(listener(new ConcurrentLinkedQueue<>()), site(), g -> true);
      awaitVersion(earlySocket, earlyVersion);

      // the play goes on until 300 versions after the owner heard the watch, however long the watch took to reach
      // it (a fixed 300 versions, about 0.6 s, could end before a slow machine's watch arrived: then no events)
      Thread play = new Thread(() -> {
        int afterWatch = 0;
        for (int v = 1; v <= 30_000 && afterWatch < 300; v++) {
          if (owner.heardElsewhere(racing)) afterWatch++;
          racingVersion.set(v); // the room's version is the new one before its event is published
          owner.published(racing, v, events("racing"));
          try {
            Thread.sleep(2);
          } catch (InterruptedException e) {
            return;
          }
        }
      });
      play.start();
      // the watch registers in the middle of the play
      long playing = System.currentTimeMillis() + 20_000;
      while (racingVersion.get() < 50 && System.currentTimeMillis() < playing) Thread.sleep(5);
      watcher.watch(racing).get(10, TimeUnit.SECONDS);
      racingSocket.snapshot();
      play.join();
      awaitVersion(racingSocket, racingVersion);
      assertThat(racingSocket.events).as("most versions came as events, not snapshots").isGreaterThan(50);
    }
  }

  /** What ClusterSockets does with a seat's notices: next version applied, an old one ignored, else a snapshot. */
  private static final class SimulatedSocket {
    private final long game;
    private final AtomicInteger ownersVersion;
    private int version = Integer.MIN_VALUE;
    int events;

    SimulatedSocket(long game, AtomicInteger ownersVersion) {
      this.game = game;
      this.ownersVersion = ownersVersion;
    }

    synchronized void snapshot() {
      version = ownersVersion.get();
    }

    synchronized void heard(PgEvents.Notice n) {
      if (n.game() != game || n.seat() != 0 || version == Integer.MIN_VALUE) return;
      if (n.event() != null && n.version() <= version) return;
      if (n.event() != null && n.version() == version + 1) {
        version = n.version();
        events++;
        return;
      }
      if (n.event() == null && n.version() >= 0 && n.version() <= version) return;
      snapshot();
    }

    synchronized int version() {
      return version;
    }
  }

  private static void awaitVersion(SimulatedSocket s, AtomicInteger owners) throws InterruptedException {
    long end = System.currentTimeMillis() + 20_000;
    while (s.version() != owners.get() && System.currentTimeMillis() < end) Thread.sleep(20);
    assertThat(s.version()).as("the watcher's socket's version").isEqualTo(owners.get());
  }

  /** Until the owner has heard (or forgotten) the watch of {@code game} (at most 20 s). */
  private static void awaitWatched(PgEvents owner, long game, boolean watched) throws InterruptedException {
    long end = System.currentTimeMillis() + 20_000;
    while (owner.heardElsewhere(game) != watched && System.currentTimeMillis() < end) Thread.sleep(20);
    assertThat(owner.heardElsewhere(game)).as("game %d watched", game).isEqualTo(watched);
  }

  /** Two nodes' events, "owner" and "watcher", on one fresh PostgreSQL schema; closed watcher first, the database last. */
  private record Nodes(ServerConfig config, Database db, PgEvents owner, PgEvents watcher) implements AutoCloseable {
    static Nodes open() {
      ServerConfig config = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
      Database db = Database.open(config);
      return new Nodes(config, db, node(db, config, "owner"), node(db, config, "watcher"));
    }

    private static PgEvents node(Database db, ServerConfig config, String name) {
      return new PgEvents(db.jdbi(), config.dbUrl(), config.dbUser(), config.dbPassword(), name, Clock.systemUTC());
    }

    @Override
    public void close() {
      try {
        watcher.close();
        owner.close();
      } finally {
        db.close();
      }
    }
  }

  /** Channels are the database's, not the schema's: game ids from {@code from} on that no other test's games have. */
  private static long freshIds(long from) {
    return from + (System.nanoTime() & 0xffffff) * 10;
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
