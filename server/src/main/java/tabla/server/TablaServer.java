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
import tabla.server.accounts.LoginLimiter;
import tabla.server.accounts.PasswordResets;
import tabla.server.accounts.ResetRoutes;
import tabla.server.cluster.Cluster;
import tabla.server.cluster.ClusterSettings;
import tabla.server.cluster.SingleNode;
import tabla.server.cluster.Topology;
import tabla.server.games.GameRoom;
import tabla.server.games.GameService;
import tabla.server.games.GameStore;
import tabla.server.games.GamesModule;
import tabla.server.games.Ownership;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.kernel.http.FirstRequestGate;
import tabla.server.kernel.http.Json;
import tabla.server.kernel.http.Refusals;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.http.RateLimiter;
import tabla.server.kernel.http.RequestDrain;
import tabla.server.lobby.LobbyRoutes;
import tabla.server.lobby.MyGames;
import tabla.server.lobby.MyGamesStore;
import tabla.server.lobby.SeekStore;
import tabla.server.mail.Mailer;
import tabla.server.alerts.AlertsModule;
import tabla.server.ops.Metrics;
import tabla.server.ops.OpsModule;
import tabla.server.admin.AdminModule;
import tabla.server.chat.ChatModule;
import tabla.server.presence.PresenceModule;
import tabla.server.rematch.RematchStore;
import tabla.server.rematch.Rematches;
import tabla.server.site.OtherNodes;
import tabla.server.socket.SocketRoutes;
import tabla.server.watch.Audience;
import tabla.server.watch.LiveGames;
import tabla.server.watch.LiveGamesStore;
import tabla.server.ratings.RatingsModule;
import tabla.server.records.RecordsModule;
import tabla.server.rollouts.RolloutsModule;
import tabla.server.tokens.TokensModule;
import tabla.server.tournaments.TournamentsModule;

