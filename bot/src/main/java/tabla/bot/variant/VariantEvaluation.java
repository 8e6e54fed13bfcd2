package tabla.bot.variant;

import tabla.core.Position;
import tabla.core.variant.Variant;

/**
 * What {@link VariantPlayer} searches with: a variant's hand-made {@link GenericEvaluator} or its trained
 * network ({@link NetEvaluation}). Equities are for the player who just played.
 */
public interface VariantEvaluation {
  Variant variant();

  /**
   * The value of a play for the player who made it, from the position it leaves (not swapped): the
   * points the variant awards when that play ends the game, else {@link #equity}.
   */
  double afterPlay(Position result);

  /**
   * {@link #afterPlay} of each of {@code plays}, all plays of one roll from {@code before} (a network
   * evaluates them incrementally from it).
   */
  default double[] afterPlays(Position before, java.util.List<tabla.core.Play> plays) {
    double[] out = new double[plays.size()];
    for (int i = 0; i < out.length; i++) out[i] = afterPlay(plays.get(i).result());
    return out;
  }

  /**
   * The value of a play after which its player plays on with the double {@code next} without a roll
   * (Gul bara), from the position it leaves. The generic evaluation cannot tell and values it as any
   * play ({@link #afterPlay}); a network trained with the plays-on inputs can.
   */
  default double playingOn(Position result, tabla.core.Dice next) {
    return afterPlay(result);
  }

  /** The equity of a game still going for the side of {@code p}'s mover, the opponent to roll next. */
  double equity(Position p);

  /** What the equities measure, for hints and the analysis (e.g. "points per game, by the nardy network"). */
  String measures();
}
