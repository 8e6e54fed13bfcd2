package tabla.server.stats;

import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;
import tabla.server.games.RulesJson;

/**
 * Applies the FIBS formula once to every finished match between two people (not money, not the computer, not a match
 * of an unrated tournament).
 */
public final class Ratings {
  /**
   * The one home of which finished matches are rated, as SQL on {@code games} (both the overall and the per-variant
   * ratings use it): between two people, with a winner, not in an unrated tournament. Money play (match length 0)
   * is left out by the callers, who read the rules.
   */
  public static final String RATED_MATCH = "games.status = 'finished' AND games.bot_seat IS NULL "
      + "AND games.winner IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tournament_matches m "
      + "JOIN tournaments t ON t.id = m.tournament_id WHERE m.game_id = games.id AND t.rated = FALSE)";

  private final Jdbi jdbi;

  public Ratings(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  public void applyIfDue(long gameId) {
    jdbi.useTransaction(h -> {
      Optional<Map<String, Object>> g = h.createQuery(
              "SELECT player0, player1, winner, rules FROM games WHERE id = :id AND rated = FALSE AND " + RATED_MATCH)
          .bind("id", gameId).mapToMap().findOne();
      if (g.isEmpty()) return;
      int n = RulesJson.read((String) g.get().get("rules")).matchLength();
      if (n == 0) return; // money sessions are unrated, as on FIBS
      int winner = ((Number) g.get().get("winner")).intValue();
      long w = ((Number) g.get().get(winner == 0 ? "player0" : "player1")).longValue();
      long l = ((Number) g.get().get(winner == 0 ? "player1" : "player0")).longValue();
      double[] rw = ratingAndExperience(h, w);
      double[] rl = ratingAndExperience(h, l);
      double gain = FibsRating.gain(rw[0], rl[0], n, (int) rw[1]);
      double loss = FibsRating.loss(rw[0], rl[0], n, (int) rl[1]);
      update(h, w, rw[0] + gain, n);
      update(h, l, rl[0] - loss, n);
      h.createUpdate("UPDATE games SET rated = TRUE, rating_change0 = :c0, rating_change1 = :c1 WHERE id = :id")
          .bind("c0", winner == 0 ? gain : -loss).bind("c1", winner == 1 ? gain : -loss).bind("id", gameId)
          .execute();
    });
  }

  private static double[] ratingAndExperience(org.jdbi.v3.core.Handle h, long user) {
    return h.createQuery("SELECT rating, experience FROM users WHERE id = :u").bind("u", user)
        .map((rs, c) -> new double[] {rs.getDouble(1), rs.getInt(2)}).one();
  }

  private static void update(org.jdbi.v3.core.Handle h, long user, double rating, int n) {
    h.createUpdate("UPDATE users SET rating = :r, experience = experience + :n WHERE id = :u")
        .bind("r", rating).bind("n", n).bind("u", user).execute();
  }
}
