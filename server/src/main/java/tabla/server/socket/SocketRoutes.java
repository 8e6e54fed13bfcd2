package tabla.server.socket;

import io.javalin.config.RoutesConfig;
import io.javalin.websocket.WsConnectContext;
import io.javalin.websocket.WsContext;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.eclipse.jetty.websocket.api.StatusCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.kernel.http.JettyBounds;

/**
 * The WebSocket endpoints, /ws/games/{id} (a game's board) and /ws/site (every page): each socket's session is read
 * once, on its upgrade, into one {@link Connection} with one outbox and one bound, and what happens on it is handed
 * to the subscribers in the order they subscribed (the operators' registry first, then chat and the audience, then
 * the game). The wire protocol is the subscribers' own (docs/api.md).
 */
public final class SocketRoutes {
  private static final Logger LOG = LoggerFactory.getLogger(SocketRoutes.class);
  private static final String CONNECTION = "tabla.connection";

  private final String cookieName;
  private final Function<String, Long> userOfToken;
  private final List<SocketSubscribers.Every> every = new CopyOnWriteArrayList<>();
  private final List<SocketSubscribers.OfGames> games = new CopyOnWriteArrayList<>();
  private final List<SocketSubscribers.OfSite> site = new CopyOnWriteArrayList<>();

  /** {@code userOfToken}: the user id of a session token (the cookie {@code cookieName}), or null for none. */
  public SocketRoutes(String cookieName, Function<String, Long> userOfToken) {
    this.cookieName = cookieName;
    this.userOfToken = userOfToken;
  }

  public void everySocket(SocketSubscribers.Every s) {
    every.add(s);
  }

  public void onGames(SocketSubscribers.OfGames s) {
    games.add(s);
  }

  public void onSite(SocketSubscribers.OfSite s) {
    site.add(s);
  }

  /**
   * Around every socket: its upgrade is an HTTP request too, answered 503 with Retry-After while the database is
   * away, as the API answers; an open socket that finds it away is closed with "try again later" (1013) and the same
   * sentence; any other failure closes it with "server error" and is logged.
   */
  public void guard(RoutesConfig r, DatabaseOutage outage) {
    r.wsBeforeUpgrade("/ws/*", outage::before);
    r.wsAfterUpgrade("/ws/*", JettyBounds::endUpgradeSession);
    r.wsException(Exception.class, (e, ws) -> {
      ApiError down = outage.unavailable(e);
      if (down != null) {
        ws.closeSession(StatusCode.TRY_AGAIN_LATER, down.getMessage());
        return;
      }
      LOG.error("a socket failed", e);
      ws.closeSession(StatusCode.SERVER_ERROR, "the server failed");
    });
  }

  public void register(RoutesConfig r) {
    r.ws("/ws/games/{id}", ws -> {
      ws.onConnect(c -> {
        long game = gameId(c.pathParam("id"));
        String token = c.cookie(cookieName);
        GameSocket s = new GameSocket(open(c, token), game, cookieName, token, "1".equals(c.queryParam("chat")),
            // every X-Forwarded-For line: the proxy's comes after any the client wrote (issue 30)
            tabla.server.kernel.ClientAddress.joined(c.session.getUpgradeRequest().getHeaders("X-Forwarded-For")));
        c.attribute(CONNECTION, s);
        UpgradeRelease.forgetCopies(c, CONNECTION);
        for (SocketSubscribers.OfGames g : games) g.opened(s);
      });
      ws.onMessage(c -> {
        GameSocket s = c.attribute(CONNECTION);
        if (s != null) for (SocketSubscribers.OfGames g : games) g.message(s, c.message());
      });
      ws.onClose(c -> closedGame(c));
      ws.onError(c -> closedGame(c));
    });
    r.ws("/ws/site", ws -> {
      ws.onConnect(c -> {
        Connection conn = open(c, c.cookie(cookieName));
        c.attribute(CONNECTION, conn);
        UpgradeRelease.forgetCopies(c, CONNECTION);
        for (SocketSubscribers.OfSite p : site) p.opened(conn);
      });
      ws.onMessage(c -> {
        Connection conn = c.attribute(CONNECTION);
        if (conn != null) for (SocketSubscribers.OfSite p : site) p.message(conn, c.message());
      });
      ws.onClose(c -> closedSite(c));
      ws.onError(c -> closedSite(c));
    });
  }

  /** The connection of a socket just upgraded; the registry hears of it before anyone sends on it. */
  private Connection open(WsConnectContext c, String token) {
    UpgradeRelease.release(c);
    Long user = null;
    if (token != null) user = userOfToken.apply(token);
    Connection conn = new Connection(c.session, c.sessionId(), user);
    for (SocketSubscribers.Every e : every) e.opened(conn);
    return conn;
  }

  private void closedGame(WsContext c) {
    GameSocket s = c.attribute(CONNECTION);
    if (s == null) return;
    for (SocketSubscribers.OfGames g : games) g.closed(s);
    for (SocketSubscribers.Every e : every) e.closed(s.out());
  }

  private void closedSite(WsContext c) {
    Connection conn = c.attribute(CONNECTION);
    if (conn == null) return;
    for (SocketSubscribers.OfSite p : site) p.closed(conn);
    for (SocketSubscribers.Every e : every) e.closed(conn);
  }

  /** The game's id in the socket's path; a path that names none is "not found", as over HTTP. */
  public static long gameId(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw ApiError.notFound("game '" + s + "'");
    }
  }
}
