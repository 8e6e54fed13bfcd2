package tabla.bot.eval;

import tabla.core.Position;
import tabla.core.variant.Variant;

/** The exact result of a finished game, as the five probabilities of its winner. */
final class Outcome {
  private Outcome() {}

  /** {@code result}: the position after the winner bore off the last checker, from the winner's side. */
  static void won(Position result, float[] out) {
    int level = Variant.backgammonLevel(result); // core's one home of gammon levels
    out[0] = 1;
    out[1] = level >= 2 ? 1 : 0;
    out[2] = level >= 3 ? 1 : 0;
    out[3] = 0;
    out[4] = 0;
  }
}
