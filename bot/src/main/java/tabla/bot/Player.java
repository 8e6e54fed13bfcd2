package tabla.bot;

import java.util.Optional;
import tabla.core.match.Action;
import tabla.core.match.Game;

/**
 * A player's decisions when it must act: double or roll, which play, take or drop, accept or offer
 * a resignation. Rolling itself is the dice source's job, not the player's.
 */
public interface Player {
  /** In {@code Phase.ROLL}: true to offer the cube (only asked when doubling is allowed). Default: never. */
  default boolean wantsToDouble(Game game) {
    return false;
  }

  /** In {@code Phase.MOVE}: one of {@code game.legalPlays()}. */
  Action.Move play(Game game);

  /** In {@code Phase.DOUBLE_OFFERED}: Take, Drop, or Beaver where allowed. Default: take. */
  default Action answerDouble(Game game) {
    return new Action.Take();
  }

  /**
   * In {@code Phase.ROLL}, before doubling or rolling: a resignation to offer (1 single, 2 gammon,
   * 3 backgammon), or empty to play on. Default: never resigns.
   */
  default Optional<Integer> resignOffer(Game game) {
    return Optional.empty();
  }

  /** In {@code Phase.RESIGN_OFFERED}: AcceptResign or RejectResign. Default: accept. */
  default Action answerResignation(Game game) {
    return new Action.AcceptResign();
  }
}
