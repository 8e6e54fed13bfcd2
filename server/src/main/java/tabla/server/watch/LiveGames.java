package tabla.server.watch;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.List;
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

  private final LiveGamesStore store;
  private final Audience audience;
  private final VariantRatings ratings;

  public LiveGames(LiveGamesStore store, Audience audience, VariantRatings ratings) {
    this.store = store;
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
    return store.games(status, offset, limit).stream().map(this::game).toList();
  }

  private LiveGame game(LiveGamesStore.Row g) {
    Rules rules = RulesJson.read(g.rules());
    String rated = VariantRatings.ratedVariant(rules);
    return new LiveGame(g.id(), List.of(player(g.player0(), g.name0(), rated), player(g.player1(), g.name1(), rated)),
        rules.variant().name(), List.of(g.score0(), g.score1()), rules.matchLength(), g.mode(),
        audience.spectators(g.id()));
  }

  private Player player(long id, String name, String variant) {
    VariantRatings.Rating r = ratings.of(id, variant);
    return new Player(name, r.rating(), r.provisional());
  }
}
