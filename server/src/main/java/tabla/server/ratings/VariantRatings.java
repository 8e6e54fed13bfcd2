package tabla.server.ratings;

import tabla.core.rating.FibsRating;
import java.util.List;
import java.util.Map;
import tabla.core.match.Rules;
import tabla.server.games.RulesJson;

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

  private final RatingStore store;

  public VariantRatings(RatingStore store) {
    this.store = store;
  }

  /** One player's rating in one variant. */
  public record Rating(String variant, double rating, int matches, boolean provisional) {}

  /** A line of a rating list. */
  public record Ranked(int rank, String name, double rating, int matches, boolean provisional) {}

  public record Page(String variant, int page, int pageSize, boolean more, List<Ranked> players) {}

  /** The variant a game is rated in: its name without options ("race:entry=all-first" is rated as "race"). */
  public static String ratedVariant(Rules rules) {
    return rules.variant().baseName();
  }

  /**
   * Applies a finished match between two people (not money) in its variant once, in the transaction {@code tx} that
   * rates it overall ({@link Ratings#gameFinished}); a match whose change is stored already is left as it is.
   */
  void apply(RatingStore.Tx tx, long gameId) {
    tx.unratedInVariant(gameId).ifPresent(g -> {
      Rules rules = RulesJson.read(g.rules());
      int n = rules.matchLength();
      String variant = ratedVariant(rules);
      int winner = g.winner();
      long[] seat = g.players();
      double[] start = {FibsRating.START, 0, 0}; // rating, experience, matches of a player new to the variant
      double[][] r = {tx.inVariant(seat[0], variant).orElse(start), tx.inVariant(seat[1], variant).orElse(start)};
      double w = r[winner][0];
      double l = r[1 - winner][0];
      double[] change = new double[2];
      change[winner] = FibsRating.gain(w, l, n, (int) r[winner][1]);
      change[1 - winner] = -FibsRating.loss(w, l, n, (int) r[1 - winner][1]);
      for (int s = 0; s < 2; s++) tx.setInVariant(seat[s], variant, r[s][0] + change[s], (int) r[s][1] + n, (int) r[s][2] + 1);
      tx.markRatedInVariant(gameId, variant, change[0], change[1]);
    });
  }

  /** A page of a variant's list, best first (banned and deleted accounts left out). */
  public Page list(String variant, int page) {
    List<RatingStore.Row> rows = store.list(variant, page * PAGE_SIZE, PAGE_SIZE + 1);
    boolean more = rows.size() > PAGE_SIZE;
    List<Ranked> ranked = new java.util.ArrayList<>();
    for (int i = 0; i < Math.min(rows.size(), PAGE_SIZE); i++) {
      RatingStore.Row r = rows.get(i);
      ranked.add(new Ranked(page * PAGE_SIZE + i + 1, r.name(), round(r.rating()), r.matches(),
          r.matches() < PROVISIONAL_MATCHES));
    }
    return new Page(variant, page, PAGE_SIZE, more, ranked);
  }

  /** Every variant a user is rated in, most played first. */
  public List<Rating> of(long userId) {
    return store.variantsOf(userId).stream().map(r -> rating(r.name(), r.rating(), r.matches())).toList();
  }

  /** A user's rating in a variant (1500, provisional, for one who has not played it rated). */
  public Rating of(long userId, String variant) {
    return of(List.of(userId), variant).get(userId);
  }

  /**
   * Several users' ratings in one variant, in one query (the online list); a user who has not played it rated gets
   * 1500, provisional. At most {@link #MAX_MANY} users at once (the query names each).
   */
  public Map<Long, Rating> of(List<Long> userIds, String variant) {
    if (userIds.size() > MAX_MANY) throw new IllegalArgumentException("at most " + MAX_MANY + " users at once");
    Map<Long, double[]> found = store.inVariant(userIds, variant);
    Map<Long, Rating> all = new java.util.HashMap<>();
    for (long id : userIds) {
      double[] r = found.get(id);
      all.put(id, r == null ? rating(variant, FibsRating.START, 0) : rating(variant, r[0], (int) r[1]));
    }
    return all;
  }

  private static Rating rating(String variant, double r, int matches) {
    return new Rating(variant, round(r), matches, matches < PROVISIONAL_MATCHES);
  }

  static double round(double r) {
    return Math.round(r * 100) / 100.0;
  }
}
