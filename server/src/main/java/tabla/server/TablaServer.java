package tabla.server;

import tabla.server.kernel.ServerConfig;
import tabla.server.kernel.Database;
import io.javalin.Javalin;
import io.javalin.config.RoutesConfig;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import jakarta.servlet.DispatcherType;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.EnumSet;
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
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.kernel.http.FirstRequestGate;
import tabla.server.kernel.http.Json;
import tabla.server.kernel.http.Refusals;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.http.RateLimiter;
import tabla.server.lobby.LobbyRoutes;
import tabla.server.lobby.MyGames;
import tabla.server.lobby.MyGamesStore;
import tabla.server.lobby.SeekStore;
import tabla.server.mail.Mailer;
import tabla.server.ops.Metrics;
import tabla.server.ops.OpsModule;
import tabla.server.admin.AdminModule;
import tabla.server.chat.ChatModule;
import tabla.server.chat.ChatRate;
import tabla.server.games.GameFacts;
import tabla.server.presence.PresenceModule;
import tabla.server.rematch.Rematches;
import tabla.server.site.OtherNodes;
import tabla.server.watch.Audience;
import tabla.server.watch.LiveGames;
import tabla.server.ratings.RatingsModule;
import tabla.server.tokens.TokensModule;
import tabla.server.tournaments.TournamentsModule;

