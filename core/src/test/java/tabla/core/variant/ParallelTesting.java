package tabla.core.variant;

import java.util.ArrayList;
import java.util.List;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/** Helpers for the tests of the parallel variants (Fevga, Long Nardy, Gul bara). */
final class ParallelTesting {
  private ParallelTesting() {}

  /** A position from (point, count) pairs for the mover and for the opponent in his own numbering. */
  static Position pos(int[] mover, int[] opponent) {
    return Position.ofVariant(Position.side(mover), Position.side(opponent), new int[0], new int[0]).get();
  }

  static int[] at(int... pointCountPairs) {
    return pointCountPairs;
  }

  /** The legal plays in notation. */
  static List<String> plays(Variant v, Position p, int d1, int d2, Turn turn) {
    List<String> out = new ArrayList<>();
    for (Play play : v.legalPlays(p, new Dice(d1, d2), turn)) out.add(Notation.write(play));
    return out;
  }

  static List<String> plays(Variant v, Position p, int d1, int d2) {
    return plays(v, p, d1, d2, Turn.LATER);
  }

  /** A game of {@code variant} set up at {@code p} with player 0 on roll, no cube. */
  static Game setUp(String variant, Position p) {
    Rules rules = Rules.match(25).toBuilder().variant(variant).cube(false).build();
    return Game.setUp(rules, new Game.Seat(0, 0, false, false), p, 0, 1);
  }

  static Game roll(Game g, int d1, int d2) {
    return g.apply(new Action.Roll(new Dice(d1, d2))).get();
  }

  /** Plays the legal play written {@code text}. */
  static Game move(Game g, String text) {
    for (Play p : g.legalPlays()) {
      if (Notation.write(p).equals(text)) return g.apply(new Action.Move(p)).get();
    }
    throw new AssertionError("no play " + text + " among " + g.legalPlays().stream().map(Notation::write).toList());
  }
}
