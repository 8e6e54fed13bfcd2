package tabla.bot;

import java.util.List;
import tabla.bot.eval.Evaluator;
import tabla.core.Play;
import tabla.core.match.Action;
import tabla.core.match.Game;

/**
 * Plays the move with the best cubeless equity by the networks (0-ply), optionally with noise for
 * lower levels. Cube: the {@link Player} defaults (never doubles, always takes). One instance per thread.
 */
public final class NeuralPlayer implements Player {
  private final Evaluator eval;
  private final Evaluator.Scratch scratch;
  private final float[] probs = new float[5];
  private final double noise;
  private final java.util.SplittableRandom rnd;

  public NeuralPlayer(Evaluator eval) {
    this(eval, 0, 0);
  }

  /**
   * A weaker player for lower levels: each play's equity gets Gaussian noise of standard deviation
   * {@code noise} before the best is chosen (as gnubg's levels do).
   */
  public NeuralPlayer(Evaluator eval, double noise, long seed) {
    this.eval = eval;
    this.scratch = eval.scratch();
    this.noise = noise;
    this.rnd = new java.util.SplittableRandom(seed);
  }


  @Override
  public Action.Move play(Game game) {
    Bots.requireNetworks(game.rules().variant()); // other variants: Bots.forVariant routes them to VariantPlayer
    return new Action.Move(best(game.legalPlays()));
  }

  /** The play whose result has the highest equity for the mover. */
  public Play best(List<Play> plays) {
    Play best = plays.get(0);
    double bestEq = Double.NEGATIVE_INFINITY;
    for (Play p : plays) {
      eval.afterPlay(p.result(), scratch, probs);
      double eq = Evaluator.equity(probs) + (noise > 0 ? noise * rnd.nextGaussian() : 0);
      if (eq > bestEq) {
        bestEq = eq;
        best = p;
      }
    }
    return best;
  }
}
