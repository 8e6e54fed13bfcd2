package tabla.core.dice;

import tabla.core.Dice;

/**
 * Where a game's dice come from. Rules code asks this interface instead of a random generator so
 * that the same game can run on secure, seeded, scripted or verifiable ("provably fair") dice.
 *
 * <p>Each call of {@link #roll()} or {@link #rollOne()} is one die-roll event; sources that number
 * their rolls ({@link CommittedDice}) count both kinds in one sequence.
 */
public interface DiceSource {

  /** A normal roll of two dice, in the order rolled. */
  Dice roll();

  /** One die, 1..6: the opening roll-off, where each player rolls a single die. */
  int rollOne();
}
