package tabla.core.match;

import java.util.ArrayList;
import java.util.List;
import tabla.core.dice.Roll;

/**
 * The die-roll events of a game, numbered as {@link tabla.core.dice.CommittedDice} numbers them:
 * each opening roll-off is two single dice (player 0's first), each roll is one pair.
 */
public final class GameDice {
  private GameDice() {}

  public static List<Roll> rolls(Game game) {
    List<Roll> rolls = new ArrayList<>();
    long n = 0;
    for (Game.Event e : game.events()) {
      if (e.action() instanceof Action.RollOff r) {
        rolls.add(Roll.single(n++, r.die0()));
        rolls.add(Roll.single(n++, r.die1()));
      } else if (e.action() instanceof Action.Roll r) {
        rolls.add(Roll.pair(n++, r.dice()));
      }
    }
    return rolls;
  }
}
