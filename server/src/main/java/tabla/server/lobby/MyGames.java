package tabla.server.lobby;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.List;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.games.GameSnapshot.ForfeitView;
import tabla.server.games.GameSnapshot.PlayerView;
import tabla.server.kernel.http.Page;

/**
 * {@code GET /api/games}: a page of my games, running first, newest first; {@code GET /api/turns}: the games waiting
 * on me (the header's badge) ({@link MyGamesStore}).
 */
public final class MyGames {
  static final int DEFAULT_PAGE = 20;
  static final int MAX_PAGE = 100;
  /** The most games the badge counts; beyond it says "100+" ({@code more}). */
  static final int MAX_WAITING = 100;

  private final MyGamesStore store;

  public MyGames(MyGamesStore store) {
    this.store = store;
  }

  /**
   * A line of the list: one of my games, with whose turn it is. {@code turn} is the seat to act when a person is
   * to act, null when the computer is or nobody; {@code forfeit} when the match was lost on time.
   */
  public record GameSummary(long id, List<PlayerView> players, int you, String status, List<Integer> score,
      Integer turn, String mode, Integer matchWinner, ForfeitView forfeit, int matchLength, String variant,
      boolean yourTurn) {}

  /** A page of games and the offset of the next page (null after the last). */
  public record GamesPage(List<GameSummary> games, Integer next) {}

  /** The games where it is my turn, longest waiting first ({@link #MAX_WAITING} at most; {@code more} beyond). */
  public record Waiting(int count, List<Long> games, boolean more) {}

  public void register(RoutesConfig app) {
    app.get("/api/games", this::list);
    app.get("/api/turns", this::waiting);
  }

  private void waiting(Context ctx) {
    User me = Auth.session(ctx).user();
    List<Long> ids = store.waiting(me.id(), MAX_WAITING + 1);
    boolean more = ids.size() > MAX_WAITING;
    List<Long> shown = more ? ids.subList(0, MAX_WAITING) : ids;
    ctx.json(new Waiting(shown.size(), List.copyOf(shown), more));
  }

  private void list(Context ctx) {
    User me = Auth.session(ctx).user();
    Page page = Page.of(ctx, DEFAULT_PAGE, MAX_PAGE);
    List<GameSummary> read = store.page(me.id(), page.fetch(), page.offset());
    ctx.json(new GamesPage(page.rows(read), page.next(read)));
  }
}
