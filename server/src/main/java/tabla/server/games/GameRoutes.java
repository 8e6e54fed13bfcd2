package tabla.server.games;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tabla.bot.Analysis;
import tabla.core.Result;
import tabla.core.dice.Roll;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameDice;
import tabla.core.match.Rules;
import tabla.core.record.Forfeit;
import tabla.core.record.MatFormat;
import tabla.core.record.RecordInfo;
import tabla.core.record.SgfFormat;
import tabla.core.record.TablaFormat;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.Json;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.ClientAddress;

/** A game over HTTP and WebSocket: snapshot, actions, dice check, the computer. */
public final class GameRoutes {
  public static final Set<String> LEVELS = Set.of("random", "beginner", "intermediate", "strong", "expert");

  private final GameHub hub;
  private final GameStore store;
  private final Accounts accounts;
  private final RateLimit newGames;
  private final SocketActions socketActions;
  private final Analyses analyses = new Analyses();
  private final RemoteSockets remote;

  /**
   * @param newGames counts games started per client address (shared with accepting seeks)
   * @param outage what a database failure is answered with, on the socket as over HTTP
   * @param remote takes the sockets of games another node runs ({@link RemoteSockets#NONE} on a single node)
   */
  public GameRoutes(GameHub hub, GameStore store, Accounts accounts, RateLimit newGames,
      tabla.server.kernel.http.DatabaseOutage outage, RemoteSockets remote) {
    this.remote = remote;
    this.hub = hub;
    this.store = store;
    this.accounts = accounts;
    this.newGames = newGames;
    this.socketActions = new SocketActions(hub, accounts, outage);
  }

  public void register(RoutesConfig app) {
    app.get("/api/variants", ctx -> ctx.json(Map.of("variants", VariantJson.all())));
    app.get("/api/presets", ctx -> ctx.json(Map.of("presets", PresetJson.all())));
    app.post("/api/games/computer", this::playComputer);
    app.get("/api/games/{id}", ctx -> ctx.json(Snapshot.of(room(ctx), seat(ctx, room(ctx)))));
    app.post("/api/games/{id}/actions", this::act);
    app.get("/api/games/{id}/dice", this::dice);
    app.post("/api/games/{id}/seed", this::seed);
    app.get("/api/games/{id}/analysis", this::analysis);
    app.get("/api/games/{id}/hint", this::hint);
    app.get("/api/games/{id}/export.mat", ctx -> export(ctx, "mat"));
    app.get("/api/games/{id}/export.sgf", ctx -> export(ctx, "sgf"));
    app.get("/api/games/{id}/export.tabla", ctx -> export(ctx, "tabla"));
    // a game that does not exist is a 404 before the upgrade, not a socket closed with a stack trace in the log
    app.wsBeforeUpgrade("/ws/games/{id}", ctx -> {
      long id = parseId(ctx.pathParam("id"));
      if (store.find(id).isEmpty()) throw ApiError.notFound("game " + id);
    });
    app.ws("/ws/games/{id}", ws -> {
      ws.onConnect(c -> {
        long id = parseId(c.pathParam("id"));
        String token = c.cookie(Auth.COOKIE);
        Long uid = accounts.session(token).map(s -> s.user().id()).orElse(null);
        GameRoom room;
        try {
          room = hub.room(id);
        } catch (Ownership.OwnedElsewhere e) {
          remote.connect(c, id, new GameFacts(hub, store).seatOf(id, uid));
          return;
        }
        int seat = room.seatOf(uid);
        GameHub.Watcher w = new GameHub.Watcher(c, seat);
        c.attribute("watcher", w);
        c.attribute("token", token);
        hub.watch(room, w);
      });
      ws.onMessage(c -> {
        ObjectNode m = SocketActions.message(c.message());
        // an action (docs/api.md); anything else asks for the snapshot, as it always did
        boolean action = m != null && m.path("type").asText().equals("action");
        if (remote.message(c)) {
          // the game runs on another node: the remote side resyncs this socket; its actions go over HTTP
          if (action) c.send(SocketActions.runElsewhere(m));
          return;
        }
        GameHub.Watcher w = c.attribute("watcher");
        if (w == null) return;
        GameRoom room = hub.room(parseId(c.pathParam("id")));
        if (action) socketActions.act(room, w, c.attribute("token"), m);
        else hub.received(room, w);
      });
      ws.onClose(c -> {
        remote.close(c);
        hub.unwatch(parseId(c.pathParam("id")), c);
      });
      ws.onError(c -> {
        remote.close(c);
        hub.unwatch(parseId(c.pathParam("id")), c);
      });
    });
  }

