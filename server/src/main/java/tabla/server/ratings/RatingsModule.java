package tabla.server.ratings;

import io.javalin.config.RoutesConfig;
import org.jdbi.v3.core.Jdbi;
import tabla.server.accounts.Accounts;
import tabla.server.games.GameService;

/** The ratings' parts, wired once: the overall and per-variant ratings, applied when a game finishes, and their pages. */
public record RatingsModule(Ratings ratings, VariantRatings variants, StatsStore stats) {
  public static RatingsModule wire(Jdbi jdbi) {
    RatingStore store = new RatingStore(jdbi);
    VariantRatings variants = new VariantRatings(store);
    return new RatingsModule(new Ratings(store, variants), variants, new StatsStore(jdbi));
  }

  public void register(RoutesConfig r, Accounts accounts, GameService hub) {
    new RatingRoutes(variants, accounts, hub).register(r);
    new StatsRoutes(stats, accounts).register(r);
  }
}
