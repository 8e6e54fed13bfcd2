package tabla.server.games;

import io.javalin.config.RoutesConfig;
import tabla.server.accounts.Accounts;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.http.RequestDrain;
import tabla.server.socket.SocketRoutes;

/**
 * The games, wired: the {@link GameService} (the one door to a game), its HTTP routes and its side of the game
 * socket. {@link #wire} is all the wiring root calls.
 */
public record GamesModule(GameService service, GameStore store, GameFacts facts) {
  /** The service's HTTP routes on {@code r}. */
  public void register(RoutesConfig r, RateLimit newGames) {
    new GameRoutes(service, newGames).register(r);
  }

  /**
   * The game's side of the game sockets (after chat's and the audience's: a board gets the chat history, then the
   * snapshot); {@code remote} takes those of games another node runs; {@code drain} counts their actions at the stop.
   */
  public void subscribe(SocketRoutes sockets, Accounts accounts, DatabaseOutage outage, RemoteSockets remote,
      RequestDrain drain) {
    sockets.onGames(new GameSockets(service, facts, remote, new SocketActions(service, accounts, outage, drain)));
  }

  public static GamesModule wire(GameService service, GameStore store) {
    return new GamesModule(service, store, new GameFacts(service, store));
  }
}
