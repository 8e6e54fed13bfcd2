package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.core.match.Rules;
import tabla.server.TestDb;
import tabla.server.TestServers;

/**
 * Actions stored together in one transaction: every caller's action is committed when it returns, and a refused
 * one (a second writer of a version already stored) fails alone, not the others that shared its transaction.
 */
class GroupCommitTest {
  static final int GAMES = 8;
  static final int ACTIONS = 40;

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void eachActionIsStoredOrRefusedOnItsOwn(TestDb db) throws Exception {
    try (HubFixture f = new HubFixture(db.freshConfig(TestServers.DICE_SEED), 0)) {
      GameStore.Summary playing = new GameStore.Summary("playing", null, 0, 0, null);
      List<Long> games = new ArrayList<>();
      for (int g = 0; g < GAMES; g++) {
        games.add(f.store.create(RulesJson.write(Rules.match(1)), "correspondence", f.user, null, "random", 1, null));
      }
      ExecutorService pool = Executors.newFixedThreadPool(GAMES + 1);
      try {
        List<Future<?>> writers = new ArrayList<>();
        for (long id : games) {
          writers.add(pool.submit(() -> {
            for (int seq = 1; seq <= ACTIONS; seq++) f.store.append(id, seq, "{\"n\":" + seq + "}", playing);
          }));
        }
        // meanwhile, a writer of versions already taken: each is refused, the others' actions are not
        Future<Integer> refused = pool.submit(() -> {
          int n = 0;
          for (int i = 0; i < ACTIONS; i++) {
            long id = games.get(i % GAMES);
            f.store.append(id, 1_000 + i, "{}", playing);
            try {
              f.store.append(id, 1_000 + i, "{\"again\":true}", playing);
            } catch (RuntimeException e) {
              n++;
            }
          }
          return n;
        });
        for (Future<?> w : writers) w.get();
        assertThat(refused.get()).isEqualTo(ACTIONS);
      } finally {
        pool.shutdownNow();
      }
      for (long id : games) {
        List<String> events = f.store.events(id);
        assertThat(events).hasSize(ACTIONS + ACTIONS / GAMES);
        assertThat(events.subList(0, ACTIONS)).as("in order").containsExactly(
            java.util.stream.IntStream.rangeClosed(1, ACTIONS).mapToObj(s -> "{\"n\":" + s + "}").toArray(String[]::new));
        assertThat(events).doesNotContain("{\"again\":true}");
      }
      assertThatThrownBy(() -> f.store.append(games.get(0), 1, "{}", playing)).isInstanceOf(RuntimeException.class);
    }
  }

  /** A game's dice writes share its action's transaction: stored with it, and not at all when it is refused. */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void diceWritesAreStoredWithTheirActionOrNotAtAll(TestDb db) throws Exception {
    try (HubFixture f = new HubFixture(db.freshConfig(TestServers.DICE_SEED), 0)) {
      GameStore.Summary playing = new GameStore.Summary("playing", null, 0, 0, null);
      long id = f.store.create(RulesJson.write(Rules.match(1)), "correspondence", f.user, null, "random", 1, null);
      String c = "c".repeat(64);
      String seed = "5".repeat(64);
      f.store.append(id, 1, "{\"n\":1}", playing, List.of(new GameStore.DiceWrite.Open(1, c, seed, null, "b".repeat(64))));
      assertThat(f.store.dice(id, 1)).contains(new GameStore.DiceSeed(1, c, seed, false, null, "b".repeat(64)));

      // version 1 is taken: the action is refused, and its seeds and reveal with it
      assertThatThrownBy(() -> f.store.append(id, 1, "{\"again\":true}", playing, List.of(
          new GameStore.DiceWrite.FillSeeds(1, GameRoom.NO_SEED), new GameStore.DiceWrite.Reveal(1))))
          .isInstanceOf(RuntimeException.class);
      assertThat(f.store.dice(id, 1)).contains(new GameStore.DiceSeed(1, c, seed, false, null, "b".repeat(64)));

      f.store.append(id, 2, "{\"n\":2}", playing, List.of(
          new GameStore.DiceWrite.FillSeeds(1, GameRoom.NO_SEED), new GameStore.DiceWrite.Reveal(1)));
      assertThat(f.store.dice(id, 1)).contains(new GameStore.DiceSeed(1, c, seed, true, GameRoom.NO_SEED, "b".repeat(64)));
    }
  }

