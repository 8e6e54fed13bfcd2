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
import tabla.server.accounts.PasswordResets;
import tabla.server.accounts.ResetRoutes;
import tabla.server.cluster.Cluster;
import tabla.server.cluster.ClusterSettings;
import tabla.server.games.GameHub;
import tabla.server.games.GameRoom;
import tabla.server.games.GameRoutes;
import tabla.server.games.GameStore;
import tabla.server.games.Ownership;
import tabla.server.http.ApiError;
import tabla.server.http.DatabaseOutage;
import tabla.server.http.FirstRequestGate;
import tabla.server.http.Json;
import tabla.server.http.RateLimit;
import tabla.server.http.RateLimiter;
import tabla.server.lobby.LobbyRoutes;
import tabla.server.lobby.MyGames;
import tabla.server.lobby.Seeks;
import tabla.server.mail.Mailer;
import tabla.server.ops.Metrics;
import tabla.server.ops.Operations;
import tabla.server.ratings.VariantRatings;
import tabla.server.stats.Ratings;
import tabla.server.stats.StatsRoutes;
import tabla.server.tournaments.TournamentReads;
import tabla.server.tournaments.TournamentRoutes;
import tabla.server.tournaments.Tournaments;

/** Wires the application: database, services, HTTP routes, WebSockets and the web board. */
public final class TablaServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TablaServer.class);
  /** Requests larger than this are refused with 413: nothing in the API needs more. */
  public static final long MAX_BODY_BYTES = 64 * 1024;
  /** The WebSocket close code "Try Again Later" (RFC 6455 registry): the database is away for now. */
  static final int TRY_AGAIN_LATER = 1013;

  private final Database db;
  private final GameHub hub;
  private final Tournaments tournaments;
  private final Javalin app;
  private final Operations ops;

  private final DatabaseOutage outage;
  private final Cluster cluster; // null on a single node
  private tabla.server.fibs.ClipServer clip; // null when TABLA_FIBS_PORT is off
  private tabla.server.fibs.SiteFibs fibsSite;

  private TablaServer(Database db, GameHub hub, Tournaments tournaments, Javalin app, Operations ops,
      DatabaseOutage outage, Cluster cluster) {
    this.cluster = cluster;
    this.db = db;
    this.hub = hub;
    this.tournaments = tournaments;
    this.app = app;
    this.ops = ops;
    this.outage = outage;
  }

  public static TablaServer start(ServerConfig config) {
    return start(config, ClusterSettings.NONE);
  }

  /** As one node of several when {@code clusterSettings} says so (docs: README "Running a cluster"). */
  public static TablaServer start(ServerConfig config, ClusterSettings clusterSettings) {
    config.warnIfInsecure();
    Metrics metrics = new Metrics();
    Database db = Database.open(config, metrics.registry());
    Cluster cluster = clusterSettings.enabled() ? Cluster.open(clusterSettings, config, db.jdbi()) : null;
    Ownership ownership = cluster == null ? Ownership.SINGLE : cluster.ownership();
    Accounts accounts = new Accounts(db.jdbi());
    GameStore games = new GameStore(db.jdbi(), ownership);
    Ratings ratings = new Ratings(db.jdbi());
    VariantRatings variantRatings = new VariantRatings(db.jdbi());
    java.time.Clock clock = java.time.Clock.systemUTC(); // the one clock of limits, seeks, resets and tournaments
    // the hub tells the tournaments of a finished game, and they hand the hub each game they start
    Tournaments[] tournaments = new Tournaments[1];
    GameHub hub = new GameHub(games, accounts, diceMaker(config), config.testDiceSeed() != null ? 0 : 400, id -> {
      ratings.applyIfDue(id);
      variantRatings.applyIfDue(id);
      tournaments[0].gameFinished(id);
    }, ownership);
    if (cluster != null) hub.relayTo(cluster.events());
    tournaments[0] = new Tournaments(db.jdbi(), games, clock, id -> hub.afterChange(hub.room(id)));
    TablaServer[] self = new TablaServer[1];
    Operations ops = new Operations(config, metrics, db.jdbi(), db.dataSource(), accounts, () -> self[0].close());
    if (cluster != null) ops.acrossNodes(cluster.site());
    Auth auth = new Auth(accounts);
    DatabaseOutage outage = new DatabaseOutage(() ->
        db.jdbi().withHandle(h -> h.createQuery("SELECT 1").mapTo(Integer.class).one()) == 1);
    // One count of new games per address, whether against the computer or by accepting a seek.
    RateLimit newGames = limit(cluster, "new games", config.limits().games(), clock);
    Javalin app = Javalin.create(c -> {
      c.contextResolver.ip = ctx -> ops.clientAddress(ctx.req().getRemoteAddr(), ctx.header("X-Forwarded-For"));
      c.jetty.modifyServer(server -> server.setErrorHandler(new tabla.server.ops.JsonErrorHandler()));
      c.startup.showJavalinBanner = false;
      c.jetty.modifyServletContextHandler(h ->
          h.addFilter(new FilterHolder(new FirstRequestGate()), "/*", EnumSet.of(DispatcherType.REQUEST)));
      c.http.maxRequestSize = MAX_BODY_BYTES;
      tabla.server.http.JettyBounds.apply(c.jetty);
      c.jsonMapper(new JavalinJackson(Json.MAPPER, false));
      c.staticFiles.add(sf -> {
        sf.hostedPath = "/";
        sf.directory = "/tabla/web";
        sf.location = Location.CLASSPATH;
      });
      RoutesConfig r = c.routes;
      ops.registerFirst(r);
      r.before("/api/*", outage::before);
      if (cluster != null) cluster.register(r);
      r.before("/api/*", auth::before);
      // A socket's upgrade is an HTTP request too: 503 with Retry-After while the database is away, as the API answers;
      // an open socket that finds it away is closed with "try again later" (1013) and the same sentence.
      r.wsBeforeUpgrade("/ws/*", outage::before);
      r.wsAfterUpgrade("/ws/*", tabla.server.http.JettyBounds::endUpgradeSession);
      r.wsException(Exception.class, (e, ws) -> {
        ApiError down = outage.unavailable(e);
        if (down != null) {
          ws.closeSession(TRY_AGAIN_LATER, down.getMessage());
          return;
        }
        LOG.error("a socket failed", e);
        ws.closeSession(org.eclipse.jetty.websocket.api.StatusCode.SERVER_ERROR, "the server failed");
      });
      ops.registerAfterAuth(r);
      r.exception(ApiError.class, TablaServer::answer);
      // several nodes: the game moved to another node between the routing and the answer (nothing was stored)
      r.exception(Ownership.OwnedElsewhere.class, (e, ctx) -> answer(ApiError.retryLater(503,
          "this game has just moved to another server; try again", 1), ctx));
      r.exception(Ownership.Fenced.class, (e, ctx) -> answer(ApiError.retryLater(503,
          "this game has just moved to another server; your action was not stored: try again", 1), ctx));
      r.exception(Exception.class, (e, ctx) -> {
        ApiError down = outage.unavailable(e);
        if (down != null) {
          LOG.warn("request {} {}: no database connection ({})", ctx.method(), ctx.path(), e.toString());
          answer(down, ctx);
          return;
        }
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
      new AuthRoutes(accounts, config.limits(), clock).register(r);
      new ResetRoutes(new PasswordResets(db.jdbi(), clock), accounts, new Mailer(config.mail()), config.site().publicUrl()).register(r);
      new GameRoutes(hub, games, accounts, newGames, outage,
          cluster == null ? tabla.server.games.RemoteSockets.NONE : cluster.sockets()).register(r);
      new LobbyRoutes(new Seeks(db.jdbi(), games, clock), accounts, hub, newGames,
          limit(cluster, "new seeks", config.limits().seeks(), clock), variantRatings).register(r);
      new MyGames(db.jdbi()).register(r);
      new StatsRoutes(db.jdbi(), accounts).register(r);
      Meeting.register(r, new Meeting.Parts(db.jdbi(), accounts, hub, games, config.site(), variantRatings, tournaments[0],
          cluster == null ? tabla.server.site.OtherNodes.NONE : cluster.site(),
          cluster == null ? new tabla.server.chat.ChatRate(clock::millis) : cluster.chatLimit()));
      new TournamentRoutes(tournaments[0], new TournamentReads(db.jdbi()), clock, accounts).register(r);
    });
    app.start(config.site().bindHost(), config.port());
    if (cluster != null) cluster.started(app.port(), hub);
    hub.resumeAll();
    tournaments[0].resumeAll();
    ops.started(app.port(), hub::roomsInMemory);
    self[0] = new TablaServer(db, hub, tournaments[0], app, ops, outage, cluster);
    if (config.fibs().enabled()) { // the FIBS door (docs/fibs.md): CLIP clients on the same games
      self[0].fibsSite = new tabla.server.fibs.SiteFibs(db.jdbi(), accounts, games, hub, config.limits(),
          config.site().registration(), clock);
      self[0].clip = tabla.server.fibs.ClipServer.start(config.fibs(), self[0].fibsSite, config.site().bindHost());
    }
    return self[0];
  }

  /** A limit per client address: in this process on one node, in the database shared by the nodes of a cluster. */
  private static RateLimit limit(Cluster cluster, String what, RateLimiter.Limit limit, java.time.Clock clock) {
    return cluster == null ? new RateLimiter(what, limit, clock) : cluster.perAddress(what, limit);
  }

  private static void answer(ApiError e, io.javalin.http.Context ctx) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("error", e.getMessage());
    if (e.extra() != null) body.put("snapshot", e.extra());
    if (e.retryAfterSeconds() > 0) ctx.header("Retry-After", String.valueOf(e.retryAfterSeconds()));
    ctx.status(e.status()).json(body);
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

  /** The CLIP (FIBS) port, or -1 when it is off. */
  public int fibsPort() {
    return clip == null ? -1 : clip.port();
  }

  /** What ends the process when an admin's graceful shutdown is due (default: close this server). */
  public void onShutdown(Runnable stop) {
    ops.onStop(stop);
  }

  private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) return;
    ops.tellStopping();
    if (clip != null) clip.close();
    if (fibsSite != null) fibsSite.close();
    app.stop();
    tournaments.close();
    hub.close();
    if (cluster != null) cluster.close(); // gives its games back: the other nodes take them over at once
    ops.close();
    outage.close();
    db.close();
  }
}