/** Wires the application: database, services, HTTP routes, WebSockets and the web board. */
public final class TablaServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TablaServer.class);

  private final Database db;
  private final GameService hub;
  private final TournamentsModule tournaments;
  private final RatingsModule ratings;
  private final Javalin app;
  private final OpsModule ops;
  private final AdminModule admin;

  private final DatabaseOutage outage;
  private final RequestDrain drain;
  private final Topology topology;
  private tabla.server.fibs.ClipServer clip; // null when TABLA_FIBS_PORT is off
  private tabla.server.fibs.SiteFibs fibsSite;

  private TablaServer(Database db, GameService hub, TournamentsModule tournaments, RatingsModule ratings, Javalin app,
      OpsModule ops, AdminModule admin, DatabaseOutage outage, RequestDrain drain, Topology topology) {
    this.ratings = ratings;
    this.admin = admin;
    this.drain = drain;
    this.topology = topology;
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
    return start(config, clusterSettings, Clock.systemUTC());
  }

  /**
   * With {@code clock} as the server's one clock: every part reads the time from it, and its timers (the match
   * clocks, the tournaments' checks) go by it, so a test moves it forward instead of waiting out a grace or a period.
   */
  public static TablaServer start(ServerConfig config, ClusterSettings clusterSettings, Clock clock) {
    config.warnIfInsecure();
    Metrics metrics = new Metrics();
    Database db = Database.open(config, metrics.registry());
    Topology topology = clusterSettings.enabled() ? Cluster.open(clusterSettings, config, db.jdbi(), clock)
        : new SingleNode(clock);
    OtherNodes others = topology.site();
    Accounts accounts = new Accounts(db.jdbi(), clock);
    GameStore games = new GameStore(db.jdbi(), topology.ownership(), clock);
    RatingsModule ratings = RatingsModule.wire(db.jdbi());
    GameService hub = new GameService(games, accounts, diceMaker(config), config.testDiceSeed() != null ? 0 : 400,
        topology.ownership(), clock);
    hub.relayTo(topology.events());
    GamesModule gamesModule = GamesModule.wire(hub, games);
    TournamentsModule tournaments = TournamentsModule.wire(db.jdbi(), new TournamentGamesOverService(games, hub), clock);
    // the game service tells its listeners of every change of a finished game (ratings, tournaments)
    hub.listen(ratings.ratings()::gameFinished);
    hub.listen(tournaments.service()::gameFinished);
    OpsModule ops = new OpsModule(config, metrics, db, accounts, clock);
    metrics.counter("tabla.cluster.forwarded", "requests for a game run on another node, sent there",
        topology::forwarded);
    AdminModule admin = new AdminModule(config, ops, db.jdbi(), db.dataSource(), accounts, clock, () -> {});
    admin.acrossNodes(others);
    TokensModule tokens = TokensModule.wire(db.jdbi(), clock);
    tabla.server.bots.BotAccounts botAccounts = new tabla.server.bots.BotAccounts(
        new tabla.server.bots.BotAccountStore(db.jdbi()));
    Auth auth = new Auth(accounts, tokens.tokens(), botAccounts::isBot);
    DatabaseOutage outage = new DatabaseOutage(db::ping);
    RequestDrain drain = new RequestDrain(); // at the stop: new requests refused, running ones let end (close())
    // One count of new games per address, whether against the computer or by accepting a seek.
    RateLimit newGames = topology.perAddress("new games", config.limits().games());
    SeekStore seeks = new SeekStore(db.jdbi(), games, clock);
    // the meeting places: who watches which game, who is online, chat, rematches, tournament news
    Audience audience = new Audience(others);
    var facts = gamesModule.facts();
    PresenceModule presence = PresenceModule.wire(audience, facts::finished, others);
    ChatModule chat = ChatModule.wire(db.jdbi(), clock, audience, presence.presence()::everyone, facts::seatOf,
        facts::finished, others, topology.chatLimit());
    SocketRoutes sockets = new SocketRoutes(Auth.COOKIE,
        token -> accounts.session(token).map(s -> s.user().id()).orElse(null));
    sockets.everySocket(ops.sockets());
    others.attach(new AcrossNodes(presence.presence(), chat.service(), hub, audience));
    // turn alerts: "my games changed" to the players' pages; by mail, when there is a mail server
    AlertsModule alerts = AlertsModule.wire(hub, presence.presence(), db.jdbi(), new Mailer(config.mail()),
        config.site().publicUrl(), clock);
    tournaments.service().tellTo(alerts.tournamentNews(presence.tournamentNews()));
    RecordsModule records = RecordsModule.wire(db.jdbi(), clock); // uploaded records, analysed in the background
    RolloutsModule rollouts = RolloutsModule.wire(db.jdbi(), clock, clusterSettings.enabled() ? clusterSettings.node()
        : tabla.server.rollouts.Rollouts.SINGLE_NODE, others, records.records()::match); // rollout jobs, this node's
    FirstRequestGate gate = new FirstRequestGate();
    Javalin app = Javalin.create(c -> {
      // every X-Forwarded-For line, in order: a proxy adds its own after the client's (issue 30)
      c.contextResolver.ip = ctx -> ops.clientAddress(ctx.req().getRemoteAddr(), tabla.server.kernel.ClientAddress
          .joined(java.util.Collections.list(ctx.req().getHeaders("X-Forwarded-For"))));
      c.jetty.modifyServer(server -> server.setErrorHandler(new tabla.server.ops.JsonErrorHandler()));
      c.startup.showJavalinBanner = false;
      c.events.serverStopped(alerts::close); // the alert mails' and pushes' sending threads end with the server
      c.events.serverStopped(records::close); // and the records' analysis worker
      c.events.serverStopped(rollouts::close); // and the rollouts' worker
      c.jetty.modifyServer(server -> server.insertHandler(drain)); // counts every request until its answer is out
      c.jetty.modifyServletContextHandler(h ->
          h.addFilter(new FilterHolder(gate), "/*", EnumSet.of(DispatcherType.REQUEST)));
      c.http.maxRequestSize = tabla.server.kernel.http.JettyBounds.MAX_BODY_BYTES;
      tabla.server.kernel.http.JettyBounds.apply(c.jetty, config.site().trustedProxies());
      c.jsonMapper(new JavalinJackson(Json.MAPPER, false));
      c.staticFiles.add(sf -> {
        sf.hostedPath = "/";
        sf.directory = "/tabla/web";
        sf.location = Location.CLASSPATH;
      });
      RoutesConfig r = c.routes;
      r.before(ctx -> gate.passed(ctx.req())); // first: a long first request (a bot's stream) does not hold the rest
      ops.registerFirst(r);
      r.before("/api/*", drain::before);
      r.wsBeforeUpgrade("/ws/*", drain::before);
      r.before("/api/*", tabla.server.kernel.http.QueryRule::before);
      r.before("/api/*", outage::before);
      topology.register(r);
      r.before("/api/*", auth::before);
      r.after("/api/*", tabla.server.kernel.http.JettyBounds::readRestOfBody); // the connection stays open for the next
      r.wsBeforeUpgrade("/ws/*", new tabla.server.kernel.http.OriginCheck(config.site().publicUrl())::beforeUpgrade);
      sockets.guard(r, outage);
      admin.register(r);
      r.exception(ApiError.class, Refusals::answer);
      r.exception(org.eclipse.jetty.http.HttpException.RuntimeException.class,
          tabla.server.kernel.http.JettyBounds::unreadable);
      r.exception(tabla.server.kernel.Refused.class, Refusals::answer);
      // several nodes: the game moved to another node between the routing and the answer (nothing was stored)
      r.exception(Ownership.OwnedElsewhere.class, (e, ctx) -> Refusals.answer(ApiError.retryLater(503,
          tabla.server.kernel.SiteCode.GAME_MOVING, Map.of(), "this game has just moved to another server; try again", 1), ctx));
      r.exception(Ownership.Fenced.class, (e, ctx) -> Refusals.answer(ApiError.retryLater(503,
          tabla.server.kernel.SiteCode.GAME_MOVING, Map.of(),
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
      r.error(413, ctx -> {
        // a route's own 413 (a record's file over its bound) has said it; Javalin's, over a JSON body's bound, has not
        String type = ctx.res().getContentType();
        if (type == null || !type.startsWith("application/json")) {
          long kb = tabla.server.kernel.http.JettyBounds.MAX_BODY_BYTES / 1024;
          Refusals.answer(new ApiError(413, tabla.server.kernel.SiteCode.TOO_LARGE, Map.of("kb", kb),
              "the request is too large: at most " + kb + " kB"), ctx);
        }
      });
      new AuthRoutes(accounts, config.limits(), new LoginLimiter(config.limits(), topology::failures), clock,
          user -> admin.moderation().role(user).isStaff()).register(r);
      new ResetRoutes(new PasswordResets(db.jdbi(), clock), accounts, new Mailer(config.mail()), config.site().publicUrl(),
          topology.perAddress("password reset tries", ResetRoutes.RESETS_PER_ADDRESS)).register(r);
      gamesModule.register(r, newGames);
      new LobbyRoutes(seeks, accounts, hub, newGames, topology.perAddress("new seeks", config.limits().seeks()),
          ratings.variants()).register(r);
      new MyGames(new MyGamesStore(db.jdbi())).register(r);
      alerts.register(r, seeks);
      chat.register(r, sockets, accounts, audience, user -> admin.moderation().role(user).isStaff());
      // the game's side of the game sockets after chat's and the audience's: a board gets the chat, then the snapshot
      gamesModule.subscribe(sockets, accounts, outage, topology.sockets(), drain);
      presence.register(r, sockets, accounts, seeks, chat.service()::greet, ratings.variants(), tournaments.service()::watching);
      new LiveGames(new LiveGamesStore(db.jdbi()), audience, ratings.variants()).register(r);
      ratings.register(r, accounts, hub);
      new Rematches(new RematchStore(db.jdbi()), hub, games, accounts, presence.presence()).register(r);
      tournaments.register(r, accounts, clock);
      tokens.register(r);
      new tabla.server.bots.BotRoutes(botAccounts, hub, seeks, accounts, ratings.variants(), tokens.tokens(),
          drain::stopping, outage).register(r);
      records.register(r);
      rollouts.register(r);
      new tabla.server.apidoc.OpenApiRoutes().register(r);
      sockets.register(r);
    });
    app.start(config.site().bindHost(), config.port());
    topology.started(app.port(), hub);
    hub.resumeAll();
    tournaments.scheduler().resumeAll();
    ratings.started();
    ops.started(hub::roomsInMemory);
    admin.started(app.port());
    TablaServer server = new TablaServer(db, hub, tournaments, ratings, app, ops, admin, outage, drain, topology);
    admin.onStop(server::close);
    if (config.fibs().enabled()) { // the FIBS door (docs/fibs.md): CLIP clients on the same games
      server.fibsSite = new tabla.server.fibs.SiteFibs(db.jdbi(), accounts, hub, config.limits(),
          config.site().registration(), clock,
          new tabla.server.fibs.SiteFibs.Meeting(seeks, presence.presence(), chat.service(), ratings.variants()));
      server.clip = tabla.server.fibs.ClipServer.start(config.fibs(), server.fibsSite, config.site().bindHost(), drain,
          outage);
      admin.onShutdownAnnounced(server.clip::announceStop); // an admin's coming stop, told at the door too
    }
    return server;
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

  /** The CLIP (FIBS) port, or -1 when it is off. */
  public int fibsPort() {
    return clip == null ? -1 : clip.port();
  }

  /** What ends the process when an admin's graceful shutdown is due (default: close this server). */
  public void onShutdown(Runnable stop) {
    admin.onStop(stop);
  }

  private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * Stops the server without losing what a player did: new requests are refused with a JSON 503 from the first moment
   * (before the open pages are told, so a page that heard it finds the API refusing), the open pages, games and FIBS
   * connections are told the site restarts, the requests, socket actions and FIBS commands already running end (at
   * most {@link RequestDrain#WAIT}; never interrupted: an interrupt in H2's file IO closes the embedded database), and
   * only then the FIBS door (after the boards of the last moves), Jetty, the services and the database stop. The
   * computer's turns and the clocks' checks are no requests: the game service's close waits for the one running, and
   * each action is one transaction, stored whole or not at all (then made after the restart by whoever runs the game).
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) return;
    drain.refuseNew();
    admin.tellStopping();
    if (clip != null) clip.tellStopping(); // the FIBS door's commands are counted and refused as requests are
    if (!drain.drain(RequestDrain.WAIT)) {
      LOG.warn("{} requests still running {} s after the stop began: stopping anyway", drain.running(),
          RequestDrain.WAIT.toSeconds());
    }
    if (clip != null) clip.close();
    if (fibsSite != null) fibsSite.close();
    app.stop();
    tournaments.close();
    ratings.close();
    hub.close();
    topology.close(); // a cluster's node gives its games back: the other nodes take them over at once
    admin.close();
    ops.close();
    outage.close();
    db.close();
  }
}
