package tabla.core.variant;

import java.util.List;
import java.util.Optional;
import tabla.core.Backgammon;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;

/**
 * A member of the backgammon family: its set-up, its movement and contact rules, how a game ends
 * and what it counts, and whether the cube belongs to it. A variant overrides only what differs
 * (scalachess-style); the rest is standard backgammon. Variants whose movement differs extend
 * {@link StepVariant}, which runs the shared move generation over their single-step rules.
 */
public interface Variant {
  /** The name used in options, files and URLs, e.g. "nackgammon", with non-default options after a colon. */
  String name();

  /** The name without options ("race:entry=all-first" is "race"): what ratings and trained networks go by. */
  default String baseName() {
    String n = name();
    int colon = n.indexOf(':');
    return colon < 0 ? n : n.substring(0, colon);
  }

  /**
   * The same variant with named options (see {@link Options}); the result's {@link #name()} writes the
   * non-default ones after a colon. By default a variant has none.
   */
  default Result<Variant> withOptions(Options options) {
    return options.only(name(), List.of()).map(o -> this);
  }

  /** The options this variant knows, each with its allowed values, the default first (for help and README). */
  default java.util.Map<String, List<String>> optionChoices() {
    return java.util.Map.of();
  }

  /** The starting position (the same from either side). */
  Position start();

  /** Checkers per side at the start (Cloning adds more during play). */
  default int checkers() {
    return Position.CHECKERS;
  }

  /** Where the opponent's points lie in the mover's numbering. */
  default Geometry geometry() {
    return Geometry.CONTRARY;
  }

  /** Extra cells a side in this variant's positions ({@link Position#extras()}). */
  default int extraCells() {
    return 0;
  }

  /**
   * Whether the roll-off winner rolls again for his first play, as in Tavli (Portes, Plakoto, Fevga),
   * Tavla, Long Nardy and Gul bara (rules.md §2, §3):
   * {@code Rules.Builder.variant} then picks {@code Rules.Opening.WINNER_REROLLS} unless told otherwise.
   */
  default boolean winnerRerolls() {
    return false;
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

  /** False for games played without dice (Grasshopper): each turn is a play, with no roll before it. */
  default boolean usesDice() {
    return true;
  }

  /** Every distinct legal play; empty when the mover must pass. */
  default List<Play> legalPlays(Position p, Dice d) {
    return Backgammon.legalPlays(p, d);
  }

  /**
   * Every distinct legal play at this point of the game; {@code d} is null in a game without dice.
   * Variants whose rules depend on the turn (Gul bara) override this one.
   */
  default List<Play> legalPlays(Position p, Dice d, Turn turn) {
    return legalPlays(p, d);
  }

  /**
   * The double the mover chose to play after the dice (Acey-deucey's 1-2: the 1, the 2, then any double), or 0
   * when the play chooses none.
   */
  default int chosenDouble(Dice d, Play play) {
    return 0;
  }

  /** Whether the mover rolls again after this play (Acey-deucey's completed 1-2). */
  default boolean rollsAgain(Dice d, Play play) {
    return false;
  }

  /**
   * The dice the mover plays next in the same turn, without a roll, or null when his turn ends (Gul
   * bara: after four 3s come four 4s). The engine ends the turn instead when they cannot be played.
   */
  default Dice playsOn(Dice d, Play play, Turn turn) {
    return null;
  }

  /**
   * Whether the game is over after a play, from the side of the player who made it ({@code after}
   * is not swapped). The default: whoever bears off every checker wins, counting a gammon when the
   * loser has borne off none and a backgammon when he also has a checker on the bar, not yet entered,
   * or in the winner's home board (capped at {@link #maxLevel()}); reversed in Anti backgammon.
   */
  default Optional<Ending> ending(Position after) {
    if (!allOff(after)) return Optional.empty();
    if (firstOffLoses()) return Optional.of(Ending.opponentWins(1));
    return Optional.of(Ending.moverWins(Math.min(backgammonLevel(after), maxLevel())));
  }

  /**
   * {@link #ending(Position)} at this point of the game; the engine calls this one. Variants whose end
   * depends on the turn (Long Nardy's equalising last roll) override it.
   */
  default Optional<Ending> ending(Position after, Turn turn) {
    return ending(after);
  }

  /**
   * Checks a position given from outside (a file, a command line): checker counts and, by default,
   * no point holding both colours.
   */
  default Result<Position> validate(Position p) {
    if (p.extras() != extraCells()) {
      return Result.err("not a " + name() + " position: it has " + p.extras() + " extra cells a side, " + name() + " "
          + extraCells());
    }
    if (p.moverCheckers() != checkers() || p.opponentCheckers() != checkers()) {
      return Result.err(name() + " needs " + checkers() + " checkers a side, found " + p.moverCheckers() + " and "
          + p.opponentCheckers());
    }
    for (int q = 1; q <= 24; q++) {
      if (p.mover(q) > 0 && p.opponent(geometry().other(q)) > 0) {
        return Result.err("point " + q + " holds checkers of both sides");
      }
    }
    return Result.ok(p);
  }

  /** True when the mover has no checker left on the board, on the bar or waiting to enter. */
  static boolean allOff(Position p) {
    if (p.moverPool() > 0) return false;
    for (int i = 1; i <= Position.BAR; i++) {
      if (p.mover(i) > 0) return false;
    }
    return true;
  }

  /** 1, 2 or 3 for a game the mover of {@code winnerView} has just won by bearing off (rules.md §1.1). */
  static int backgammonLevel(Position winnerView) {
    if (winnerView.opponent(Position.OFF) > 0) return 1;
    if (winnerView.opponent(Position.BAR) > 0 || winnerView.opponentPool() > 0) return 3;
    for (int q = 19; q <= 24; q++) {
      if (winnerView.opponent(q) > 0) return 3; // still in the winner's home board
    }
    return 2;
  }
}
