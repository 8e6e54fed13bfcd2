package tabla.server.games;

/**
 * Told by {@link GameService} when a game's turn passes from one person to another, or to nobody (the computer, the
 * match over): turn alerts listen. Told on the node that runs the game, after the change is stored; it runs on the
 * caller's thread, so a listener only hands the news on and never blocks.
 */
@FunctionalInterface
public interface TurnListener {
  /**
   * A game's turn passed. {@code player0}/{@code player1}: the seats' accounts (null for the computer);
   * {@code toAct}: the person to act now, or null; {@code mode}: "live" or "correspondence".
   */
  record TurnPassed(long gameId, Long player0, Long player1, Long toAct, String mode) {}

  void turnPassed(TurnPassed t);
}
