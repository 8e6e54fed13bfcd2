package tabla.server.lobby;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tabla.core.clock.ClockSettings;
import tabla.core.match.Rules;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.games.ClockJson;
import tabla.server.games.GameService;
import tabla.server.games.RulesJson;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.PathId;
import tabla.server.kernel.http.Json;
import tabla.server.kernel.http.Page;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.ClientAddress;
import tabla.server.ratings.VariantRatings;

/** Open seeks and direct invitations: create, list, accept (which starts the game), cancel. */
public final class LobbyRoutes {
  private static final Set<String> MODES = Set.of("live", "correspondence");
  static final int DEFAULT_PAGE = 50;
  static final int MAX_PAGE = 100;

  private final SeekStore seeks;
  private final Accounts accounts;
  private final GameService hub;
  private final RateLimit newGames;
  private final RateLimit newSeeks;
  private final VariantRatings ratings;

  /**
   * @param newGames counts games started per client address; @param newSeeks seeks created per address;
   * @param ratings the creators' ratings shown in the list
   */
  public LobbyRoutes(SeekStore seeks, Accounts accounts, GameService hub, RateLimit newGames, RateLimit newSeeks,
      VariantRatings ratings) {
    this.seeks = seeks;
    this.accounts = accounts;
    this.hub = hub;
    this.newGames = newGames;
    this.newSeeks = newSeeks;
    this.ratings = ratings;
  }

  /** A page of seeks and the offset of the next page (null after the last). */
  public record SeeksPage(List<ListedSeek> seeks, Integer next) {}

  /**
   * A seek as the lobby lists it, with its creator's rating in the seek's variant; {@code ratingMin} and
   * {@code ratingMax} the acceptor's rating it asks for (null: no bound), and {@code inYourRange} whether the viewer's
   * rating in its variant lies in that range (the lobby greys out the others); {@code creatorBot} whether a bot
   * account made it (the lobby marks it BOT).
   */
  public record ListedSeek(long id, String creator, VariantRatings.Rating creatorRating, Rules rules, String mode,
      int secondsPerMove, ClockJson.View clock, String invitee, long expiresAt, Integer ratingMin, Integer ratingMax,
      boolean inYourRange, boolean creatorBot) {}

  private ListedSeek listed(SeekStore.Seek s, User viewer) {
    String variant = VariantRatings.ratedVariant(s.rules());
    RatingRange range = s.ratingRange();
    boolean inRange = range.isAny() || range.contains(ratings.of(viewer.id(), variant).rating());
    return new ListedSeek(s.id(), s.creator(), ratings.of(s.creatorId(), variant), s.rules(), s.mode(),
        s.secondsPerMove(), s.clock(), s.invitee(), s.expiresAt(), range.min(), range.max(), inRange, s.creatorBot());
  }

  public void register(RoutesConfig app) {
    app.get("/api/seeks", this::list);
    app.post("/api/seeks", this::create);
    app.post("/api/seeks/{id}/accept", this::accept);
    app.post("/api/seeks/{id}/decline", this::decline);
    app.delete("/api/seeks/{id}", this::cancel);
  }

  /** In an after-handler of POST /api/seeks: the id of the seek the request made, or empty (refused, or not read). */
  public static java.util.Optional<Long> createdSeek(Context ctx) {
    if (ctx.statusCode() != 201) return java.util.Optional.empty();
    try {
      JsonNode id = Json.MAPPER.readTree(ctx.result()).path("seek").path("id");
      return id.canConvertToLong() ? java.util.Optional.of(id.asLong()) : java.util.Optional.empty();
    } catch (Exception e) {
      return java.util.Optional.empty();
    }
  }

  private static User member(Context ctx) {
    User u = Auth.session(ctx).user();
    if (u.guest()) throw Refused.of(Refused.Kind.FORBIDDEN, SeekCode.GUEST, "guests can play the computer; register to play people");
    return u;
  }

  private void create(Context ctx) {
    User me = member(ctx);
    ObjectNode body = Json.body(ctx);
    Rules rules = RulesJson.read(body.get("rules"));
    String mode = body.hasNonNull("mode") ? body.get("mode").asText() : "live";
    if (!MODES.contains(mode)) throw Refused.of(Refused.Kind.INVALID, SeekCode.MODE, "mode must be 'live' or 'correspondence'");
    ClockSettings clock = ClockJson.read(mode, body.get("clock"), body.get("secondsPerMove"));
    RatingRange range = RatingRange.read(body);
    Long invitee = null;
    JsonNode inv = body.get("invite");
    if (inv != null && !inv.isNull() && !inv.isTextual()) throw ApiError.badRequest("'invite' must be a player's name");
    if (inv != null && !inv.isNull() && !inv.asText().isBlank()) {
      User other = accounts.findByName(inv.asText()).orElseThrow(() -> Accounts.noPlayer(inv.asText()));
      if (other.id() == me.id()) throw Refused.of(Refused.Kind.INVALID, SeekCode.INVITE_SELF, "you cannot invite yourself");
      invitee = other.id();
    }
    newSeeks.take(ClientAddress.limitKey(ctx.ip()));
    long id = seeks.create(me.id(), invitee, rules, mode, clock, range);
    ctx.status(201).json(Map.of("seek", Map.of("id", id, "rules", rules, "mode", mode)));
  }

  private void list(Context ctx) {
    User me = Auth.session(ctx).user();
    Page page = Page.of(ctx, DEFAULT_PAGE, MAX_PAGE);
    List<SeekStore.Seek> read = seeks.visible(me.id(), page.fetch(), page.offset());
    List<ListedSeek> listed = page.rows(read).stream().map(s -> listed(s, me)).toList();
    ctx.json(new SeeksPage(listed, page.next(read)));
  }

  private void accept(Context ctx) {
    User me = member(ctx);
    long seekId = id(ctx);
    newGames.take(ClientAddress.limitKey(ctx.ip()));
    long gameId = seeks.accept(seekId, me.id(), rules -> ratings.of(me.id(), VariantRatings.ratedVariant(rules)).rating());
    hub.started(gameId);
    ctx.json(Map.of("gameId", gameId));
  }

  private void cancel(Context ctx) {
    User me = Auth.session(ctx).user();
    long seekId = id(ctx);
    if (!seeks.cancel(seekId, me.id())) throw Refused.of(Refused.Kind.NOT_FOUND, SeekCode.NOT_YOURS, "open seek " + seekId + " of yours not found");
    ctx.status(204);
  }

  /** The invited player says no: the invitation leaves both lobbies (the creator may make another). */
  private void decline(Context ctx) {
    User me = Auth.session(ctx).user();
    long seekId = id(ctx);
    if (!seeks.decline(seekId, me.id())) throw Refused.of(Refused.Kind.NOT_FOUND, SeekCode.NO_INVITATION, "open invitation " + seekId + " to you not found");
    ctx.status(204);
  }

  private static long id(Context ctx) {
    return PathId.read(ctx, "seek");
  }
}
