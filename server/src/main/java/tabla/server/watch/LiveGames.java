package tabla.server.watch;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import tabla.core.match.Rules;
import tabla.server.games.RulesJson;
import tabla.server.kernel.http.PageParam;
import tabla.server.ratings.VariantRatings;

/**
 * GET /api/live: the games between people going on now, newest move first, a page at a time, with how many watch
 * each; and the latest finished ones (for their replays).
 */
public final class LiveGames {
  /** Games per page. */
  public static final int PAGE_SIZE = 20;
  /** Finished games listed under the live ones. */
  public static final int FINISHED = 10;
  /** The last page anyone may ask for (a bound on the offset the database skips). */
  public static final int MAX_PAGE = 500;

  private final Jdbi jdbi;
  private final Audience audience;
  private final VariantRatings ratings;

  public LiveGames(Jdbi jdbi, Audience audience, VariantRatings ratings) {
    this.jdbi = jdbi;
    this.audience = audience;
    this.ratings = ratings;
  }

  /** A player and their rating in the game's variant. */
  public record Player(String name, double rating, boolean provisional) {}

  /** One game of the list; {@code score} is seat 0's then seat 1's, {@code matchLength} 0 for money play. */
  public record LiveGame(long id, List<Player> players, String variant, List<Integer> score, int matchLength,
      String mode, int spectators) {}

  public record Page(List<LiveGame> games, int page, int pageSize, boolean more, List<LiveGame> finished) {}

  public void register(RoutesConfig r) {
    r.get("/api/live", this::list);
  }

  private void list(Context ctx) {
    int page = PageParam.read(ctx.queryParam("page"), MAX_PAGE);
    List<LiveGame> games = query("playing", page * PAGE_SIZE, PAGE_SIZE + 1);
    boolean more = games.size() > PAGE_SIZE;
    ctx.json(new Page(more ? games.subList(0, PAGE_SIZE) : games, page, PAGE_SIZE, more,
        page == 0 ? query("finished", 0, FINISHED) : List.of()));
  }

  private List<LiveGame> query(String status, int offset, int limit) {
    return jdbi.withHandle(h -> h.createQuery("SELECT g.id, g.rules, g.mode, g.score0, g.score1, "
            + "g.player0, g.player1, u0.name AS name0, u1.name AS name1 FROM games g "
            + "JOIN users u0 ON u0.id = g.player0 JOIN users u1 ON u1.id = g.player1 "
            + "WHERE g.status = :s AND g.bot_seat IS NULL "
            + "ORDER BY g.updated_at DESC, g.id DESC OFFSET " + offset + " ROWS FETCH NEXT " + limit + " ROWS ONLY")
        .bind("s", status).map((rs, c) -> game(rs)).list());
  }

  private LiveGame game(ResultSet rs) throws SQLException {
    Rules rules = RulesJson.read(rs.getString("rules"));
    long id = rs.getLong("id");
    String rated = VariantRatings.ratedVariant(rules);
    return new LiveGame(id, List.of(player(rs, 0, rated), player(rs, 1, rated)), rules.variant().name(),
        List.of(rs.getInt("score0"), rs.getInt("score1")), rules.matchLength(), rs.getString("mode"),
        audience.spectators(id));
  }

  private Player player(ResultSet rs, int seat, String variant) throws SQLException {
    VariantRatings.Rating r = ratings.of(rs.getLong("player" + seat), variant);
    return new Player(rs.getString("name" + seat), r.rating(), r.provisional());
  }
}
