package tabla.server.bots;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import tabla.core.match.Rules;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.Auth;
import tabla.server.accounts.BearerTokens;
import tabla.server.accounts.User;
import tabla.server.games.CommandJson;
import tabla.server.games.GameRoom;
import tabla.server.games.GameRoutes;
import tabla.server.games.GameService;
import tabla.server.games.GameViewer;
import tabla.server.games.Refusal;
import tabla.server.games.RulesJson;
import tabla.server.kernel.Refused;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.kernel.http.OutageLog;
import tabla.server.kernel.http.PathId;
import tabla.server.kernel.http.Json;
import tabla.server.lobby.SeekStore;
import tabla.server.ratings.VariantRatings;

/**
 * The bot API (docs/api.md "Bots"), lichess's shape with backgammon's actions: a bot account's event stream and its
 * games' streams (NDJSON), its actions, and its challenges. Only a personal API token with the {@code bot} scope
 * reaches it (tokens.Scope), and, but for the upgrade, only for a bot account. Every action goes through the
 * {@link GameService} and the lobby's {@link SeekStore}: no other path to a game.
 */
public final class BotRoutes {
  /** An empty line after this long without one: below Jetty's idle time (JettyBounds), which would close the stream. */
  public static final long KEEP_ALIVE_MILLIS = 5_000;
  /** How often the event stream looks for news in the database. */
  static final long EVENT_POLL_MILLIS = 1_000;
  /** Streams (events and games together) one bot account may hold open at once. */
  public static final int MAX_STREAMS_PER_ACCOUNT = 8;
  /** Bot streams the node holds at once: each holds a request thread (JettyBounds.MAX_THREADS is 200). */
  public static final int MAX_STREAMS = 64;
  private static final String NDJSON = "application/x-ndjson";
  /**
   * The last line of every stream the server's stop ends (a stream that just ends looks like a dropped connection,
   * or a game over): the bot opens it again once the server is back, and the snapshot brings it up to date.
   */
  static final String RESTARTING = Json.write(Map.of("type", "restarting", "retryAfter",
      tabla.server.kernel.http.RequestDrain.RETRY_SECONDS,
      "error", "the site is restarting: open this stream again in a few seconds"));
  private static final Set<String> ACTIONS = Set.of("roll", "move", "double", "take", "drop", "beaver", "raccoon",
      "resign", "accept", "reject", "continue");

  private final BotAccounts bots;
  private final BotAccountStore store;
  private final GameService games;
  private final SeekStore seeks;
  private final Accounts accounts;
  private final VariantRatings ratings;
  private final BearerTokens tokens;
  private final StreamSlots slots;
  private final BooleanSupplier stopping;
  private final DatabaseOutage outage;
  private final OutageLog outageLog = new OutageLog(LoggerFactory.getLogger(BotRoutes.class));

  /**
   * {@code stopping}: true once the server stops, when every stream ends at its next tick (the client reconnects);
   * {@code outage}: the database's, which ends a stream that meets it ({@link #unavailable}).
   */
  public BotRoutes(BotAccounts bots, GameService games, SeekStore seeks, Accounts accounts, VariantRatings ratings,
      BearerTokens tokens, BooleanSupplier stopping, DatabaseOutage outage) {
    this.stopping = stopping;
    this.outage = outage;
    this.bots = bots;
    this.store = bots.store();
    this.games = games;
    this.seeks = seeks;
    this.accounts = accounts;
    this.ratings = ratings;
    this.tokens = tokens;
    this.slots = new StreamSlots(MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS);
  }

  public void register(RoutesConfig r) {
    r.post("/api/bot/account/upgrade", ctx -> {
      bots.upgrade(tokenUser(ctx));
      ctx.json(Map.of("bot", true));
    });
    r.get("/api/bot/stream/event", this::eventStream);
    r.get("/api/bot/game/{id}/stream", this::gameStream);
    r.post("/api/bot/game/{id}/{action}", this::act);
    r.post("/api/bot/challenge", this::challenge);
    r.post("/api/bot/challenge/{id}/accept", this::accept);
    r.post("/api/bot/challenge/{id}/decline", this::decline);
  }

