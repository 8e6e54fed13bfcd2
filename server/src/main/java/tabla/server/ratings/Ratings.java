package tabla.server.ratings;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.core.rating.FibsRating;
import tabla.server.games.RulesJson;

/**
 * Applies the FIBS formula once to every finished match between two people (not money, not the computer, not a match
 * of an unrated tournament): the overall rating here, the rating per variant in {@link VariantRatings}, in one
 * transaction, so a match is either rated in both or in neither. The games tell {@link #gameFinished} after every
 * change of a finished game, so applying is idempotent; a match whose rating failed then (the database away, a lock
 * given up) is rated by {@link #catchUp}, which the server runs every {@link #CATCH_UP_SECONDS}: a finished game tells
 * nobody again.
 */
public final class Ratings {
  private static final Logger LOG = LoggerFactory.getLogger(Ratings.class);
  /** How often the finished matches not rated yet are looked for. */
  public static final long CATCH_UP_SECONDS = 60;
  /** The most matches one catch-up rates (the oldest first); the next takes the rest. */
  static final int CATCH_UP_BATCH = 100;

  private final RatingStore store;
  private final VariantRatings variants;

  public Ratings(RatingStore store, VariantRatings variants) {
    this.store = store;
    this.variants = variants;
  }

  /** A game finished (or changed after finishing): rate it, once, overall and in its variant. */
  public void gameFinished(long gameId) {
    store.inTransaction(tx -> tx.unratedOverall(gameId).ifPresent(g -> {
      int n = RulesJson.read(g.rules()).matchLength();
      if (n == 0) { // money sessions are unrated, as on FIBS: marked looked at, with no change, so no catch-up reads it
        tx.markRated(gameId, null, null);
        return;
      }
      long w = g.players()[g.winner()];
      long l = g.players()[1 - g.winner()];
      double[] rw = tx.overall(w);
      double[] rl = tx.overall(l);
      double gain = FibsRating.gain(rw[0], rl[0], n, (int) rw[1]);
      double loss = FibsRating.loss(rw[0], rl[0], n, (int) rl[1]);
      tx.setOverall(w, rw[0] + gain, n);
      tx.setOverall(l, rl[0] - loss, n);
      tx.markRated(gameId, g.winner() == 0 ? gain : -loss, g.winner() == 1 ? gain : -loss);
      variants.apply(tx, gameId);
    }));
  }

  /** Rates the finished matches whose rating was not applied when they ended; how many it rated. */
  public int catchUp() {
    int rated = 0;
    for (long id : store.notRatedYet(CATCH_UP_BATCH)) {
      try {
        gameFinished(id);
        rated++;
      } catch (RuntimeException e) {
        LOG.warn("match {} not rated yet ({}); the next catch-up tries again", id, e.toString());
      }
    }
    if (rated > 0) LOG.info("{} finished matches rated late", rated);
    return rated;
  }
}