/** Wires the application: database, services, HTTP routes, WebSockets and the web board. */
public final class TablaServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TablaServer.class);
  /** The WebSocket close code "Try Again Later" (RFC 6455 registry): the database is away for now. */
  static final int TRY_AGAIN_LATER = 1013;

  private final Database db;
  private final GameHub hub;
  private final TournamentsModule tournaments;
  private final Javalin app;
  private final OpsModule ops;
  private final AdminModule admin;

  private final DatabaseOutage outage;
  private final Cluster cluster; // null on a single node

  private TablaServer(Database db, GameHub hub, TournamentsModule tournaments, Javalin app, OpsModule ops, AdminModule admin,
      DatabaseOutage outage, Cluster cluster) {
    this.admin = admin;
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
    Clock clock = Clock.systemUTC(); // the one clock of the server: every part reads the time from it
    Metrics metrics = new Metrics();
    Database db = Database.open(config, metrics.registry());
    Cluster cluster = clusterSettings.enabled() ? Cluster.open(clusterSettings, config, db.jdbi()) : null;
    Ownership ownership = cluster == null ? Ownership.SINGLE : cluster.ownership();
    OtherNodes others = cluster == null ? OtherNodes.NONE : cluster.site();
    Accounts accounts = new Accounts(db.jdbi(), clock);
    GameStore games = new GameStore(db.jdbi(), ownership);
    RatingsModule ratings = RatingsModule.wire(db.jdbi());
    // the games tell who listens of every change of a finished game (ratings, tournaments)
    FinishedGames finished = new FinishedGames();
    finished.listen(ratings.ratings()::gameFinished);
    GameHub hub = new GameHub(games, accounts, diceMaker(config), config.testDiceSeed() != null ? 0 : 400, finished,
        ownership);
    if (cluster != null) hub.relayTo(cluster.events());
    TournamentsModule tournaments = TournamentsModule.wire(db.jdbi(), new TournamentGamesOverHub(games, hub), clock);
    finished.listen(tournaments.service()::gameFinished);
    OpsModule ops = new OpsModule(config, metrics, db, accounts, clock);
    AdminModule admin = new AdminModule(config, ops, db.jdbi(), db.dataSource(), accounts, clock, () -> {});
    admin.acrossNodes(others);
    TokensModule tokens = TokensModule.wire(db.jdbi(), clock);
    Auth auth = new Auth(accounts, tokens.tokens());
    DatabaseOutage outage = new DatabaseOutage(db::ping);
    // One count of new games per address, whether against the computer or by accepting a seek.
    RateLimit newGames = limit(cluster, "new games", config.limits().games(), clock);
    SeekStore seeks = new SeekStore(db.jdbi(), games, clock);
    // the meeting places: who watches which game, who is online, chat, rematches, tournament news
    Audience audience = new Audience(others);
    GameFacts facts = new GameFacts(hub, games);
    PresenceModule presence = PresenceModule.wire(audience, facts::finished, others);
    ChatModule chat = ChatModule.wire(db.jdbi(), clock, audience, presence.presence()::everyone, facts::seatOf,
        facts::finished, others, cluster == null ? new ChatRate(clock::millis) : cluster.chatLimit());
    others.attach(new AcrossNodes(presence.presence(), chat.service(), hub, audience));
    tournaments.service().tellTo(presence.tournamentNews());
    Javalin app = Javalin.create(c -> {
      c.contextResolver.ip = ctx -> ops.clientAddress(ctx.req().getRemoteAddr(), ctx.header("X-Forwarded-For"));
      c.jetty.modifyServer(server -> server.setErrorHandler(new tabla.server.ops.JsonErrorHandler()));
      c.startup.showJavalinBanner = false;
      c.jetty.modifyServletContextHandler(h ->
          h.addFilter(new FilterHolder(new FirstRequestGate()), "/*", EnumSet.of(DispatcherType.REQUEST)));
      c.http.maxRequestSize = tabla.server.kernel.http.JettyBounds.MAX_BODY_BYTES;
      tabla.server.kernel.http.JettyBounds.apply(c.jetty);
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
      r.wsAfterUpgrade("/ws/*", tabla.server.kernel.http.JettyBounds::endUpgradeSession);
      r.wsException(Exception.class, (e, ws) -> {
        ApiError down = outage.unavailable(e);
        if (down != null) {
          ws.closeSession(TRY_AGAIN_LATER, down.getMessage());
          return;
        }
        LOG.error("a socket failed", e);
        ws.closeSession(org.eclipse.jetty.websocket.api.StatusCode.SERVER_ERROR, "the server failed");
      });
      admin.register(r);
      r.exception(ApiError.class, Refusals::answer);
      r.exception(tabla.server.kernel.Refused.class, Refusals::answer);
      // several nodes: the game moved to another node between the routing and the answer (nothing was stored)
      r.exception(Ownership.OwnedElsewhere.class, (e, ctx) -> Refusals.answer(ApiError.retryLater(503,
          "this game has just moved to another server; try again", 1), ctx));
      r.exception(Ownership.Fenced.class, (e, ctx) -> Refusals.answer(ApiError.retryLater(503,
          "this game has just moved to another server; your action was not stored: try again", 1), ctx));
      r.exception(Exception.class, (e, ctx) -> {
        ApiError down = outage.unavailable(e);
        if (down != null) {
          LOG.warn("request {} {}: no database connection ({})", ctx.method(), ctx.path(), e.toString());
          Refusals.answer(down, ctx);
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
      new LobbyRoutes(seeks, accounts, hub, newGames,
          limit(cluster, "new seeks", config.limits().seeks(), clock), ratings.variants()).register(r);
      new MyGames(new MyGamesStore(db.jdbi())).register(r);
      chat.register(r, accounts, audience, user -> admin.moderation().role(user).isStaff());
      presence.register(r, accounts, seeks, chat.service()::greet, ratings.variants(), tournaments.service()::watching);
      new LiveGames(db.jdbi(), audience, ratings.variants()).register(r);
      ratings.register(r, accounts, hub);
      new Rematches(db.jdbi(), hub, games, accounts, presence.presence()).register(r);
      tournaments.register(r, accounts, clock);
      tokens.register(r);
      new tabla.server.apidoc.OpenApiRoutes().register(r);
    });
    app.start(config.site().bindHost(), config.port());
    if (cluster != null) cluster.started(app.port(), hub);
    hub.resumeAll();
    tournaments.scheduler().resumeAll();
    ops.started(hub::roomsInMemory);
    admin.started(app.port());
    TablaServer server = new TablaServer(db, hub, tournaments, app, ops, admin, outage, cluster);
    admin.onStop(server::close);
    return server;
  }

  /** A limit per client address: in this process on one node, in the database shared by the nodes of a cluster. */
  private static RateLimit limit(Cluster cluster, String what, RateLimiter.Limit limit, Clock clock) {
    return cluster == null ? new RateLimiter(what, limit, clock) : cluster.perAddress(what, limit);
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

  /** Every HTTP route registered, as "METHOD /path" with Javalin's {param}s (OpenApiTest compares the description). */
  public java.util.List<String> httpRoutes() {
    return app.unsafe.internalRouter.allHttpHandlers().stream()
        .filter(e -> e.endpoint.method.isHttpMethod())
        .map(e -> e.endpoint.method.name() + " " + e.endpoint.path).sorted().toList();
  }

  /** What ends the process when an admin's graceful shutdown is due (default: close this server). */
  public void onShutdown(Runnable stop) {
    admin.onStop(stop);
  }

  private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) return;
    admin.tellStopping();
    app.stop();
    tournaments.close();
    hub.close();
    if (cluster != null) cluster.close(); // gives its games back: the other nodes take them over at once
    admin.close();
    ops.close();
    outage.close();
    db.close();
  }
}
