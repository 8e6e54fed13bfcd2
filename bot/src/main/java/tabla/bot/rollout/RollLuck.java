package tabla.bot.rollout;

import tabla.bot.eval.Evaluator;
import tabla.core.Position;

/**
 * The cubeless luck of a roll, as the rollouts' variance reduction takes it out: the mover's equity after its best
 * 0-ply play for the roll thrown, less the mean of that over the 36 rolls. Its expectation is 0 in any position, so
 * a sum of it may be taken from any result without moving the mean (a duel's, a rollout's), and it removes most of
 * the dice's noise. One per thread.
 */
public final class RollLuck {
  private final CubelessTrial trial;

  public RollLuck(Evaluator eval) {
    this.trial = new CubelessTrial(eval, null, null);
  }

  /** The luck, in cubeless points for the mover of {@code pos}, of rolling (d1, d2) there. */
  public double of(Position pos, int d1, int d2) {
    return trial.cubelessLuck(pos, d1, d2);
  }
}
