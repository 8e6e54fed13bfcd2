package tabla.core;

import java.util.List;
import tabla.core.format.Notation;

/** Standard backgammon's checker play: legal plays, and applying a play with a reason on refusal. */
public final class Backgammon {
  private static final ThreadLocal<PlayGenerator> GENERATOR = ThreadLocal.withInitial(PlayGenerator::new);

  private Backgammon() {}

  /** Every distinct legal play of the mover; an empty list means the mover passes. */
  public static List<Play> legalPlays(Position pos, Dice dice) {
    PlayGenerator g = GENERATOR.get();
    g.generate(pos, dice.first(), dice.second());
    return g.plays();
  }

  /** The position after {@code play}, still from the mover's side, if it is legal. */
  public static Result<Position> apply(Position pos, Dice dice, Play play) {
    List<Play> legal = legalPlays(pos, dice);
    if (legal.isEmpty()) {
      return play.isPass() ? Result.ok(pos) : Result.err("no legal move with " + dice + ": you must pass");
    }
    for (Play p : legal) {
      if (p.equals(play)) return Result.ok(p.result());
    }
    return Result.err("not a legal play with " + dice + ": " + Notation.write(play));
  }

  /** Reads {@code text} in gnubg notation and returns the legal play it names, or why it is not one. */
  public static Result<Play> play(Position pos, Dice dice, String text) {
    return Notation.parse(pos, dice, text);
  }
}
