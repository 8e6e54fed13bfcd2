package tabla.server.ratings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;
import tabla.server.games.EventCodec;

/** The SQL of player pages and the site's results by colour: counts over finished games. Seat 0 plays white. */
public final class StatsStore {
  private final Jdbi jdbi;

  public StatsStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  long draws(long user) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT COUNT(*) FROM games WHERE status = 'finished' AND winner IS NULL AND (player0 = :u OR player1 = :u)")
        .bind("u", user).mapTo(Long.class).one());
  }

  /** A player's last 50 finished games, newest first, each as the player page shows it. */
  List<Map<String, Object>> history(long user) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT g.id, g.variant, g.winner, g.score0, g.score1, g.rating_change0, g.rating_change1, g.updated_at, "
                + "g.player0, g.player1, g.bot_level, u0.name AS name0, u1.name AS name1, "
                + "(SELECT e.payload FROM game_events e WHERE e.game_id = g.id ORDER BY e.seq DESC FETCH FIRST 1 ROWS ONLY) "
                + "AS last_event "
                + "FROM games g "
                + "LEFT JOIN users u0 ON u0.id = g.player0 LEFT JOIN users u1 ON u1.id = g.player1 "
                + "WHERE g.status = 'finished' AND (g.player0 = :u OR g.player1 = :u) ORDER BY g.updated_at DESC LIMIT 50")
        .bind("u", user)
        .map((rs, c) -> {
          int seat = rs.getLong("player0") == user ? 0 : 1;
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("gameId", rs.getLong("id"));
          m.put("variant", rs.getString("variant"));
          m.put("colour", seat == 0 ? "white" : "black");
          String opp = rs.getString(seat == 0 ? "name1" : "name0");
          m.put("opponent", opp != null ? opp : "Computer (" + rs.getString("bot_level") + ")");
          // the computer's level, so the page can name it in its own language
          if (opp == null) m.put("opponentBot", rs.getString("bot_level"));
          Object w = rs.getObject("winner");
          m.put("result", w == null ? "draw" : ((Number) w).intValue() == seat ? "win" : "loss");
          // a match decided by a fallen flag, whatever its score
          m.put("ending", EventCodec.ending(rs.getString("last_event")));
          m.put("score", List.of(rs.getInt(seat == 0 ? "score0" : "score1"), rs.getInt(seat == 0 ? "score1" : "score0")));
          m.put("ratingChange", rs.getObject(seat == 0 ? "rating_change0" : "rating_change1"));
          return m;
        }).list());
  }

  /** A player's wins and losses with each colour in one variant (BrainKing's table, per game). */
  record VariantColours(String variant, int whiteWins, int whiteLosses, int blackWins, int blackLosses) {}

  List<VariantColours> byVariant(long user) {
    return jdbi.withHandle(h -> h.createQuery("SELECT variant, "
            + "SUM(CASE WHEN player0 = :u AND winner = 0 THEN 1 ELSE 0 END), SUM(CASE WHEN player0 = :u AND winner = 1 THEN 1 ELSE 0 END), "
            + "SUM(CASE WHEN player1 = :u AND winner = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN player1 = :u AND winner = 0 THEN 1 ELSE 0 END) "
            + "FROM games WHERE status = 'finished' AND (player0 = :u OR player1 = :u) GROUP BY variant ORDER BY COUNT(*) DESC, variant")
        .bind("u", user)
        .map((rs, c) -> new VariantColours(rs.getString(1), rs.getInt(2), rs.getInt(3), rs.getInt(4), rs.getInt(5))).list());
  }

  Map<String, Object> counts(String column, int seat, long user) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT SUM(CASE WHEN winner = :s THEN 1 ELSE 0 END) AS wins, "
                + "SUM(CASE WHEN winner = 1 - :s THEN 1 ELSE 0 END) AS losses FROM games "
                + "WHERE status = 'finished' AND " + column + " = :u")
        .bind("s", seat).bind("u", user)
        .map((rs, c) -> Map.<String, Object>of("wins", rs.getLong("wins"), "losses", rs.getLong("losses"))).one());
  }

  /** Finished games by colour of the winner, per variant, with shares in percent. */
  List<Map<String, Object>> site() {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT variant, SUM(CASE WHEN winner = 0 THEN 1 ELSE 0 END) AS white, "
                + "SUM(CASE WHEN winner = 1 THEN 1 ELSE 0 END) AS black, "
                + "SUM(CASE WHEN winner IS NULL THEN 1 ELSE 0 END) AS draws FROM games WHERE status = 'finished' GROUP BY variant")
        .map((rs, c) -> {
          long w = rs.getLong("white");
          long b = rs.getLong("black");
          long d = rs.getLong("draws");
          double total = Math.max(1, w + b + d);
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("variant", rs.getString("variant"));
          m.put("white", w);
          m.put("black", b);
          m.put("draws", d);
          m.put("whitePercent", Math.round(1000 * w / total) / 10.0);
          m.put("blackPercent", Math.round(1000 * b / total) / 10.0);
          m.put("drawPercent", Math.round(1000 * d / total) / 10.0);
          return m;
        }).list());
  }
}
