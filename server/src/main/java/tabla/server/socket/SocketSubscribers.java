package tabla.server.socket;

/** Who is handed what happens on the sockets ({@link SocketRoutes}). Each runs on the socket's thread: never block. */
public final class SocketSubscribers {
  private SocketSubscribers() {}

  /** Every socket, whatever its path: the operators' registry (counts, broadcasts, closing a banned user's). */
  public interface Every {
    void opened(Connection c);

    void closed(Connection c);
  }

  /** The sockets of a game's board, /ws/games/{id}: the game's events, chat and audience. */
  public interface OfGames {
    void opened(GameSocket s);

    /** A message from the page; ignored by subscribers that do not read messages. */
    default void message(GameSocket s, String text) {}

    void closed(GameSocket s);
  }

  /** The site socket every page keeps open, /ws/site: presence. */
  public interface OfSite {
    void opened(Connection c);

    void message(Connection c, String text);

    void closed(Connection c);
  }
}
