package tabla.server.games;


/**
 * Who sits where in a game and whether it is over, for chat and presence: from the room when this node runs the
 * game, else from the stored row (several nodes: another node runs it, and this one must not load it).
 */
public final class GameFacts {
  private final GameService hub;
  private final GameStore store;

  public GameFacts(GameService hub, GameStore store) {
    this.hub = hub;
    this.store = store;
  }

  /** The user's seat, -1 when not a player; 404 for no such game. */
  public int seatOf(long game, Long user) {
    try {
      return hub.room(game).seatOf(user);
    } catch (Ownership.OwnedElsewhere e) {
      GameRow row = row(game);
      return user == null ? -1 : user.equals(row.player0()) ? 0 : user.equals(row.player1()) ? 1 : -1;
    }
  }

  public boolean finished(long game) {
    try {
      return hub.room(game).isFinished();
    } catch (Ownership.OwnedElsewhere e) {
      return !"playing".equals(row(game).status());
    }
  }

  private GameRow row(long game) {
    return store.find(game).orElseThrow(() -> GameCode.missing(game));
  }
}
