package tabla.server.alerts;

import tabla.server.games.TurnListener;

/**
 * Tells both players of a game, on every page they have open, that their games changed when its turn passes: the
 * lobby's "My games" and the header's badge read them again at once, with no polling. It only hands the notice to the
 * pages ({@link Pages}), so it never blocks the move that caused it.
 */
public final class TurnAlerts implements TurnListener {
  /** The site socket's message: "my games changed"; {@code yourTurn} when it is now the receiver's turn. */
  public record MyGamesChanged(String type, long gameId, boolean yourTurn) {
    public MyGamesChanged(long gameId, boolean yourTurn) {
      this("myGames", gameId, yourTurn);
    }
  }

  /** The open pages of a user, on every node (the presence). */
  @FunctionalInterface
  public interface Pages {
    void tell(long user, Object message);
  }

  private final Pages pages;

  public TurnAlerts(Pages pages) {
    this.pages = pages;
  }

  @Override
  public void turnPassed(TurnPassed t) {
    tell(t.player0(), t);
    if (t.player1() != null && !t.player1().equals(t.player0())) tell(t.player1(), t);
  }

  private void tell(Long user, TurnPassed t) {
    if (user != null) pages.tell(user, new MyGamesChanged(t.gameId(), user.equals(t.toAct())));
  }
}
