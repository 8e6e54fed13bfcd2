package tabla.server.ratings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.core.match.Rules;
import tabla.server.TestDb;
import tabla.server.games.RulesJson;
import tabla.server.kernel.Database;

/**
 * Two matches that share a player finish at the same moment, on two threads: both are rated, once, and neither
 * rating update is lost — the shared player's rating is 1500 plus every change recorded for them, overall and in the
 * variant, and their first rated match in a variant does not collide with another on the key (CI once saw both).
 */
class RatingsRaceTest {
  private static final int ROUNDS = 8;
  private static final int LENGTH = 3;

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void twoMatchesSharingAPlayerFinishingAtOnceAreBothRatedAndNoUpdateIsLost(TestDb testDb) throws Exception {
    try (Database db = Database.open(testDb.freshConfig(1))) {
      Jdbi jdbi = db.jdbi();
      RatingStore store = new RatingStore(jdbi);
      Ratings ratings = new Ratings(store, new VariantRatings(store));
      long shared = user(jdbi, "shared");
      ExecutorService pool = Executors.newFixedThreadPool(2);
      try {
        for (int round = 0; round < ROUNDS; round++) {
          // the shared player wins one and loses the other: the two updates move their rating in opposite directions
          long[] games = {finished(jdbi, shared, user(jdbi, "a" + round), 0),
              finished(jdbi, user(jdbi, "b" + round), shared, 0)};
          CyclicBarrier together = new CyclicBarrier(2);
          List<Future<?>> done = new ArrayList<>();
          for (long g : games) done.add(pool.submit(() -> {
            together.await();
            ratings.gameFinished(g);
            return null;
          }));
          for (Future<?> f : done) f.get(); // an exception on either thread (a duplicate key, a deadlock) fails here
        }
      } finally {
        pool.shutdownNow();
      }

      double overall = jdbi.withHandle(h -> h.createQuery("SELECT rating FROM users WHERE id = :u").bind("u", shared)
          .mapTo(Double.class).one());
      double overallChanges = jdbi.withHandle(h -> h.createQuery("SELECT COALESCE(SUM(CASE WHEN player0 = :u "
              + "THEN rating_change0 ELSE rating_change1 END), 0) FROM games WHERE rated = TRUE AND :u IN (player0, player1)")
          .bind("u", shared).mapTo(Double.class).one());
      int ratedGames = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM games WHERE rated = TRUE")
          .mapTo(Integer.class).one());
      assertThat(ratedGames).isEqualTo(2 * ROUNDS);
      assertThat(overall).as("no overall update lost").isCloseTo(1500 + overallChanges, org.assertj.core.data.Offset.offset(1e-6));
      assertThat(overallChanges).as("the changes are not all zero, so the check can fail").isNotZero();

      double[] inVariant = jdbi.withHandle(h -> h.createQuery("SELECT rating, matches FROM variant_ratings "
              + "WHERE user_id = :u AND variant = 'backgammon'").bind("u", shared)
          .map((rs, c) -> new double[] {rs.getDouble(1), rs.getInt(2)}).one());
      double variantChanges = jdbi.withHandle(h -> h.createQuery("SELECT COALESCE(SUM(CASE WHEN g.player0 = :u "
              + "THEN c.change0 ELSE c.change1 END), 0) FROM variant_rating_changes c JOIN games g ON g.id = c.game_id "
              + "WHERE :u IN (g.player0, g.player1)").bind("u", shared).mapTo(Double.class).one());
      assertThat((int) inVariant[1]).as("every match counted in the variant").isEqualTo(2 * ROUNDS);
      assertThat(inVariant[0]).as("no variant update lost").isCloseTo(1500 + variantChanges, org.assertj.core.data.Offset.offset(1e-6));
    }
  }

  /**
   * A match is told to the ratings once, as it ends: one whose rating failed then (the database away) is rated by the
   * catch-up, once; a money session is looked at and marked, so no later catch-up reads it again.
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aMatchWhoseRatingFailedWhenItEndedIsRatedByTheCatchUpOnce(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(1))) {
      Jdbi jdbi = db.jdbi();
      RatingStore store = new RatingStore(jdbi);
      Ratings ratings = new Ratings(store, new VariantRatings(store));
      long winner = user(jdbi, "winner");
      long missed = finished(jdbi, winner, user(jdbi, "loser"), 0, Rules.match(LENGTH)); // nobody rated it
      long money = finished(jdbi, winner, user(jdbi, "payer"), 0, Rules.money());

      assertThat(ratings.catchUp()).as("both looked at").isEqualTo(2);
      double rating = jdbi.withHandle(h -> h.createQuery("SELECT rating FROM users WHERE id = :u").bind("u", winner)
          .mapTo(Double.class).one());
      assertThat(rating).as("the match's win counted").isGreaterThan(1500);
      int inVariant = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM variant_rating_changes WHERE game_id = :g")
          .bind("g", missed).mapTo(Integer.class).one());
      assertThat(inVariant).as("rated in its variant in the same pass").isEqualTo(1);
      Double moneyChange = jdbi.withHandle(h -> h.createQuery("SELECT rating_change0 FROM games WHERE id = :g AND rated")
          .bind("g", money).mapTo(Double.class).one());
      assertThat(moneyChange).as("the money session marked looked at, with no change").isNull();

      assertThat(ratings.catchUp()).as("nothing left for the next catch-up").isZero();
      ratings.gameFinished(missed); // a late hook of the same match changes nothing
      double after = jdbi.withHandle(h -> h.createQuery("SELECT rating FROM users WHERE id = :u").bind("u", winner)
          .mapTo(Double.class).one());
      assertThat(after).isEqualTo(rating);
    }
  }

  private static long user(Jdbi jdbi, String name) {
    return jdbi.withHandle(h -> h.createUpdate("INSERT INTO users(name, password_hash) VALUES (:n, 'x')").bind("n", name)
        .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
  }

  /** A finished {@value #LENGTH}-point match between two people, won by seat {@code winner}, not yet rated. */
  private static long finished(Jdbi jdbi, long player0, long player1, int winner) {
    return finished(jdbi, player0, player1, winner, Rules.match(LENGTH));
  }

  private static long finished(Jdbi jdbi, long player0, long player1, int winner, Rules rules) {
    return jdbi.withHandle(h -> h.createUpdate("INSERT INTO games(rules, mode, player0, player1, status, winner) "
            + "VALUES (:rules, 'live', :p0, :p1, 'finished', :w)")
        .bind("rules", RulesJson.write(rules)).bind("p0", player0).bind("p1", player1).bind("w", winner)
        .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
  }
}
