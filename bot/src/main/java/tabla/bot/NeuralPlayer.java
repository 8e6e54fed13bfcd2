package tabla.bot;

import java.util.List;
import tabla.bot.eval.Evaluator;
import tabla.core.Play;
import tabla.core.match.Action;
import tabla.core.match.Game;

/**
 * Plays the move with the best cubeless equity by the networks (0-ply). Cube: it never doubles and
 * takes every double until the cube logic of the bot issue lands. One instance per thread.
 */
public final class NeuralPlayer implements Player {
  private final Evaluator eval;
  private final Evaluator.Scratch scratch;
  private final float[] probs = new float[5];

  public NeuralPlayer(Evaluator eval) {
    this.eval = eval;
    this.scratch = eval.scratch();
  }


  @Override
  public Action.Move play(Game game) {
    return new Action.Move(best(game.legalPlays()));
  }

  /** The play whose result has the highest equity for the mover. */
  public Play best(List<Play> plays) {
    Play best = plays.get(0);
    double bestEq = Double.NEGATIVE_INFINITY;
    for (Play p : plays) {
      eval.afterPlay(p.result(), scratch, probs);
      double eq = Evaluator.equity(probs);
      if (eq > bestEq) {
        bestEq = eq;
        best = p;
      }
    }
    return best;
  }
}
