package tabla.core.match;

import tabla.core.Dice;
import tabla.core.Play;

/** Everything a player (or the dice) can do in a game. Each is a value; {@link Game#apply} judges it. */
public sealed interface Action {

  /** The opening: each player rolls one die; {@code die0} is player 0's. */
  record RollOff(int die0, int die1) implements Action {}

  /**
   * The player on roll rolls (the dice come from a {@code DiceSource}). A roll with no legal play is passed
   * by the game at once, unless {@code waitForPass}: then the player passes it himself (a {@link Move} with
   * an empty play), as a player who turns auto-pass off asks.
   */
  record Roll(Dice dice, boolean waitForPass) implements Action {
    public Roll(Dice dice) {
      this(dice, false);
    }
  }

  /** The player on roll plays the rolled dice; an empty play is a pass (only when nothing is legal). */
  record Move(Play play) implements Action {}

  /** The player on roll offers the cube instead of rolling. */
  record Double() implements Action {}

  record Take() implements Action {}

  record Drop() implements Action {}

  /** Money play: take and redouble at once, keeping the cube. */
  record Beaver() implements Action {}

  /** Money play: after a beaver, the doubler redoubles again at once. */
  record Raccoon() implements Action {}

  /** Offer to end the game for 1 (single), 2 (gammon) or 3 (backgammon) times the cube. */
  record Resign(int level) implements Action {}

  record AcceptResign() implements Action {}

  record RejectResign() implements Action {}
}
