package tabla.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.core.match.Rules;
import tabla.server.kernel.Database;
import tabla.server.MovableClock;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.games.GameStore;
import tabla.server.games.Ownership;
import tabla.server.games.RulesJson;

/**
 * One owner per game, decided by the database: a second node cannot take a held game, takes it once the lease ran
 * out, and from then on the database refuses every write of the old owner (the fence), whatever that owner believes.
 */
class GameLeasesTest {
  private static final GameStore.Summary PLAYING = new GameStore.Summary("playing", null, 0, 0, null);

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aNodeThatHoldsNoGameRenewsWithoutGoingToTheDatabase(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(TestServers.DICE_SEED))) {
      java.util.concurrent.atomic.AtomicInteger connections = new java.util.concurrent.atomic.AtomicInteger();
      javax.sql.DataSource counted = beforeEachConnection(db.dataSource(), connections::incrementAndGet);
      GameLeases a = new GameLeases(Jdbi.create(counted), "a", java.time.Clock.systemUTC());
      GameStore store = new GameStore(db.jdbi(), a, java.time.Clock.systemUTC());
      int idle = connections.get();
      a.renew();
      a.renew();
      assertThat(connections.get()).as("no lease held: nothing to renew").isEqualTo(idle);

      long game = newGame(store);
      assertThat(a.claim(game)).isNull();
      int held = connections.get();
      a.renew();
      assertThat(connections.get()).as("a lease held: renewed in the database").isGreaterThan(held);
      assertThat(a.heldEpochs()).containsKey(game);
      a.close();
    }
  }

  /**
   * The writer's fence and the renewal lock the same lease rows; taken in different orders, PostgreSQL finds a
   * deadlock after a second and aborts one of them: a renewal lost (the node's games run out and are taken over, by
   * itself if it is the only node: the actions in flight are refused "moved to another server") or a group of actions
   * refused. Both take them in the order of the games' ids, so neither waits for the other in a circle.
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theFenceAndTheRenewalNeverDeadlock(TestDb testDb) throws Exception {
    try (Database db = Database.open(testDb.freshConfig(TestServers.DICE_SEED))) {
      Jdbi jdbi = db.jdbi();
      GameLeases a = new GameLeases(jdbi, "a", java.time.Clock.systemUTC());
      GameStore store = new GameStore(jdbi, a, java.time.Clock.systemUTC());
      int games = 64;
      int writers = 16;
      long[] ids = new long[games];
      for (int g = 0; g < games; g++) {
        ids[g] = newGame(store);
        assertThat(a.claim(ids[g])).isNull();
      }
      java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(writers + 1);
      try {
        java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.Future<Integer> renewals = pool.submit(() -> {
          int failed = 0;
          while (writing.get()) {
            if (!a.renewOnce()) failed++; // not renew(), whose second try would hide a first one aborted
          }
          return failed;
        });
        List<java.util.concurrent.Future<?>> done = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
          int first = w;
          // each writer its own games (a game's versions in order), so every group holds games in a mixed order
          done.add(pool.submit(() -> {
            java.util.Random random = new java.util.Random(first);
            int[] seq = new int[games];
            for (int i = 0; i < 150; i++) {
              int g = first + writers * random.nextInt(games / writers);
              store.append(ids[g], ++seq[g], "{}", PLAYING);
            }
            return null;
          }));
        }
        try {
          for (java.util.concurrent.Future<?> f : done) f.get();
        } finally {
          writing.set(false);
        }
        assertThat(renewals.get()).as("renewals that failed").isZero();
      } finally {
        pool.shutdownNow();
        store.close();
        a.close();
      }
    }
  }

  /** A renewal that fails (here: no connection the first time) is tried again at once, and the leases hold. */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aFailedRenewalIsTriedAgainAtOnce(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(TestServers.DICE_SEED))) {
      java.util.concurrent.atomic.AtomicInteger failNext = new java.util.concurrent.atomic.AtomicInteger();
      javax.sql.DataSource flaky = beforeEachConnection(db.dataSource(), () -> {
        if (failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) throw new java.sql.SQLException("refused (test)");
      });
      GameLeases a = new GameLeases(Jdbi.create(flaky), "a", java.time.Clock.systemUTC());
      GameStore store = new GameStore(db.jdbi(), a, java.time.Clock.systemUTC());
      try {
        long game = newGame(store);
        assertThat(a.claim(game)).isNull();
        db.jdbi().useHandle(h -> h.execute("UPDATE game_leases SET expires_at = 1")); // as if about to run out
        failNext.set(1);
        assertThat(a.renewOnce()).as("one try, and it failed").isFalse();
        assertThat(expiry(db.jdbi(), game)).isEqualTo(1);
        failNext.set(1);
        long before = System.currentTimeMillis();
        assertThat(a.renew()).as("the second try renews").isTrue();
        assertThat(expiry(db.jdbi(), game)).isGreaterThan(before);
        assertThat(a.heldEpochs()).containsKey(game);
        failNext.set(2);
        assertThat(a.renew()).as("two failures in a row: not renewed").isFalse();
      } finally {
        store.close();
        a.close();
      }
    }
  }

  private static long expiry(Jdbi jdbi, long game) {
    return jdbi.withHandle(h -> h.createQuery("SELECT expires_at FROM game_leases WHERE game_id = :g").bind("g", game)
        .mapTo(Long.class).one());
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aStaleOwnersWritesAreRefusedByTheDatabase(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(TestServers.DICE_SEED))) {
      Jdbi jdbi = db.jdbi();
      GameLeases a = new GameLeases(jdbi, "a", java.time.Clock.systemUTC());
      GameLeases b = new GameLeases(jdbi, "b", java.time.Clock.systemUTC());
      GameStore storeA = new GameStore(jdbi, a, java.time.Clock.systemUTC());
      GameStore storeB = new GameStore(jdbi, b, java.time.Clock.systemUTC());
      try {
        long game = newGame(storeA);
        assertThat(a.claim(game)).as("nobody holds it: a takes it").isNull();
        assertThat(b.claim(game)).as("a holds it").isEqualTo(new Ownership.Owner("a", "http://127.0.0.1:0"));
        assertThat(b.ownerElsewhere(game).node()).isEqualTo("a");
        storeA.append(game, 1, "{\"n\":1}", PLAYING);
        assertThatThrownBy(() -> storeB.append(game, 2, "{\"n\":2}", PLAYING)).as("b does not hold it")
            .isInstanceOf(Ownership.Fenced.class);

        // a stops renewing (it died, or it stalls): once its lease has run out, b takes the game
        jdbi.useHandle(h -> h.execute("UPDATE game_leases SET expires_at = 0"));
        assertThat(b.claim(game)).isNull();
        // a still believes it holds the game (it has not renewed yet): the database refuses its write all the same
        assertThatThrownBy(() -> storeA.append(game, 2, "{\"stale\":true}", PLAYING)).isInstanceOf(Ownership.Fenced.class);
        storeB.append(game, 2, "{\"n\":2}", PLAYING);
        assertThat(storeB.events(game)).containsExactly("{\"n\":1}", "{\"n\":2}");
        assertThat(epochs(jdbi, game)).as("each action under the epoch of the node that wrote it").containsExactly(1L, 2L);

        // a's next renewal finds the game gone and drops it
        List<Long> lost = new ArrayList<>();
        a.listen(lost::add, g -> { });
        a.renew();
        assertThat(lost).containsExactly(game);
        assertThat(a.heldEpochs()).isEmpty();
        assertThat(b.heldEpochs()).containsEntry(game, 2L);
        assertThat(a.claim(game)).as("b holds it now").isEqualTo(new Ownership.Owner("b", "http://127.0.0.1:0"));
      } finally {
        storeA.close();
        storeB.close();
        a.close();
        b.close();
      }
    }
  }

  /**
   * The orphan scan reads the leases that ran out, every second on every node: a lease given back, and a dead node's
   * lease of a game that has ended, must leave that range, or the scan reads every game ever played. The second
   * needs no haste: the tidying, once a minute, gives it back, not each scan.
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void leasesOfGamesNobodyRunsLeaveTheRangeTheScanReads(TestDb testDb) {
    try (Nodes n = Nodes.open(testDb, java.time.Clock.systemUTC())) {
      long idle = newGame(n.store());
      long ended = newGame(n.store());
      long running = newGame(n.store());
      for (long g : new long[] {idle, ended, running}) assertThat(n.a().claim(g)).isNull();
      n.a().release(idle);
      n.store().append(ended, 1, "{}", new GameStore.Summary("finished", null, 1, 0, 0));
      n.jdbi().useHandle(h -> h.execute("UPDATE game_leases SET expires_at = 0 WHERE owner = 'a'")); // a died
      List<Long> orphans = new ArrayList<>();
      n.b().listen(g -> { }, orphans::add);
      n.b().scan();
      assertThat(orphans).as("only the running game is taken over").containsExactly(running);
      assertThat(leasesRunOut(n.jdbi())).as("the ended game's lease, until the tidying").containsExactly(ended);
      n.b().tidy();
      assertThat(leasesRunOut(n.jdbi())).as("leases in the scan's range").isEmpty();
      assertThat(n.b().claim(ended)).as("a game given back is free to take").isNull();
      assertThat(n.b().claim(idle)).isNull();
    }
  }

  /** The leases the orphan scan reads now ({@code expires_at < now}). */
  private static List<Long> leasesRunOut(Jdbi jdbi) {
    return jdbi.withHandle(h -> h.createQuery("SELECT game_id FROM game_leases WHERE expires_at < :now")
        .bind("now", System.currentTimeMillis()).mapTo(Long.class).list());
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aGameGivenBackOrLeftByADeadNodeIsFoundAndTakenByTheNext(TestDb testDb) {
    try (Nodes n = Nodes.open(testDb, java.time.Clock.systemUTC())) {
      long running = newGame(n.store());
      long idle = newGame(n.store());
      assertThat(n.a().claim(running)).isNull();
      assertThat(n.a().claim(idle)).isNull();
      n.a().release(idle); // left memory: nothing runs in it until someone opens it
      List<Long> orphans = new ArrayList<>();
      n.b().listen(g -> { }, orphans::add);
      n.b().scan();
      assertThat(orphans).as("a renews its lease").isEmpty();
      n.a().close(); // gives its leases back: its running game is taken over at once
      n.b().scan();
      assertThat(orphans).containsExactly(running);
      assertThat(n.b().claim(running)).isNull();
      assertThat(n.b().claim(idle)).as("a game given back is free to take").isNull();
      assertThat(logged(n.jdbi(), running)).as("the takeover is in the log").containsExactly("1 a", "2 b");
    }
  }

  /**
   * The log of owners gains a row at every change of owner of every game: what is older than
   * {@link GameLeases#LOG_KEEP_MILLIS} goes at the next tidying, the rest stays.
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theLogOfOwnersKeepsItsLastWeek(TestDb testDb) {
    tabla.server.MovableClock clock = new tabla.server.MovableClock();
    try (Nodes n = Nodes.open(testDb, clock)) {
      long old = newGame(n.store());
      long recent = newGame(n.store());
      assertThat(n.a().claim(old)).isNull();
      clock.advance(java.time.Duration.ofMillis(GameLeases.LOG_KEEP_MILLIS - 60_000));
      assertThat(n.b().claim(old)).as("a's lease ran out long ago").isNull();
      assertThat(n.b().claim(recent)).isNull();
      n.b().tidy();
      assertThat(logged(n.jdbi(), old)).as("within the week").containsExactly("1 a", "2 b");
      clock.advance(java.time.Duration.ofMinutes(2));
      n.b().tidy();
      assertThat(logged(n.jdbi(), old)).as("a's claim, a week and a minute ago, is gone").containsExactly("2 b");
      assertThat(logged(n.jdbi(), recent)).containsExactly("1 b");
    }
  }

  /** The log of game {@code g}'s owners: "EPOCH OWNER", by epoch. */
  private static List<String> logged(Jdbi jdbi, long g) {
    return jdbi.withHandle(h -> h.createQuery("SELECT epoch, owner FROM game_lease_log WHERE game_id = :g ORDER BY epoch")
        .bind("g", g).map((rs, c) -> rs.getLong(1) + " " + rs.getString(2)).list());
  }

  /** Two nodes' leases, "a" and "b", on a fresh database with one clock, and a store that writes as a single node. */
  private record Nodes(Database db, GameLeases a, GameLeases b, GameStore store) implements AutoCloseable {
    static Nodes open(TestDb testDb, java.time.Clock clock) {
      Database db = Database.open(testDb.freshConfig(TestServers.DICE_SEED));
      return new Nodes(db, new GameLeases(db.jdbi(), "a", clock), new GameLeases(db.jdbi(), "b", clock),
          new GameStore(db.jdbi(), Ownership.SINGLE, clock));
    }

    Jdbi jdbi() {
      return db.jdbi();
    }

    @Override
    public void close() {
      store.close();
      a.close();
      b.close();
      db.close();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aRestartedNodeDoesNotKeepItsEarlierRunsGamesAlive(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(TestServers.DICE_SEED))) {
      Jdbi jdbi = db.jdbi();
      GameStore store = new GameStore(jdbi, Ownership.SINGLE, java.time.Clock.systemUTC());
      GameLeases before = new GameLeases(jdbi, "a", java.time.Clock.systemUTC());
      long game = newGame(store);
      assertThat(before.claim(game)).isNull(); // then "a" is killed: nothing gives the lease back
      GameLeases again = new GameLeases(jdbi, "a", java.time.Clock.systemUTC());
      GameLeases other = new GameLeases(jdbi, "b", java.time.Clock.systemUTC());
      try {
        again.renew();
        List<Long> orphans = new ArrayList<>();
        other.listen(g -> { }, orphans::add);
        other.scan();
        assertThat(orphans).as("the earlier run's game is free for the others at once, renewals or not").contains(game);
        assertThat(other.heldEpochs()).containsEntry(game, 2L);
      } finally {
        store.close();
        other.close();
        again.close();
      }
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aNodeWhoseRenewalRanLateKeepsItsEpochWhileNobodyTookTheGame(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(TestServers.DICE_SEED))) {
      Jdbi jdbi = db.jdbi();
      GameStore store = new GameStore(jdbi, Ownership.SINGLE, java.time.Clock.systemUTC());
      // the leases' time stands but as moved: a stall of the machine between the claims (once past the row's expiry
      // with the system's clock) cannot make the second claim a takeover
      MovableClock clock = new MovableClock().stop();
      GameLeases a = new GameLeases(jdbi, "a", 2000, clock); // no schedule: its renewals never run, as if starved
      try {
        long game = newGame(store);
        clock.advance(Duration.ofMillis(1000));
        assertThat(a.claim(game)).isNull();
        clock.advance(Duration.ofMillis(1500)); // past what a's last renewal showed (start + 2 s), within the row's own expiry
        assertThat(a.claim(game)).isNull();
        assertThat(a.heldEpochs()).containsEntry(game, 1L);
        long takings = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM game_lease_log WHERE game_id = :g")
            .bind("g", game).mapTo(Long.class).one());
        assertThat(takings).as("taken once").isEqualTo(1);
      } finally {
        store.close();
        a.close();
      }
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theNodeAGamesTrafficIsSentToPullsItsLeaseAndTheHoldersWritesAreRefusedFromThen(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(TestServers.DICE_SEED))) {
      Jdbi jdbi = db.jdbi();
      GameLeases a = new GameLeases(jdbi, "a", java.time.Clock.systemUTC());
      GameLeases b = new GameLeases(jdbi, "b", java.time.Clock.systemUTC());
      GameStore storeA = new GameStore(jdbi, a, java.time.Clock.systemUTC());
      GameStore storeB = new GameStore(jdbi, b, java.time.Clock.systemUTC());
      try {
        long game = newGame(storeA);
        long fresh = newGame(storeA);
        assertThat(b.pull(fresh)).as("nobody holds it: nothing to pull (a claim takes it)").isFalse();
        assertThat(a.claim(game)).isNull(); // a created it (accepted the seek) and runs it
        storeA.append(game, 1, "{\"n\":1}", PLAYING);
        assertThat(b.pull(game)).as("a holds it, alive: b takes it all the same").isTrue();
        assertThat(b.pull(game)).as("b holds it now").isFalse();
        assertThat(b.claim(game)).isNull();
        assertThatThrownBy(() -> storeA.append(game, 2, "{\"stale\":true}", PLAYING)).as("a's writes from now on")
            .isInstanceOf(Ownership.Fenced.class);
        storeB.append(game, 2, "{\"n\":2}", PLAYING);
        assertThat(epochs(jdbi, game)).containsExactly(1L, 2L);
        List<Long> lost = new ArrayList<>();
        a.listen(lost::add, g -> { });
        a.renew();
        assertThat(lost).as("a drops it at its next renewal").containsExactly(game);
        assertThat(a.claim(game)).isEqualTo(new Ownership.Owner("b", "http://127.0.0.1:0"));
        long logged = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM game_lease_log WHERE game_id = :g "
            + "AND owner = 'b' AND epoch = 2").bind("g", game).mapTo(Long.class).one());
        assertThat(logged).as("the move is in the log").isEqualTo(1);
      } finally {
        storeA.close();
        storeB.close();
        a.close();
        b.close();
      }
    }
  }

  private static List<Long> epochs(Jdbi jdbi, long game) {
    return jdbi.withHandle(h -> h.createQuery("SELECT epoch FROM game_events WHERE game_id = :g ORDER BY seq")
        .bind("g", game).mapTo(Long.class).list());
  }

  private static long newGame(GameStore store) {
    return store.create(RulesJson.write(Rules.match(1)), "live", null, null, "random", 1, null);
  }

  /** What {@code before} does ahead of each connection {@code real} gives: count, or refuse by throwing. */
  interface BeforeConnection {
    void run() throws java.sql.SQLException;
  }

  private static javax.sql.DataSource beforeEachConnection(javax.sql.DataSource real, BeforeConnection before) {
    return (javax.sql.DataSource) java.lang.reflect.Proxy.newProxyInstance(GameLeasesTest.class.getClassLoader(),
        new Class<?>[] {javax.sql.DataSource.class}, (proxy, method, args) -> {
          if (method.getName().equals("getConnection")) before.run();
          try {
            return method.invoke(real, args);
          } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }
}
