package tabla.coach.fit;

import tabla.bot.Rolls;
import tabla.bot.eval.Evaluator;
import tabla.core.PlayGenerator;
import tabla.core.Position;

/**
 * Supervised targets: the five probabilities of the player on roll, before rolling, looked {@code plies} rolls
 * ahead with the evaluator's own 0-ply choices (as {@code SearchPlayer} values a position: the mean over the 21
 * rolls of each roll's best 0-ply play, that play looked at one ply less). Their equity is the search's. One per
 * thread.
 */
public final class PlyTargets {
  private static final int[][] ROLLS = Rolls.all();

  private final Evaluator eval;
  private final Evaluator.Scratch scratch;
  private final PlayGenerator gen = new PlayGenerator();
  private final int[] pick = new int[1];

  public PlyTargets(Evaluator eval) {
    this.eval = eval;
    this.scratch = eval.scratch();
  }

  /** The probabilities of the player on roll in {@code p} (a game still going), {@code plies} ahead, into {@code out}. */
  public void onRoll(Position p, int plies, float[] out) {
    if (plies == 0) {
      eval.evaluate(p, scratch, out);
      return;
    }
    double[] sum = new double[5];
    float[] v = new float[5];
    for (int[] r : ROLLS) {
      int n = gen.generate(p, r[0], r[1]);
      if (n == 0) {
        onRoll(p.swap(), plies - 1, v); // a dance: the opponent rolls in the same position
        Evaluator.flip(v, v);
      } else {
        eval.bestPlays(gen, n, scratch, pick, v, Evaluator::equity); // v: the probabilities after it
        Position best = gen.result(pick[0]);
        // The generator is free again: the deeper look may reuse it.
        if (plies > 1 && best.mover(Position.OFF) != best.moverCheckers()) {
          onRoll(best.swap(), plies - 1, v);
          Evaluator.flip(v, v);
        }
      }
      for (int k = 0; k < 5; k++) sum[k] += r[2] * v[k];
    }
    for (int k = 0; k < 5; k++) out[k] = (float) (sum[k] / 36);
  }
}
