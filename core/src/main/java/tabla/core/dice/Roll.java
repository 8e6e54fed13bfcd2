package tabla.core.dice;

import tabla.core.Dice;

/**
 * One die-roll event as a game record stores it: its number in the game (0, 1, 2, … counting every
 * event, roll-off single dice included) and the values, in the order rolled. A single die (the
 * opening roll-off) has {@code second == 0}; a pair has both values 1..6.
 *
 * <p>The number is stored, not implied by list position, so that {@link FairDice#verify} can tell a
 * record that skipped a roll from one that did not.
 */
public record Roll(long index, int first, int second) {

  /** The {@link #second} of a single-die roll. */
  public static final int NO_DIE = 0;

  public Roll {
    if (index < 0) throw new IllegalArgumentException("roll number must be >= 0, got " + index);
    if (first < 1 || first > 6) throw new IllegalArgumentException("die must be 1..6, got " + first);
    if (second != NO_DIE && (second < 1 || second > 6)) {
      throw new IllegalArgumentException("second die must be 1..6 (or 0 for a single die), got " + second);
    }
  }

  public static Roll pair(long index, Dice dice) {
    return new Roll(index, dice.first(), dice.second());
  }

  public static Roll single(long index, int die) {
    return new Roll(index, die, NO_DIE);
  }

  public boolean isSingle() {
    return second == NO_DIE;
  }

  /** The pair as {@link Dice}; throws for a single die. */
  public Dice dice() {
    if (isSingle()) throw new IllegalStateException("roll " + index + " is a single die");
    return new Dice(first, second);
  }

  /** "roll 7: 5-6" or "roll 0: 4", values in the order rolled (not high first, unlike Dice). */
  @Override
  public String toString() {
    return "roll " + index + ": " + (isSingle() ? String.valueOf(first) : first + "-" + second);
  }
}
