package tabla.server.games;

/**
 * Where the events of the games this node runs go besides its own sockets: to the other nodes (several nodes:
 * tabla.server.cluster.PgEvents), or nowhere ({@link #NONE}, a single node).
 */
public interface EventRelay {
  /** Whether another node hears game {@code game}'s events now: else they are neither built nor sent (issue 30). */
  boolean heardElsewhere(long game);

  /** The event of {@code version}, as each visibility class sees it: seat 0, seat 1, the spectators (JSON). */
  void published(long game, int version, String[] byClass);

  /** The sockets of {@code game} elsewhere need a fresh snapshot (something changed that no version says). */
  void resync(long game);

  EventRelay NONE = new EventRelay() {
    @Override
    public boolean heardElsewhere(long game) {
      return false;
    }

    @Override
    public void published(long game, int version, String[] byClass) {}

    @Override
    public void resync(long game) {}
  };
}
