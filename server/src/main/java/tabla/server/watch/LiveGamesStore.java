package tabla.server.watch;

import java.util.List;
import org.jdbi.v3.core.Jdbi;

/** The games between people of one status in the database, newest move first, for the list of live games. */
public final class LiveGamesStore {
  /** A game as stored: its rules (JSON), mode, score and both players' ids and names. */
  record Row(long id, String rules, String mode, int score0, int score1, long player0, long player1, String name0,
      String name1) {}

  private final Jdbi jdbi;

  public LiveGamesStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** At most {@code limit} games of {@code status} ("playing", "finished") after the first {@code offset}. */
  List<Row> games(String status, int offset, int limit) {
    return jdbi.withHandle(h -> h.createQuery("SELECT g.id, g.rules, g.mode, g.score0, g.score1, "
            + "g.player0, g.player1, u0.name AS name0, u1.name AS name1 FROM games g "
            + "JOIN users u0 ON u0.id = g.player0 JOIN users u1 ON u1.id = g.player1 "
            + "WHERE g.status = :s AND g.bot_seat IS NULL "
            + "ORDER BY g.updated_at DESC, g.id DESC OFFSET " + offset + " ROWS FETCH NEXT " + limit + " ROWS ONLY")
        .bind("s", status).map((rs, c) -> new Row(rs.getLong("id"), rs.getString("rules"), rs.getString("mode"),
            rs.getInt("score0"), rs.getInt("score1"), rs.getLong("player0"), rs.getLong("player1"),
            rs.getString("name0"), rs.getString("name1"))).list());
  }
}
