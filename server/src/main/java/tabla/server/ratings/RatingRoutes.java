package tabla.server.ratings;

import io.javalin.config.RoutesConfig;
import java.util.List;
import java.util.Map;
import tabla.core.Result;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.User;
import tabla.server.games.GameService;
import tabla.server.games.GameRoom;
import tabla.server.games.GameRoutes;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.PageParam;

/**
 * Ratings per variant over HTTP: the list of a variant a page at a time, a player's ratings in every variant, and
 * the two players' ratings in a game's variant (for the board).
 */
public final class RatingRoutes {
  private final VariantRatings ratings;
  private final Accounts accounts;
  private final GameService hub;

  public RatingRoutes(VariantRatings ratings, Accounts accounts, GameService hub) {
    this.ratings = ratings;
    this.accounts = accounts;
    this.hub = hub;
  }

  /** A seat's rating in the game's variant (null name: the computer, which is not rated). */
  public record Seat(String name, VariantRatings.Rating rating) {}

  public void register(RoutesConfig r) {
    r.get("/api/ratings/{variant}", ctx -> ctx.json(ratings.list(variant(ctx.pathParam("variant")), PageParam.read(ctx.queryParam("page"), VariantRatings.MAX_PAGE))));
    r.get("/api/players/{name}/ratings", ctx -> {
      User u = accounts.findByName(ctx.pathParam("name"))
          .orElseThrow(() -> tabla.server.accounts.Accounts.noPlayer(ctx.pathParam("name")));
      ctx.json(Map.of("name", u.name(), "ratings", ratings.of(u.id())));
    });
    r.get("/api/games/{id}/ratings", ctx -> {
      GameRoom room = hub.room(GameRoutes.parseId(ctx.pathParam("id")));
      String variant = VariantRatings.ratedVariant(room.match().rules());
      List<Seat> seats = new java.util.ArrayList<>();
      for (int s = 0; s < 2; s++) {
        Long uid = room.row().player(s);
        seats.add(room.row().isBot(s) || uid == null ? new Seat(null, null) : new Seat(room.name(s), ratings.of(uid, variant)));
      }
      ctx.json(Map.of("variant", variant, "seats", seats));
    });
  }

  /** A variant's name as /api/variants gives it (options are not part of a rating list's name). */
  public static String variant(String name) {
    Result<Variant> v = Variants.parse(name);
    if (!v.isOk() || name.contains(":")) throw ApiError.notFound("variant '" + name + "'");
    return v.get().name();
  }


}
