package tabla.core.variant;

import java.util.List;
import tabla.core.Backgammon;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;

/**
 * A member of the backgammon family: its starting position, its number of checkers and whether the
 * cube belongs to it, over shared move generation. A variant overrides only what differs
 * (scalachess-style); the rest is standard backgammon.
 */
public interface Variant {
  /** The name used in options, files and URLs, e.g. "nackgammon". */
  String name();

  /** The starting position (the same from either side). */
  Position start();

  /** Checkers per side. */
  default int checkers() {
    return Position.CHECKERS;
  }

  /** Whether matches of this variant may use the doubling cube. */
  default boolean cubeAllowed() {
    return true;
  }

  /** The highest result a won game can count before the cube: 3 (backgammon), or 2 where there is none. */
  default int maxLevel() {
    return 3;
  }

  /** True when the first player to bear off every checker loses (Anti backgammon). */
  default boolean firstOffLoses() {
    return false;
  }

  /** Every distinct legal play; empty when the mover must pass. */
  default List<Play> legalPlays(Position p, Dice d) {
    return Backgammon.legalPlays(p, d);
  }
}
