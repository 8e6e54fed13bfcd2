package tabla.server.games;

/**
 * Someone who sees a game's events as they are stored: a socket on /ws/games/{id} (the socket layer), or another
 * front-end. Each message is a JSON text: {"type":"snapshot",…} (the whole state, on subscribing and whenever a
 * delta would not do) or a delta of the next version ({@link GameDelta}).
 */
public interface GameViewer {
  /** The seat the game is seen from: 0 or 1, -1 for a spectator (who sees no hidden dice). */
  int seat();

  /** A message of the game, in version order; must not block (queue it). */
  void send(String json);

  /** Another node runs the game now: the viewer should subscribe again (a page reconnects). */
  void moved();
}