  /** The account of the request's token: the bot API takes no cookie session. */
  private static User tokenUser(Context ctx) {
    if (!Boolean.TRUE.equals(ctx.attribute(Auth.BEARER_ATTR))) {
      throw new ApiError(401, "the bot API takes a personal API token with the 'bot' scope (Authorization: Bearer)");
    }
    return Auth.session(ctx).user();
  }

  private User bot(Context ctx) {
    return bots.requireBot(tokenUser(ctx));
  }

  private void eventStream(Context ctx) {
    User me = bot(ctx);
    stream(ctx, me, out -> new BotEventFeed(me, seeks, store, out, EVENT_POLL_MILLIS));
  }

  private void gameStream(Context ctx) {
    User me = bot(ctx);
    GameRoom room = games.room(GameRoutes.parseId(ctx.pathParam("id")));
    int seat = room.seatOf(me.id());
    if (seat < 0) throw ApiError.forbidden("this bot does not play in game " + room.id());
    stream(ctx, me, out -> {
      GameViewer viewer = new GameViewer() {
        @Override
        public int seat() {
          return seat;
        }

        @Override
        public void send(String json) {
          out.offer(json);
        }

        @Override
        public void moved() {
          out.end(); // another node runs the game now: the bot opens the stream again
        }
      };
      games.subscribe(room, viewer);
      return new NdjsonStream.Tick() {
        @Override
        public boolean goOn() {
          // under the room's lock every event of the end is queued already: the stream ends after them
          synchronized (room) {
            return !room.isFinished();
          }
        }

        @Override
        public void close() {
          games.unsubscribe(room.id(), viewer);
        }
      };
    });
  }

  /** Holds the request's thread, within the bound of open streams, writing NDJSON until the stream is over. */
  private void stream(Context ctx, User me, Function<NdjsonStream, NdjsonStream.Tick> source) {
    slots.acquire(me.id());
    NdjsonStream out = new NdjsonStream();
    NdjsonStream.Tick tick = null;
    try {
      HttpServletResponse res = ctx.res();
      res.setStatus(200);
      res.setContentType(NDJSON + "; charset=utf-8");
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("X-Accel-Buffering", "no"); // nginx: pass each line on at once (deploy/)
      tick = source.apply(out);
      String authorization = ctx.header("Authorization");
      String path = ctx.path();
      BooleanSupplier alive = () -> stillGood(authorization, path);
      var body = res.getOutputStream();
      body.flush(); // the headers go now: the client knows the stream is open
      NdjsonStream.Tick feed = tick;
      // a stream holds its request thread, which the server's stop waits for: it ends within a tick of the stop
      try {
        out.run(body, EVENT_POLL_MILLIS, KEEP_ALIVE_MILLIS, () -> !stopping.getAsBoolean() && feed.goOn(), alive);
      } catch (RuntimeException e) {
        Refused down = outage.refusal(e);
        if (down == null) throw e; // a bug: Javalin's handler logs it; the stream just ends
        outageLog.warn("a bot's stream " + path, e);
        out.last(body, unavailable(down));
        return;
      }
      if (stopping.getAsBoolean()) out.last(body, RESTARTING);
    } catch (IOException e) {
      // the client left (before the headers went, or before the stop's last line)
    } finally {
      out.end();
      if (tick != null) tick.close();
      slots.release(me.id());
    }
  }

  /**
   * The last line of a stream whose reading met the database away (its event look, its token's check at a
   * keep-alive): as the server's stop's, a line that says why and when to open it again, rather than a cut that
   * looks like a dropped connection. The stream is not kept open waiting: what the bot would hear meanwhile cannot
   * be known, and opening it again is the path every bot has already (while the database is still away, the
   * opening is a 503 with the same code and Retry-After; once it is back, the new stream tells the whole state).
   */
  static String unavailable(Refused down) {
    return Json.write(Map.of("type", "unavailable", "code", down.code().code(), "retryAfter",
        down.retryAfterSeconds(), "error", down.getMessage()));
  }

