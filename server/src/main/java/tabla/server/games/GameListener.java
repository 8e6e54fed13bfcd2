package tabla.server.games;

/**
 * Told by {@link GameService} after every stored change of a finished game (a game row is a whole match, so this
 * is "match finished"): ratings and tournaments listen. It may be told more than once for one game (a reload, a
 * clock step after the end): a listener must be idempotent.
 */
@FunctionalInterface
public interface GameListener {
  void finished(long gameId);
}
