package tabla.server.ratings;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import tabla.core.match.Rules;
import tabla.server.games.RulesJson;
import tabla.server.stats.Ratings;
import tabla.server.stats.FibsRating;

/**
 * A rating per variant, by the FIBS formula ({@link FibsRating}) for every variant, not only the backgammon family:
 * every variant here is a dice game played in n-point matches, which is what that formula models (the match length
 * weighs a result by sqrt(n), luck is priced in, and an experienced player's K falls to 1). Glicko-2 would add a
 * rating deviation and rating periods that no other backgammon site's players compare against; one formula keeps
 * every list read the same way. Money sessions are not rated (as on FIBS: a session has no length to weigh it).
 * A player's rating in a variant is provisional until {@link #PROVISIONAL_MATCHES} rated matches in it.
 */
public final class VariantRatings {
  public static final int PROVISIONAL_MATCHES = 5;
  /** Players per page of a rating list. */
  public static final int PAGE_SIZE = 25;
  public static final int MAX_PAGE = 1000;
  /** The most users {@link #of(List, String)} looks up at once. */
  public static final int MAX_MANY = 200;

  private final Jdbi jdbi;

  public VariantRatings(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** One player's rating in one variant. */
  public record Rating(String variant, double rating, int matches, boolean provisional) {}

  /** A line of a rating list. */
  public record Ranked(int rank, String name, double rating, int matches, boolean provisional) {}

  public record Page(String variant, int page, int pageSize, boolean more, List<Ranked> players) {}

  /** The variant a game is rated in: its name without options ("race:entry=all-first" is rated as "race"). */
  public static String ratedVariant(Rules rules) {
    String name = rules.variant().name();
    int colon = name.indexOf(':');
    return colon < 0 ? name : name.substring(0, colon);
  }

  /** Applies a finished match between two people once (later calls find its change stored and do nothing). */
  public void applyIfDue(long gameId) {
    jdbi.useTransaction(h -> {
      Optional<Map<String, Object>> g = h.createQuery(
              "SELECT player0, player1, winner, rules FROM games WHERE id = :id AND " + Ratings.RATED_MATCH
                  + " AND NOT EXISTS (SELECT 1 FROM variant_rating_changes c WHERE c.game_id = :id)")
          .bind("id", gameId).mapToMap().findOne();
      if (g.isEmpty()) return;
      Rules rules = RulesJson.read((String) g.get().get("rules"));
      int n = rules.matchLength();
      if (n == 0) return;
      String variant = ratedVariant(rules);
      int winner = ((Number) g.get().get("winner")).intValue();
      long[] seat = {((Number) g.get().get("player0")).longValue(), ((Number) g.get().get("player1")).longValue()};
      double[][] r = {current(h, seat[0], variant), current(h, seat[1], variant)};
      double w = r[winner][0];
      double l = r[1 - winner][0];
      double[] change = new double[2];
      change[winner] = FibsRating.gain(w, l, n, (int) r[winner][1]);
      change[1 - winner] = -FibsRating.loss(w, l, n, (int) r[1 - winner][1]);
      for (int s = 0; s < 2; s++) store(h, seat[s], variant, r[s][0] + change[s], (int) r[s][1] + n, (int) r[s][2] + 1);
      h.createUpdate("INSERT INTO variant_rating_changes(game_id, variant, change0, change1) VALUES (:g, :v, :c0, :c1)")
          .bind("g", gameId).bind("v", variant).bind("c0", change[0]).bind("c1", change[1]).execute();
    });
  }

  /** rating, experience, matches; a player new to the variant starts at {@link FibsRating#START}. */
  private static double[] current(Handle h, long user, String variant) {
    return h.createQuery("SELECT rating, experience, matches FROM variant_ratings WHERE user_id = :u AND variant = :v")
        .bind("u", user).bind("v", variant).map((rs, c) -> new double[] {rs.getDouble(1), rs.getInt(2), rs.getInt(3)})
        .findOne().orElse(new double[] {FibsRating.START, 0, 0});
  }

  private static void store(Handle h, long user, String variant, double rating, int experience, int matches) {
    h.createUpdate("DELETE FROM variant_ratings WHERE user_id = :u AND variant = :v").bind("u", user).bind("v", variant)
        .execute();
    h.createUpdate("INSERT INTO variant_ratings(user_id, variant, rating, experience, matches) VALUES (:u, :v, :r, :e, :m)")
        .bind("u", user).bind("v", variant).bind("r", rating).bind("e", experience).bind("m", matches).execute();
  }

  /** A page of a variant's list, best first (banned and deleted accounts left out). */
  public Page list(String variant, int page) {
    List<Ranked> rows = jdbi.withHandle(h -> h.createQuery("SELECT u.name, r.rating, r.matches FROM variant_ratings r "
            + "JOIN users u ON u.id = r.user_id WHERE r.variant = :v AND u.banned = FALSE AND u.deleted = FALSE "
            + "ORDER BY r.rating DESC, LOWER(u.name) OFFSET " + page * PAGE_SIZE + " ROWS FETCH NEXT " + (PAGE_SIZE + 1)
            + " ROWS ONLY")
        .bind("v", variant).map((rs, c) -> new Ranked(0, rs.getString(1), round(rs.getDouble(2)), rs.getInt(3),
            rs.getInt(3) < PROVISIONAL_MATCHES)).list());
    boolean more = rows.size() > PAGE_SIZE;
    List<Ranked> ranked = new java.util.ArrayList<>();
    for (int i = 0; i < Math.min(rows.size(), PAGE_SIZE); i++) {
      Ranked r = rows.get(i);
      ranked.add(new Ranked(page * PAGE_SIZE + i + 1, r.name(), r.rating(), r.matches(), r.provisional()));
    }
    return new Page(variant, page, PAGE_SIZE, more, ranked);
  }

  /** Every variant a user is rated in, most played first. */
  public List<Rating> of(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT variant, rating, matches FROM variant_ratings WHERE user_id = :u "
            + "ORDER BY matches DESC, variant")
        .bind("u", userId).map((rs, c) -> rating(rs.getString(1), rs.getDouble(2), rs.getInt(3))).list());
  }

  /** A user's rating in a variant (1500, provisional, for one who has not played it rated). */
  public Rating of(long userId, String variant) {
    return jdbi.withHandle(h -> h.createQuery("SELECT rating, matches FROM variant_ratings WHERE user_id = :u AND variant = :v")
        .bind("u", userId).bind("v", variant).map((rs, c) -> rating(variant, rs.getDouble(1), rs.getInt(2))).findOne())
        .orElse(rating(variant, FibsRating.START, 0));
  }

  /**
   * Several users' ratings in one variant, in one query (the online list); a user who has not played it rated gets
   * 1500, provisional. At most {@link #MAX_MANY} users at once (the query names each).
   */
  public Map<Long, Rating> of(List<Long> userIds, String variant) {
    if (userIds.size() > MAX_MANY) throw new IllegalArgumentException("at most " + MAX_MANY + " users at once");
    Map<Long, Rating> found = new java.util.HashMap<>();
    if (!userIds.isEmpty()) {
      jdbi.useHandle(h -> h.createQuery("SELECT user_id, rating, matches FROM variant_ratings WHERE variant = :v "
              + "AND user_id IN (<ids>)")
          .bind("v", variant).bindList("ids", userIds)
          .map((rs, c) -> Map.entry(rs.getLong(1), rating(variant, rs.getDouble(2), rs.getInt(3))))
          .forEach(e -> found.put(e.getKey(), e.getValue())));
    }
    Map<Long, Rating> all = new java.util.HashMap<>();
    for (long id : userIds) all.put(id, found.getOrDefault(id, rating(variant, FibsRating.START, 0)));
    return all;
  }

  private static Rating rating(String variant, double r, int matches) {
    return new Rating(variant, round(r), matches, matches < PROVISIONAL_MATCHES);
  }

  static double round(double r) {
    return Math.round(r * 100) / 100.0;
  }
}