  /** Whether the stream's token still stands (a revoked one ends the stream at its next keep-alive). */
  private boolean stillGood(String authorization, String path) {
    try {
      tokens.user(authorization.substring("Bearer ".length()).strip(), "GET", path);
      return true;
    } catch (Refused e) {
      return e.kind() == Refused.Kind.TOO_MANY; // its rate limit only delays its next requests
    }
  }

  /** POST /api/bot/game/{id}/{action}: {"version"?: N, …the action's fields}; the snapshot after it. */
  private void act(Context ctx) {
    User me = bot(ctx);
    String type = ctx.pathParam("action");
    if (!ACTIONS.contains(type)) {
      throw ApiError.notFound("bot action '" + (type.length() > 20 ? type.substring(0, 20) + "…" : type)
          + "' (there are " + String.join(", ", new java.util.TreeSet<>(ACTIONS)) + ")");
    }
    GameRoom room = games.room(GameRoutes.parseId(ctx.pathParam("id")));
    int seat = room.seatOf(me.id());
    if (seat < 0) throw ApiError.forbidden("this bot does not play in game " + room.id());
    ObjectNode body = Json.body(ctx);
    body.put("type", type);
    JsonNode v = body.get("version");
    if (v != null && !v.isInt()) throw ApiError.badRequest("'version' must be the game's version you saw, a whole number");
    // without a version the action is for the game as it is now (a bot that reads its stream knows it)
    int version = v == null ? room.version() : v.intValue();
    Optional<Refusal> refused = games.act(room, seat, version, CommandJson.command(body));
    if (refused.isPresent()) {
      // a stale version's sentence promises the current state, as POST /api/games/{id}/actions gives it
      throw GameRoutes.httpError(refused.get(), () -> games.snapshot(room.id(), me.id()));
    }
    ctx.json(games.snapshot(room.id(), me.id()));
  }

  /** POST /api/bot/challenge {"invite":NAME,"rules":RULES,"mode"?}: an invitation from the bot, as a seek. */
  private void challenge(Context ctx) {
    User me = bot(ctx);
    ObjectNode body = Json.body(ctx);
    Rules rules = RulesJson.read(body.get("rules"));
    String mode = body.hasNonNull("mode") ? body.get("mode").asText() : "live";
    if (!mode.equals("live") && !mode.equals("correspondence")) {
      throw ApiError.badRequest("mode must be 'live' or 'correspondence'");
    }
    String name = Json.text(body, "invite");
    User other = accounts.findByName(name).orElseThrow(() -> ApiError.notFound("player '" + name + "'"));
    if (other.id() == me.id()) throw ApiError.badRequest("a bot cannot challenge itself");
    long id = seeks.create(me.id(), other.id(), rules, mode, null);
    ctx.status(201).json(Map.of("challenge", Map.of("id", id, "invite", other.name(), "rules", rules, "mode", mode)));
  }

  private void accept(Context ctx) {
    User me = bot(ctx);
    long id = seekId(ctx);
    long gameId;
    try {
      gameId = seeks.accept(id, me.id(), r -> ratings.of(me.id(), VariantRatings.ratedVariant(r)).rating());
    } catch (Refused e) {
      // the lobby says "open seek N": a bot knows it as a challenge (as decline answers)
      if (e.kind() == Refused.Kind.NOT_FOUND) throw ApiError.notFound("open challenge " + id + " to this bot");
      throw e;
    }
    games.started(gameId);
    ctx.json(Map.of("gameId", gameId));
  }

  private void decline(Context ctx) {
    User me = bot(ctx);
    long id = seekId(ctx);
    if (!seeks.decline(id, me.id())) throw ApiError.notFound("open challenge " + id + " to this bot");
    ctx.status(204);
  }

  private static long seekId(Context ctx) {
    return PathId.read(ctx, "challenge");
  }
}
