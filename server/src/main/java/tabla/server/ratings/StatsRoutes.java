package tabla.server.ratings;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.Map;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.User;

/**
 * Player pages and the site's results by colour (BrainKing shows white / black / draw counts and
 * shares). Seat 0 plays white, seat 1 black.
 */
public final class StatsRoutes {
  private final StatsStore store;
  private final Accounts accounts;

  public StatsRoutes(StatsStore store, Accounts accounts) {
    this.store = store;
    this.accounts = accounts;
  }

  public void register(RoutesConfig app) {
    app.get("/api/players/{name}", this::player);
    app.get("/api/stats", this::site);
  }

  private void player(Context ctx) {
    User u = accounts.findByName(ctx.pathParam("name")).orElseThrow(() -> tabla.server.accounts.Accounts.noPlayer(ctx.pathParam("name")));
    Map<String, Object> white = store.counts("player0", 0, u.id());
    Map<String, Object> black = store.counts("player1", 1, u.id());
    ctx.json(Map.of("user", u, "stats", Map.of("white", white, "black", black, "draws", store.draws(u.id())),
        "history", store.history(u.id()), "byVariant", store.byVariant(u.id())));
  }

  /** Finished games by colour of the winner, per variant, with shares in percent. */
  private void site(Context ctx) {
    ctx.json(Map.of("variants", store.site()));
  }
}
