package tabla.core;

/**
 * The machine-readable name of a refusal of the rules engine ({@link Result.Err#code()}), beside its English sentence,
 * so that a site can say it in the player's language; {@link Result.Err#args()} holds the sentence's values by the
 * names listed here. The core knows no site: a server maps these to its own codes.
 */
public enum RuleCode {
  // the game's phase
  /** The game is over. */
  OVER,
  /** The match is over. */
  MATCH_OVER,
  /** The opening roll is over (a second roll-off). */
  OPENING_OVER,
  /** Dice out of 1 to 6. */
  DICE_RANGE,
  /** Not now: the opening roll comes first. */
  OPENING_FIRST,
  /** Not now: the player on roll rolls (or doubles) first. */
  ROLL_OR_DOUBLE_FIRST,
  /** Not now: the dice are rolled, play them. */
  PLAY_THE_DICE,
  /** Not now: a double waits for an answer. */
  DOUBLE_PENDING,
  /** Not now: a resignation waits for an answer. */
  RESIGNATION_PENDING,
  NO_DOUBLE_TO_ANSWER,
  NO_RESIGNATION_TO_ANSWER,
  /** A resignation level other than 1, 2 or 3. */
  RESIGN_LEVEL,
  /** {@code play}: a play that is none of the legal ones. */
  ILLEGAL_PLAY,
  // the cube
  DOUBLE_BEFORE_ROLL,
  NO_CUBE,
  CRAWFORD,
  CUBE_OWNED,
  DOUBLE_BEFORE_FIRST_ROLL,
  /** {@code max}: the cube is at its maximum. */
  CUBE_AT_MAX,
  /** A win already gives the doubler the match. */
  DOUBLE_CANNOT_MATTER,
  HOLLAND,
  NO_BEAVERS,
  /** {@code max}: a beaver would pass the maximum cube. */
  BEAVER_PASSES_MAX,
  BEAVER_NOT_REFUSABLE,
  RACCOON_AFTER_BEAVER,
  // a play written in gnubg's notation
  /** {@code dice}, {@code play}: the player has a legal play (he wrote none, or "pass"), e.g. play. */
  MUST_PLAY,
  /** {@code dice}: no play is legal, the player must pass. */
  MUST_PASS,
  /** {@code token}: not a move as FROM/TO. */
  UNREADABLE,
  /** {@code token}: a move repeated other than 1 to 4 times. */
  REPEAT_RANGE,
  /** {@code token}, {@code point}. */
  NO_SUCH_POINT,
  /** {@code token}, {@code from}, {@code to}: a move to a higher point. */
  BACKWARDS,
  /** {@code token}. */
  NOTHING_AFTER_OFF,
  /** {@code token}. */
  OFF_CANNOT_HIT,
  /** {@code point}: the play moves more checkers from a point than stand there. */
  NO_CHECKER_TO_MOVE,
  /** {@code play}: the hits marked with * fit none of the plays; did you mean play? */
  HITS_MISMATCH,
  /** {@code plays}: more than one play fits; mark the hits. */
  AMBIGUOUS,
  // why a written play is not legal (the rule it breaks)
  /** {@code pips}, {@code dice}, {@code roll}: the play moves more pips than the roll gives. */
  TOO_MANY_PIPS,
  /** {@code count}, {@code play}: the play must use more dice, e.g. play. */
  USE_MORE_DICE,
  /** {@code die}: only one die can be played, so it must be the larger one. */
  LARGER_DIE,
  /** {@code dice}: not a legal play with these dice. */
  NOT_LEGAL_WITH,
  /** {@code dice}: no way to play that with these dice. */
  NO_WAY,
  /** {@code dice}: the play moves further than the roll allows. */
  BEYOND_ROLL,
  /** {@code dice}, {@code from}, {@code to}: no die takes a checker from one point to the other. */
  NO_DIE_FOR,
  /** {@code point}: there is no checker there. */
  NO_CHECKER_ON,
  /** A checker on the bar enters before any other moves. */
  BAR_FIRST,
  /** {@code point}: a checker cannot enter there, the point is blocked. */
  ENTRY_BLOCKED,
  /** {@code point}: the point is blocked. */
  POINT_BLOCKED,
  /** {@code point}: no bearing off while a checker stands outside the home board. */
  BEAR_OFF_OUTSIDE,
  /** {@code die}, {@code from}, {@code point}: a die bears off from a lower point only when none stands higher. */
  BEAR_OFF_HIGHER
}
