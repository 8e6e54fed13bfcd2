package tabla.bot.eval;

import tabla.core.Position;

/** The exact result of a finished game, as the five probabilities of its winner. */
final class Outcome {
  private Outcome() {}

  /** {@code result}: the position after the winner bore off the last checker, from the winner's side. */
  static void won(Position result, float[] out) {
    boolean gammon = result.opponent(Position.OFF) == 0;
    boolean backgammon = false;
    if (gammon) {
      backgammon = result.opponent(Position.BAR) > 0;
      for (int q = 19; q <= 24 && !backgammon; q++) backgammon = result.opponent(q) > 0;
    }
    out[0] = 1;
    out[1] = gammon ? 1 : 0;
    out[2] = backgammon ? 1 : 0;
    out[3] = 0;
    out[4] = 0;
  }
}