  public static long parseId(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw ApiError.notFound("game '" + s + "'");
    }
  }

  private GameRoom room(Context ctx) {
    return hub.room(parseId(ctx.pathParam("id")));
  }

  private static int seat(Context ctx, GameRoom room) {
    User u = Auth.userOrNull(ctx);
    return room.seatOf(u == null ? null : u.id());
  }

  private void act(Context ctx) {
    GameRoom room = room(ctx);
    int seat = seat(ctx, room);
    Optional<Refusal> refused = perform(hub, room, seat, Json.body(ctx));
    if (refused.isPresent()) {
      Refusal r = refused.get();
      throw new ApiError(status(r), r.reason(), r instanceof Refusal.StaleVersion ? Snapshot.of(room, seat) : null);
    }
    ctx.json(Snapshot.of(room, seat));
  }

  /**
   * The action {@code body} ({"version":N,"type":T,…}) of the player in {@code seat}, over HTTP or the socket: stored
   * and told to the watchers when accepted, else the refusal (nothing changed). A malformed body is an ApiError 400.
   */
  static Optional<Refusal> perform(GameHub hub, GameRoom room, int seat, ObjectNode body) {
    JsonNode v = body.get("version");
    if (v == null || !v.isInt()) throw ApiError.badRequest("'version' (the version you saw) is required");
    Command command = command(body);
    Optional<Refusal> refused;
    try {
      refused = room.act(seat, v.intValue(), command);
    } catch (RuntimeException e) {
      hub.evict(room.id()); // the database refused: reload the room from what was stored
      throw e;
    }
    if (refused.isEmpty()) hub.afterChange(room);
    return refused;
  }

  /** The HTTP status of a refusal: 409 for a stale version (with the current snapshot), 403 for who, 400 for what. */
  static int status(Refusal r) {
    if (r instanceof Refusal.StaleVersion) return 409;
    if (r instanceof Refusal.NotSeated || r instanceof Refusal.NotYourTurn) return 403;
    return 400;
  }

  /** The command a request names: {"type":T, …} with the arguments of T. */
  static Command command(ObjectNode body) {
    String type = Json.text(body, "type");
    return switch (type) {
      case "roll" -> {
        JsonNode a = body.get("autoPass");
        if (a != null && !a.isBoolean()) throw ApiError.badRequest("'autoPass' must be true or false");
        yield new Command.Roll(a == null || a.booleanValue());
      }
      case "move" -> {
        JsonNode m = body.get("move");
        if (m == null || !m.isTextual()) throw ApiError.badRequest("'move' must be a play like \"24/18 13/11\"");
        yield new Command.Move(m.asText());
      }
      case "resign" -> {
        JsonNode l = body.get("level");
        if (l == null || !l.isInt()) throw ApiError.badRequest("'level' must be 1, 2 or 3"); // the engine says why not 4
        yield new Command.Resign(l.intValue());
      }
      case "double" -> new Command.Double();
      case "take" -> new Command.Take();
      case "drop" -> new Command.Drop();
      case "beaver" -> new Command.Beaver();
      case "raccoon" -> new Command.Raccoon();
      case "accept" -> new Command.AcceptResign();
      case "reject" -> new Command.RejectResign();
      case "continue" -> new Command.Continue();
      default -> throw ApiError.badRequest("unknown action '" + type + "'");
    };
  }

  private void playComputer(Context ctx) {
    User user = Auth.session(ctx).user();
    ObjectNode body = Json.body(ctx);
    Rules rules = RulesJson.read(body.get("rules"));
    String level = body.hasNonNull("level") ? body.get("level").asText() : "strong";
    if (!LEVELS.contains(level)) throw ApiError.badRequest("level must be one of " + LEVELS);
    newGames.take(ClientAddress.limitKey(ctx.ip()));
    long id = store.create(RulesJson.write(rules), "live", user.id(), null, level, 1, null);
    hub.afterChange(hub.room(id));
    ctx.status(201).json(Map.of("gameId", id));
  }

  /**
   * The bot's analysis of every checker play and cube decision, once the match is over (never during a game: that
   * would be help). Computed once per match and kept, for the last {@link Analyses#MAX_KEPT} matches asked about.
   */
  private void analysis(Context ctx) {
    GameRoom room = room(ctx);
    if (!room.isFinished()) throw ApiError.forbidden("analysis is available when the match is over");
    String unsupported = Analysis.unsupported(room.match().rules().variant());
    if (unsupported != null) throw ApiError.badRequest(unsupported);
    ctx.json(analyses.of(room.id(), room.match()));
  }

  /** The record as a file players' programs read (gnubg, XG, …); refused when the format cannot hold the rules. */
  private void export(Context ctx, String format) {
    GameRoom room = room(ctx);
    RecordInfo info = RecordInfo.of(room.name(0), room.name(1));
    Integer lost = room.forfeitedBy();
    Forfeit forfeit = lost == null ? null : new Forfeit(lost, Forfeit.Reason.TIME);
    Result<String> text = switch (format) {
      case "mat" -> MatFormat.write(room.match(), info);
      case "sgf" -> SgfFormat.write(room.match(), info);
      default -> Result.ok(TablaFormat.write(room.match(), info, forfeit)); // holds every variant and the forfeit
    };
    if (!text.isOk()) throw ApiError.badRequest(text.error());
    ctx.header("Content-Disposition", "attachment; filename=\"tabla-" + room.id() + "." + format + "\"");
    ctx.contentType(format.equals("sgf") ? "application/x-go-sgf; charset=utf-8" : "text/plain; charset=utf-8");
    ctx.result(text.get());
  }

  /** How many plays a hint lists, best first. */
  static final int HINT_PLAYS = 5;

  /**
   * The computer's best plays for the roll the player must play now: only in a game against the
   * computer (between people that would be help from outside), only for the player to move. With
   * {@code ?at=LINE}, once the match is over (the analysis page): for the play on that history line.
   */
  private void hint(Context ctx) {
    GameRoom room = room(ctx);
    String at = ctx.queryParam("at");
    Game g = at == null ? liveHint(ctx, room) : analysisHint(room, at);
    String unsupported = Analysis.unsupported(g.rules().variant());
    if (unsupported != null) throw ApiError.badRequest("no hints here: " + unsupported);
    List<Analysis.Ranked> ranked = Analysis.hints(g);
    double best = ranked.get(0).equity();
    List<Map<String, Object>> plays = new ArrayList<>();
    for (int i = 0; i < ranked.size() && i < HINT_PLAYS; i++) {
      var sc = ranked.get(i);
      plays.add(Map.of("move", Notation.write(sc.play()), "equity", Math.round(sc.equity() * 1000) / 1000.0,
          "loss", Math.round((best - sc.equity()) * 1000) / 1000.0));
    }
    ctx.json(Map.of("plies", 1, "plays", plays));
  }

  private Game liveHint(Context ctx, GameRoom room) {
    int seat = seat(ctx, room);
    if (seat < 0) throw ApiError.forbidden("you are not playing in this game");
    if (room.row().botSeat() == null) {
      throw ApiError.forbidden("hints are for games against the computer and for the analysis after a match, never between people");
    }
    Game g = room.match().game();
    if (room.isFinished() || g.phase() != tabla.core.match.Phase.MOVE || !g.isOnRoll(seat) || g.legalPlays().isEmpty()) {
      throw ApiError.badRequest("a hint is for your move, once you have rolled");
    }
    return g;
  }

  private static Game analysisHint(GameRoom room, String at) {
    if (!room.isFinished()) throw ApiError.forbidden("hints on past plays are for the analysis, once the match is over");
    int line;
    try {
      line = Integer.parseInt(at);
    } catch (NumberFormatException e) {
      throw ApiError.badRequest("'at' is a line of the history (0, 1, …), not '" + at + "'");
    }
    return Snapshot.beforePlay(room.match(), line)
        .orElseThrow(() -> ApiError.badRequest("line " + at + " of the history is no play to hint at"));
  }

  /** A player's dice seed for a game of the match (docs/dice.md): {"gameNo": n, "seed": "64 hex digits"}. */
  private void seed(Context ctx) {
    GameRoom room = room(ctx);
    ObjectNode body = Json.body(ctx);
    JsonNode n = body.get("gameNo");
    if (n == null || !n.canConvertToInt()) throw ApiError.badRequest("'gameNo' (the game of the match the seed is for) is required");
    room.giveSeed(seat(ctx, room), n.asInt(), Json.text(body, "seed"));
    ctx.status(204);
  }

  /** Commitments, and for finished games the seeds and rolls, so anyone can check the dice. */
  private void dice(Context ctx) {
    GameRoom room = room(ctx);
    List<Map<String, Object>> out = new ArrayList<>();
    List<Game> games = room.match().games();
    for (GameStore.DiceSeed d : room.diceSeeds()) {
      Map<String, Object> g = new LinkedHashMap<>();
      g.put("gameNo", d.gameNo());
      g.put("commitment", d.commitment());
      g.put("seed", d.revealed() ? d.seed() : null);
      // the players' seeds (public once given); both set means the pairs derive from all three (version 2)
      g.put("seed0", d.seed0());
      g.put("seed1", d.seed1());
      List<Map<String, Object>> rolls = new ArrayList<>();
      if (d.gameNo() <= games.size()) {
        for (Roll r : GameDice.rolls(games.get(d.gameNo() - 1))) {
          rolls.add(Map.of("n", r.index(), "dice", r.isSingle() ? List.of(r.first()) : List.of(r.first(), r.second())));
        }
      }
      g.put("rolls", rolls);
      out.add(g);
    }
    ctx.json(Map.of("games", out));
  }
}
