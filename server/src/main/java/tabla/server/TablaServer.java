package tabla.server;

import io.javalin.Javalin;
import io.javalin.config.RoutesConfig;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import jakarta.servlet.DispatcherType;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.core.dice.CommittedDice;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.Auth;
import tabla.server.accounts.AuthRoutes;
import tabla.server.games.GameHub;
import tabla.server.games.GameRoom;
import tabla.server.games.GameRoutes;
import tabla.server.games.GameStore;
import tabla.server.http.ApiError;
import tabla.server.http.FirstRequestGate;
import tabla.server.http.Json;
import tabla.server.lobby.LobbyRoutes;
import tabla.server.stats.Ratings;
import tabla.server.stats.StatsRoutes;

/** Wires the application: database, services, HTTP routes, WebSockets and the web board. */
public final class TablaServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TablaServer.class);
  /** Requests larger than this are refused with 413: nothing in the API needs more. */
  public static final long MAX_BODY_BYTES = 64 * 1024;

  private final Database db;
  private final GameHub hub;
  private final Javalin app;

  private TablaServer(Database db, GameHub hub, Javalin app) {
    this.db = db;
    this.hub = hub;
    this.app = app;
  }

  public static TablaServer start(ServerConfig config) {
    Database db = Database.open(config);
    Accounts accounts = new Accounts(db.jdbi());
    GameStore games = new GameStore(db.jdbi());
    Ratings ratings = new Ratings(db.jdbi());
    GameHub hub = new GameHub(games, accounts, diceMaker(config), config.testDiceSeed() != null ? 0 : 400,
        ratings::applyIfDue);
    Auth auth = new Auth(accounts);
    Javalin app = Javalin.create(c -> {
      c.startup.showJavalinBanner = false;
      c.jetty.modifyServletContextHandler(h ->
          h.addFilter(new FilterHolder(new FirstRequestGate()), "/*", EnumSet.of(DispatcherType.REQUEST)));
      c.http.maxRequestSize = MAX_BODY_BYTES;
      c.jsonMapper(new JavalinJackson(Json.MAPPER, false));
      c.staticFiles.add(sf -> {
        sf.hostedPath = "/";
        sf.directory = "/tabla/web";
        sf.location = Location.CLASSPATH;
      });
      RoutesConfig r = c.routes;
      r.before("/api/*", auth::before);
      r.exception(ApiError.class, (e, ctx) -> {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", e.getMessage());
        if (e.extra() != null) body.put("snapshot", e.extra());
        ctx.status(e.status()).json(body);
      });
      r.exception(Exception.class, (e, ctx) -> {
        LOG.error("request {} {} failed", ctx.method(), ctx.path(), e);
        ctx.status(500).json(Map.of("error", "the server failed; nothing was changed"));
      });
      r.error(404, ctx -> {
        // Javalin answers an unknown path with a plain-text sentence; the API answers in JSON, as everywhere.
        String type = ctx.res().getContentType();
        if (ctx.path().startsWith("/api/") && (type == null || !type.startsWith("application/json"))) {
          ctx.json(Map.of("error", "no such API: " + ctx.method() + " " + ctx.path()));
        }
      });
      r.error(413, ctx -> ctx.json(Map.of("error", "the request is too large")));
      new AuthRoutes(accounts).register(r);
      new GameRoutes(hub, games, accounts).register(r);
      new LobbyRoutes(db.jdbi(), accounts, games, hub).register(r);
      new StatsRoutes(db.jdbi(), accounts).register(r);
    });
    app.start(config.port());
    hub.resumeAll();
    return new TablaServer(db, hub, app);
  }

  /** Real games get a fresh secret seed; test mode derives it from the test seed so dice repeat. */
  static GameRoom.DiceMaker diceMaker(ServerConfig config) {
    Long seed = config.testDiceSeed();
    if (seed == null) return (id, gameNo) -> new CommittedDice();
    return (id, gameNo) -> new CommittedDice(sha256(ByteBuffer.allocate(24).putLong(seed).putLong(id).putLong(gameNo).array()));
  }

  private static byte[] sha256(byte[] b) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(b);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  public int port() {
    return app.port();
  }

  @Override
  public void close() {
    app.stop();
    hub.close();
    db.close();
  }
}
