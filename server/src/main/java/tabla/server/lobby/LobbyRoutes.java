package tabla.server.lobby;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Jdbi;
import tabla.core.match.Rules;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.games.GameHub;
import tabla.server.games.GameStore;
import tabla.server.games.RulesJson;
import tabla.server.http.ApiError;
import tabla.server.http.Json;
import tabla.server.ratings.VariantRatings;

/** Open seeks and direct invitations: create, list, accept (which starts the game), cancel. */
public final class LobbyRoutes {
  private static final Set<String> MODES = Set.of("live", "correspondence");

  private final Jdbi jdbi;
  private final Accounts accounts;
  private final GameStore games;
  private final GameHub hub;
  private final VariantRatings ratings;

  public LobbyRoutes(Jdbi jdbi, Accounts accounts, GameStore games, GameHub hub) {
    this.jdbi = jdbi;
    this.accounts = accounts;
    this.games = games;
    this.hub = hub;
    this.ratings = new VariantRatings(jdbi);
  }

  public void register(RoutesConfig app) {
    app.get("/api/seeks", this::list);
    app.post("/api/seeks", this::create);
    app.post("/api/seeks/{id}/accept", this::accept);
    app.delete("/api/seeks/{id}", this::cancel);
  }

  private static User member(Context ctx) {
    User u = Auth.session(ctx).user();
    if (u.guest()) throw ApiError.forbidden("guests can play the computer; register to play people");
    return u;
  }

  private void create(Context ctx) {
    User me = member(ctx);
    ObjectNode body = Json.body(ctx);
    Rules rules = RulesJson.read(body.get("rules"));
    String mode = body.hasNonNull("mode") ? body.get("mode").asText() : "live";
    if (!MODES.contains(mode)) throw ApiError.badRequest("mode must be 'live' or 'correspondence'");
    JsonNode spm = body.get("secondsPerMove");
    int seconds = spm == null || spm.isNull() ? 0 : spm.isInt() ? spm.intValue() : -1;
    if (seconds < 0 || seconds > 7 * 24 * 3600) throw ApiError.badRequest("secondsPerMove must be 0 to 604800");
    Long invitee = null;
    JsonNode inv = body.get("invite");
    if (inv != null && !inv.isNull() && !inv.isTextual()) throw ApiError.badRequest("'invite' must be a player's name");
    if (inv != null && !inv.isNull() && !inv.asText().isBlank()) {
      User other = accounts.findByName(inv.asText()).orElseThrow(() -> ApiError.notFound("player '" + inv.asText() + "'"));
      if (other.id() == me.id()) throw ApiError.badRequest("you cannot invite yourself");
      invitee = other.id();
    }
    Long who = invitee;
    long id = jdbi.withHandle(h -> h.createUpdate(
            "INSERT INTO seeks(creator, invitee, rules, mode, seconds_per_move, status) VALUES (:c, :i, :r, :m, :s, 'open')")
        .bind("c", me.id()).bind("i", who).bind("r", RulesJson.write(rules)).bind("m", mode).bind("s", seconds)
        .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
    ctx.status(201).json(Map.of("seek", Map.of("id", id, "rules", rules, "mode", mode)));
  }

  private void list(Context ctx) {
    User me = Auth.session(ctx).user();
    List<Map<String, Object>> seeks = jdbi.withHandle(h -> h.createQuery(
            "SELECT s.id, s.creator AS creator_id, u.name, s.rules, s.mode, s.seconds_per_move, i.name AS invitee FROM seeks s "
                + "JOIN users u ON u.id = s.creator LEFT JOIN users i ON i.id = s.invitee "
                + "WHERE s.status = 'open' AND (s.invitee IS NULL OR s.invitee = :me OR s.creator = :me) "
                + "ORDER BY s.created_at DESC")
        .bind("me", me.id())
        .map((rs, c) -> {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("id", rs.getLong("id"));
          m.put("creator", rs.getString("name"));
          Rules rules = RulesJson.read(rs.getString("rules"));
          m.put("rules", rules);
          m.put("creatorRating", ratings.of(rs.getLong("creator_id"), VariantRatings.ratedVariant(rules)));
          m.put("mode", rs.getString("mode"));
          m.put("secondsPerMove", rs.getInt("seconds_per_move"));
          m.put("invitee", rs.getString("invitee"));
          return m;
        }).list());
    ctx.json(Map.of("seeks", seeks));
  }

  private void accept(Context ctx) {
    User me = member(ctx);
    long seekId = id(ctx);
    Map<String, Object> seek = jdbi.withHandle(h -> h.createQuery(
            "SELECT creator, invitee, rules, mode, seconds_per_move FROM seeks WHERE id = :id AND status = 'open'")
        .bind("id", seekId).mapToMap().findOne()).orElseThrow(() -> ApiError.notFound("open seek " + seekId));
    long creator = ((Number) seek.get("creator")).longValue();
    Object invitee = seek.get("invitee");
    if (creator == me.id()) throw ApiError.badRequest("you cannot accept your own seek");
    if (invitee != null && ((Number) invitee).longValue() != me.id()) throw ApiError.forbidden("this invitation is for someone else");
    // Only one acceptor wins the race: the status flips once.
    int claimed = jdbi.withHandle(h -> h.createUpdate("UPDATE seeks SET status = 'accepted' WHERE id = :id AND status = 'open'")
        .bind("id", seekId).execute());
    if (claimed != 1) throw new ApiError(409, "someone else accepted this seek first");
    long gameId = games.create((String) seek.get("rules"), (String) seek.get("mode"), creator, me.id(), null, null,
        ((Number) seek.get("seconds_per_move")).intValue());
    jdbi.useHandle(h -> h.createUpdate("UPDATE seeks SET game_id = :g WHERE id = :id").bind("g", gameId).bind("id", seekId).execute());
    hub.afterChange(hub.room(gameId));
    ctx.json(Map.of("gameId", gameId));
  }

  private void cancel(Context ctx) {
    User me = Auth.session(ctx).user();
    long seekId = id(ctx);
    int n = jdbi.withHandle(h -> h.createUpdate(
            "UPDATE seeks SET status = 'cancelled' WHERE id = :id AND creator = :me AND status = 'open'")
        .bind("id", seekId).bind("me", me.id()).execute());
    if (n != 1) throw ApiError.notFound("open seek " + seekId + " of yours");
    ctx.status(204);
  }

  private static long id(Context ctx) {
    try {
      return Long.parseLong(ctx.pathParam("id"));
    } catch (NumberFormatException e) {
      throw ApiError.notFound("seek '" + ctx.pathParam("id") + "'");
    }
  }
}
