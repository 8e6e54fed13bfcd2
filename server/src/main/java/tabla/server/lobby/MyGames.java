package tabla.server.lobby;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import tabla.core.match.Rules;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.games.EventCodec;
import tabla.server.games.GameRow;
import tabla.server.games.GameSnapshot.ForfeitView;
import tabla.server.games.GameSnapshot.PlayerView;
import tabla.server.games.RulesJson;
import tabla.server.kernel.http.Page;

/**
 * {@code GET /api/games}: a page of my games, running first, newest first, each summed up from its row in one
 * query (no game is loaded into memory to list it).
 */
public final class MyGames {
  static final int DEFAULT_PAGE = 20;
  static final int MAX_PAGE = 100;

  private final Jdbi jdbi;

  public MyGames(Jdbi jdbi) {
    this.jdbi = jdbi;
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

  public void register(RoutesConfig app) {
    app.get("/api/games", this::list);
  }

  private void list(Context ctx) {
    User me = Auth.session(ctx).user();
    Page page = Page.of(ctx, DEFAULT_PAGE, MAX_PAGE);
    List<GameSummary> read = jdbi.withHandle(h -> h.createQuery(
            "SELECT g.id, g.rules, g.mode, g.status, g.player0, g.player1, g.bot_level, g.bot_seat, g.turn_user, "
                + "g.score0, g.score1, g.winner, u0.name AS name0, u1.name AS name1, "
                // a time-out ends the match, so it is the last event when there is one
                + "EXISTS (SELECT 1 FROM game_events e WHERE e.game_id = g.id AND e.seq = g.version "
                + "AND e.payload LIKE :timeout) AS on_time "
                + "FROM games g LEFT JOIN users u0 ON u0.id = g.player0 LEFT JOIN users u1 ON u1.id = g.player1 "
                + "WHERE g.player0 = :me OR g.player1 = :me "
                + "ORDER BY CASE WHEN g.status = 'playing' THEN 0 ELSE 1 END, g.updated_at DESC, g.id DESC "
                + "LIMIT :n OFFSET :o")
        .bind("me", me.id()).bind("timeout", EventCodec.TIMEOUT_PREFIX + "%")
        .bind("n", page.fetch()).bind("o", page.offset())
        .map((rs, c) -> summary(rs, me.id())).list());
    ctx.json(new GamesPage(page.rows(read), page.next(read)));
  }

  private static PlayerView player(ResultSet rs, int seat, Long id) throws SQLException {
    Integer botSeat = rs.getObject("bot_seat", Integer.class);
    if (botSeat == null || botSeat != seat) return new PlayerView(id, rs.getString("name" + seat), null);
    String level = rs.getString("bot_level");
    return new PlayerView(null, GameRow.botName(level), level);
  }

  private static GameSummary summary(ResultSet rs, long me) throws SQLException {
    Long p0 = rs.getObject("player0", Long.class);
    Long p1 = rs.getObject("player1", Long.class);
    List<PlayerView> players = List.of(player(rs, 0, p0), player(rs, 1, p1));
    int you = p0 != null && p0 == me ? 0 : 1;
    Long turnUser = rs.getObject("turn_user", Long.class);
    Integer turn = turnUser == null ? null : turnUser.equals(p0) ? Integer.valueOf(0) : Integer.valueOf(1);
    Integer winner = rs.getObject("winner", Integer.class);
    ForfeitView forfeit = rs.getBoolean("on_time") && winner != null ? new ForfeitView(1 - winner, "time") : null;
    Rules rules = RulesJson.read(rs.getString("rules"));
    boolean playing = "playing".equals(rs.getString("status"));
    return new GameSummary(rs.getLong("id"), players, you, rs.getString("status"),
        List.of(rs.getInt("score0"), rs.getInt("score1")), playing ? turn : null, rs.getString("mode"),
        playing ? null : winner, forfeit, rules.matchLength(), rules.variant().name(),
        playing && turn != null && turn == you);
  }
}
