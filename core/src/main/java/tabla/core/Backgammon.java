package tabla.core;

import java.util.List;
import tabla.core.format.Notation;

/** Standard backgammon's checker play: its legal plays, and reading a play written in gnubg notation. */
public final class Backgammon {
  private static final ThreadLocal<PlayGenerator> GENERATOR = ThreadLocal.withInitial(PlayGenerator::new);

  private Backgammon() {}

  /** Every distinct legal play of the mover; an empty list means the mover passes. */
  public static List<Play> legalPlays(Position pos, Dice dice) {
    PlayGenerator g = GENERATOR.get();
    g.generate(pos, dice.first(), dice.second());
    return g.plays();
  }

  /** Reads {@code text} in gnubg notation and returns the legal play it names, or why it is not one. */
  public static Result<Play> play(Position pos, Dice dice, String text) {
    return Notation.parse(pos, dice, text);
  }
}
