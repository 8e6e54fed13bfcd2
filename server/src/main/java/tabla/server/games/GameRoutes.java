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
import tabla.server.socket.SocketRoutes;

/** A game over HTTP and WebSocket: snapshot, actions, dice check, the computer. */
public final class GameRoutes {
  public static final Set<String> LEVELS = Set.copyOf(tabla.bot.Level.words());

  private final GameService games;
  private final RateLimit newGames;
  private final Analyses analyses = new Analyses();

  /** @param newGames counts games started per client address (shared with accepting seeks) */
  GameRoutes(GameService games, RateLimit newGames) {
    this.games = games;
    this.newGames = newGames;
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
      if (!games.exists(id)) throw GameCode.missing(id);
    });
  }

  public static long parseId(String s) {
    return SocketRoutes.gameId(s);
  }

  private GameRoom room(Context ctx) {
    return games.room(parseId(ctx.pathParam("id")));
  }

  private static int seat(Context ctx, GameRoom room) {
    User u = Auth.userOrNull(ctx);
    return room.seatOf(u == null ? null : u.id());
  }

  /** The HTTP answer to a refusal: its status, code and sentence, and {@code current} (the game now) on a stale version. */
  public static ApiError httpError(Refusal r, java.util.function.Supplier<Object> current) {
    return new ApiError(CommandJson.status(r), r.code(), r.args(), r.reason(), r instanceof Refusal.StaleVersion ? current.get() : null);
  }

  private void act(Context ctx) {
    GameRoom room = room(ctx);
    int seat = seat(ctx, room);
    CommandJson.Request request = CommandJson.read(Json.body(ctx));
    Optional<Refusal> refused = games.act(room, seat, request.version(), request.command());
    if (refused.isPresent()) {
      throw httpError(refused.get(), () -> Snapshot.of(room, seat));
    }
    ctx.json(Snapshot.of(room, seat));
  }

  private void playComputer(Context ctx) {
    User user = Auth.session(ctx).user();
    ObjectNode body = Json.body(ctx);
    Rules rules = RulesJson.read(body.get("rules"));
    String level = body.hasNonNull("level") ? body.get("level").asText() : tabla.bot.Level.DEFAULT.word();
    if (!LEVELS.contains(level)) throw ApiError.badRequest("level must be one of " + LEVELS);
    newGames.take(ClientAddress.limitKey(ctx.ip()));
    long id = games.create(RulesJson.write(rules), "live", user.id(), null, level, 1, null);
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
    // the position the play was chosen in, as gnubg names it (with the cube and score), for a rollout of it
    ctx.json(Map.of("plies", 1, "plays", plays, "position", tabla.core.format.GameIds.gnubg(g).orElse("")));
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
