package tabla.bot;

import tabla.bot.eval.Evaluator;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;

/**
 * Cube decisions from the cubeless evaluation, by money-play rules of thumb until the cubeful
 * (Janowski) and match-equity logic lands: a double is worth offering from a cubeless equity of 0.35
 * (0.45 to redouble) while the position is not too good to double (up to 1.0; above it where playing on for the
 * gammon is worth more); a double is taken while the taker's cubeless equity is at least -0.6 (the
 * dead-cube take point, -0.5, less what owning the cube is worth).
 */
public final class CubeDecider {
  static final double DOUBLE = 0.35;
  static final double REDOUBLE = 0.45;
  static final double TOO_GOOD = 1.0;
  static final double TAKE = -0.6;

  private final Evaluator eval;
  private final Evaluator.Scratch scratch;
  private final float[] probs = new float[5];

  public CubeDecider(Evaluator eval) {
    this.eval = eval;
    this.scratch = eval.scratch();
  }

  /** Cubeless equity of the player on roll in {@code onRoll} (before rolling). */
  public double equity(Position onRoll) {
    eval.evaluate(onRoll, scratch, probs);
    return Evaluator.equity(probs);
  }

  /** Asked only when the rules allow a double now. */
  public boolean shouldDouble(Game g) {
    return shouldDouble(g.position(), g.cubeOwner() == g.onRoll());
  }

  /** Whether the player on roll in {@code onRoll} should double (redouble when it owns the cube). */
  public boolean shouldDouble(Position onRoll, boolean redouble) {
    double e = equity(onRoll);
    return e >= (redouble ? REDOUBLE : DOUBLE) && e <= TOO_GOOD; // above 1.0 playing on for the gammon beats cashing
  }

  /** The answer of the player doubled in {@code g} (the position is the doubler's, on roll). */
  public Action answer(Game g) {
    return takes(g.position()) ? new Action.Take() : new Action.Drop();
  }

  /** Whether to take a double from the player on roll in {@code doublerOnRoll}. */
  public boolean takes(Position doublerOnRoll) {
    return -equity(doublerOnRoll) >= TAKE;
  }
}