  /**
   * A game's row is written when an action changes its summary, not for every action, and always shows the newest
   * summary: also when another writer (a node that ran the game meanwhile) stored the actions between.
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theGamesRowAlwaysShowsTheNewestSummary(TestDb db) throws Exception {
    try (HubFixture f = new HubFixture(db.freshConfig(TestServers.DICE_SEED), 0);
        GameStore other = new GameStore(f.db.jdbi(), Ownership.SINGLE, java.time.Clock.systemUTC())) {
      GameStore.Summary mine = new GameStore.Summary("playing", f.user, 0, 0, null);
      GameStore.Summary nobody = new GameStore.Summary("playing", null, 0, 0, null);
      long id = f.store.create(RulesJson.write(Rules.match(1)), "correspondence", f.user, null, "random", 1, null);
      f.store.append(id, 1, "{}", mine);
      assertThat(row(f, id)).containsExactly(1, f.user);
      f.store.append(id, 2, "{}", mine);
      assertThat(row(f, id)).as("nothing it shows changed: not written").containsExactly(1, f.user);
      f.store.append(id, 3, "{}", nobody);
      assertThat(row(f, id)).containsExactly(3, null);

      other.append(id, 4, "{}", mine);
      assertThat(row(f, id)).containsExactly(4, f.user);
      // the same summary as this writer's last (3), but the other one stored 4 between: written
      f.store.append(id, 5, "{}", nobody);
      assertThat(row(f, id)).containsExactly(5, null);
      f.store.append(id, 6, "{}", new GameStore.Summary("finished", null, 1, 0, 0));
      assertThat(row(f, id)).as("the end is always written").containsExactly(6, null);
    }
  }

  private static List<Object> row(HubFixture f, long id) {
    return f.db.jdbi().withHandle(h -> h.createQuery("SELECT version, turn_user FROM games WHERE id = :id").bind("id", id)
        .map((rs, c) -> java.util.Arrays.<Object>asList(rs.getInt(1), rs.getObject(2, Long.class))).one());
  }

  /**
   * Closing a store while its actions are being written leaves the database working for everyone else: its writer
   * is not interrupted (an interrupt in H2's file write closes the file, and with it the whole database, for all the
   * writes the server still makes as it stops), it ends its group and refuses the rest. H2 only: the interrupt's harm.
   */
  @Test
  void closingAStoreWhileItWritesLeavesTheDatabaseWorking() throws Exception {
    try (HubFixture f = new HubFixture(TestDb.H2.freshConfig(TestServers.DICE_SEED), 0)) {
      GameStore.Summary playing = new GameStore.Summary("playing", null, 0, 0, null);
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        for (int round = 0; round < 10; round++) {
          GameStore closing = new GameStore(f.db.jdbi(), Ownership.SINGLE, java.time.Clock.systemUTC());
          List<Future<Integer>> writers = new ArrayList<>();
          List<Long> games = new ArrayList<>();
          for (int w = 0; w < 4; w++) {
            long id = closing.create(RulesJson.write(Rules.match(1)), "correspondence", f.user, null, "random", 1, null);
            games.add(id);
            writers.add(pool.submit(() -> {
              int seq = 0;
              try {
                while (true) closing.append(id, ++seq, "{\"n\":" + seq + "}", playing);
              } catch (RuntimeException refused) {
                return seq - 1; // the store closed
              }
            }));
          }
          int before = events(f);
          // closed while its writers write, each of them past its first event (a writer the machine started late
          // would otherwise meet the closed store at its first append)
          while (events(f) < before + 20 || games.stream().anyMatch(g -> f.store.events(g).isEmpty())) Thread.sleep(1);
          closing.close();
          for (Future<Integer> w : writers) assertThat(w.get(20, TimeUnit.SECONDS)).isPositive();
          long id = f.store.create(RulesJson.write(Rules.match(1)), "correspondence", f.user, null, "random", 1, null);
          f.store.append(id, 1, "{}", playing);
          assertThat(f.store.events(id)).as("round %d: the database still writes", round).containsExactly("{}");
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  private static int events(HubFixture f) {
    return f.db.jdbi().withHandle(h -> h.createQuery("SELECT count(*) FROM game_events").mapTo(Integer.class).one());
  }
}
