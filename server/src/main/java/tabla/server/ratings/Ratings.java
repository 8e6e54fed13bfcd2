package tabla.server.ratings;

import tabla.core.rating.FibsRating;
import tabla.server.games.RulesJson;

/**
 * Applies the FIBS formula once to every finished match between two people (not money, not the computer, not a match
 * of an unrated tournament): the overall rating here, the rating per variant in {@link VariantRatings}. The games
 * tell {@link #gameFinished} after every change of a finished game, so applying is idempotent.
 */
public final class Ratings {
  private final RatingStore store;
  private final VariantRatings variants;

  public Ratings(RatingStore store, VariantRatings variants) {
    this.store = store;
    this.variants = variants;
  }

  /** A game finished (or changed after finishing): rate it, once, overall and in its variant. */
  public void gameFinished(long gameId) {
    applyIfDue(gameId);
    variants.applyIfDue(gameId);
  }

  void applyIfDue(long gameId) {
    store.inTransaction(tx -> tx.unratedOverall(gameId).ifPresent(g -> {
      int n = RulesJson.read(g.rules()).matchLength();
      if (n == 0) return; // money sessions are unrated, as on FIBS
      long w = g.players()[g.winner()];
      long l = g.players()[1 - g.winner()];
      double[] rw = tx.overall(w);
      double[] rl = tx.overall(l);
      double gain = FibsRating.gain(rw[0], rl[0], n, (int) rw[1]);
      double loss = FibsRating.loss(rw[0], rl[0], n, (int) rl[1]);
      tx.setOverall(w, rw[0] + gain, n);
      tx.setOverall(l, rl[0] - loss, n);
      tx.markRated(gameId, g.winner() == 0 ? gain : -loss, g.winner() == 1 ? gain : -loss);
    }));
  }
}
