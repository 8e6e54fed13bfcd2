package tabla.server.tournaments;

import tabla.core.tournament.Format;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tabla.bot.Level;
import tabla.core.clock.ClockSettings;
import tabla.core.match.Rules;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.games.ClockJson;
import tabla.server.games.RulesJson;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.PathId;
import tabla.server.kernel.http.Json;
import tabla.server.kernel.http.Page;

/**
 * Tournaments over HTTP: create, list, show, register and withdraw, enter the computer, start, cancel; my tournaments
 * and a player's titles.
 */
public final class TournamentRoutes {
  private static final Set<String> MODES = Set.of("live", "correspondence");
  private static final Set<String> FIELDS = Set.of("name", "format", "rounds", "rules", "mode", "clock", "secondsPerMove",
      "minPlayers", "maxPlayers", "rated", "startsAt", "consolation");

  private final TournamentService tournaments;
  private final TournamentReads reads;
  private final Clock clock;
  private final Accounts accounts;

  public TournamentRoutes(TournamentService tournaments, TournamentReads reads, Clock clock, Accounts accounts) {
    this.accounts = accounts;
    this.tournaments = tournaments;
    this.reads = reads;
    this.clock = clock;
  }

  /** A page of tournaments and the offset of the next page (null after the last). */
  public record TournamentsPage(List<TournamentView.Summary> tournaments, Integer next) {}

  /** The tournaments I entered (at most {@link TournamentReads#MAX_MINE}). */
  public record MyTournaments(List<TournamentView.Mine> tournaments) {}

  /** The tournaments a player won (at most {@link TournamentReads#MAX_MINE}, newest first). */
  public record Titles(String name, List<TournamentView.Title> titles) {}

  public void register(RoutesConfig app) {
    app.get("/api/tournaments", this::list);
    app.post("/api/tournaments", this::create);
    app.get("/api/tournaments/mine", ctx -> ctx.json(new MyTournaments(reads.mine(member(ctx).id()))));
    app.get("/api/players/{name}/titles", this::titles);
    app.get("/api/tournaments/{id}", ctx -> ctx.json(reads.view(id(ctx))));
    app.post("/api/tournaments/{id}/join", ctx -> answer(ctx, () -> tournaments.join(id(ctx), member(ctx).id())));
    app.delete("/api/tournaments/{id}/join", ctx -> answer(ctx, () -> tournaments.withdraw(id(ctx), member(ctx).id())));
    app.post("/api/tournaments/{id}/computer", this::addComputer);
    app.post("/api/tournaments/{id}/start", ctx -> answer(ctx, () -> tournaments.startNow(id(ctx), member(ctx).id())));
    app.delete("/api/tournaments/{id}", ctx -> answer(ctx, () -> tournaments.cancel(id(ctx), member(ctx).id())));
  }

  private static User member(Context ctx) {
    User u = Auth.session(ctx).user();
    if (u.guest()) throw new ApiError(403, TournamentCode.GUEST, Map.of(), "guests cannot play in tournaments; register to play");
    return u;
  }

  /** Does the change, then answers with the tournament as it now stands. */
  private void answer(Context ctx, Runnable change) {
    change.run();
    ctx.json(reads.view(id(ctx)));
  }

  private void list(Context ctx) {
    Page page = Page.of(ctx, 50, 100);
    List<TournamentView.Summary> read = reads.list(page.fetch(), page.offset());
    ctx.json(new TournamentsPage(page.rows(read), page.next(read)));
  }

  private void create(Context ctx) {
    User me = member(ctx);
    ObjectNode body = Json.body(ctx);
    body.fieldNames().forEachRemaining(f -> {
      if (!FIELDS.contains(f)) throw refused(TournamentCode.FIELD, "unknown field '" + f + "'", Map.of("field", cut(f)));
    });
    Rules rules = RulesJson.read(body.get("rules"));
    String mode = body.hasNonNull("mode") ? body.get("mode").asText() : "live";
    if (!MODES.contains(mode)) throw refused(TournamentCode.MODE, "mode must be 'live' or 'correspondence'", Map.of());
    ClockSettings timing = ClockJson.read(mode, body.get("clock"), body.get("secondsPerMove"));
    Format format = body.get("format") != null && body.get("format").isTextual() ? Format.of(body.get("format").asText()) : null;
    boolean rated = !body.has("rated") || bool(body.get("rated"), "rated");
    boolean consolation = body.has("consolation") && bool(body.get("consolation"), "consolation");
    TournamentSettings s = new TournamentSettings(body.hasNonNull("name") ? Json.text(body, "name").strip() : null, format,
        whole(body.get("rounds"), "rounds", 0), rules, mode, timing, whole(body.get("minPlayers"), "minPlayers", 2),
        whole(body.get("maxPlayers"), "maxPlayers", 8), rated, startsAt(body.get("startsAt")), consolation);
    long id = tournaments.create(me.id(), s);
    ctx.status(201).json(reads.view(id));
  }

  private void titles(Context ctx) {
    User u = accounts.findByName(ctx.pathParam("name"))
        .orElseThrow(() -> Accounts.noPlayer(ctx.pathParam("name")));
    ctx.json(new Titles(u.name(), reads.titles(u.id())));
  }

  private void addComputer(Context ctx) {
    User me = member(ctx);
    ObjectNode body = Json.body(ctx);
    Level level = body.hasNonNull("level") ? Level.parse(Json.text(body, "level"))
        .orElseThrow(() -> refused(TournamentCode.LEVEL, "level must be one of " + Level.words(),
            Map.of("levels", String.join(", ", Level.words())))) : Level.DEFAULT;
    tournaments.addComputer(id(ctx), me.id(), level);
    ctx.json(reads.view(id(ctx)));
  }

  private Instant startsAt(JsonNode n) {
    if (n == null || n.isNull()) return null;
    Instant now = clock.instant();
    if (!n.canConvertToLong() || !n.isIntegralNumber()) {
      throw refused(TournamentCode.NUMBER, "'startsAt' must be a time in epoch ms", Map.of("field", "startsAt"));
    }
    Instant at = Instant.ofEpochMilli(n.longValue());
    if (at.isBefore(now) || at.isAfter(now.plus(TournamentSettings.MAX_START_AHEAD))) {
      long days = TournamentSettings.MAX_START_AHEAD.toDays();
      throw new ApiError(400, TournamentCode.START_RANGE, Map.of("days", days), "'startsAt' must be from now to " + days + " days ahead");
    }
    return at;
  }

  private static int whole(JsonNode n, String name, int dflt) {
    if (n == null || n.isNull()) return dflt;
    if (!n.isInt()) throw refused(TournamentCode.NUMBER, "'" + name + "' must be a whole number", Map.of("field", name));
    return n.intValue();
  }

  private static boolean bool(JsonNode n, String name) {
    if (!n.isBoolean()) throw refused(TournamentCode.BOOLEAN, "'" + name + "' must be true or false", Map.of("field", name));
    return n.booleanValue();
  }

  private static ApiError refused(TournamentCode code, String why, Map<String, Object> args) {
    return new ApiError(400, code, args, why);
  }

  /** A field's name as sent back: at most 40 characters (whole ones: a surrogate pair is not split). */
  private static String cut(String field) {
    return field.codePointCount(0, field.length()) <= 40 ? field : field.substring(0, field.offsetByCodePoints(0, 40)) + "…";
  }

  private static long id(Context ctx) {
    return PathId.read(ctx, "tournament");
  }
}
