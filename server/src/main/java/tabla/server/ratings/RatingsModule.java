package tabla.server.ratings;

import io.javalin.config.RoutesConfig;
import org.jdbi.v3.core.Jdbi;
import tabla.server.accounts.Accounts;
import tabla.server.games.GameService;

/**
 * The ratings' parts, wired once: the overall and per-variant ratings, applied when a game finishes (and later by the
 * catch-up when that failed), and their pages.
 */
public record RatingsModule(Ratings ratings, VariantRatings variants, StatsStore stats, RatingsCatchUp catchUp)
    implements AutoCloseable {
  public static RatingsModule wire(Jdbi jdbi) {
    RatingStore store = new RatingStore(jdbi);
    VariantRatings variants = new VariantRatings(store);
    Ratings ratings = new Ratings(store, variants);
    return new RatingsModule(ratings, variants, new StatsStore(jdbi), new RatingsCatchUp(ratings));
  }

  public void register(RoutesConfig r, Accounts accounts, GameService hub) {
    new RatingRoutes(variants, accounts, hub).register(r);
    new StatsRoutes(stats, accounts).register(r);
  }

  /** The server serves: the matches left unrated (before a stop, or when their rating failed) are rated from now on. */
  public void started() {
    catchUp.start();
  }

  @Override
  public void close() {
    catchUp.close();
  }
}
