package tabla.server.lobby;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import tabla.core.match.Rules;
import tabla.server.games.EventCodec;
import tabla.server.games.GameRow;
import tabla.server.games.GameSnapshot.ForfeitView;
import tabla.server.games.GameSnapshot.PlayerView;
import tabla.server.games.RulesJson;
import tabla.server.lobby.MyGames.GameSummary;

/** The SQL of "my games": each summed up from its row in one query (no game is loaded into memory to list it). */
public final class MyGamesStore {
  private final Jdbi jdbi;

  public MyGamesStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** {@code count} of the games of {@code me} from {@code offset}, running first, newest first. */
  List<GameSummary> page(long me, int count, int offset) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT g.id, g.rules, g.mode, g.status, g.player0, g.player1, g.bot_level, g.bot_seat, g.turn_user, "
                + "g.score0, g.score1, g.winner, u0.name AS name0, u1.name AS name1, "
                // a time-out ends the match, so it is the last event when there is one
                + "EXISTS (SELECT 1 FROM game_events e WHERE e.game_id = g.id AND e.seq = g.version "
                + "AND e.payload LIKE :timeout) AS on_time "
                + "FROM games g LEFT JOIN users u0 ON u0.id = g.player0 LEFT JOIN users u1 ON u1.id = g.player1 "
                + "WHERE g.player0 = :me OR g.player1 = :me "
                + "ORDER BY CASE WHEN g.status = 'playing' THEN 0 ELSE 1 END, g.updated_at DESC, g.id DESC "
                + "LIMIT :n OFFSET :o")
        .bind("me", me).bind("timeout", EventCodec.TIMEOUT_PREFIX + "%")
        .bind("n", count).bind("o", offset)
        .map((rs, c) -> summary(rs, me)).list());
  }

  /** The running games where it is {@code me} to act, longest waiting first: at most {@code count}. */
  List<Long> waiting(long me, int count) {
    return jdbi.withHandle(h -> h.createQuery("SELECT id FROM games WHERE turn_user = :me AND status = 'playing' "
            + "ORDER BY updated_at, id LIMIT :n")
        .bind("me", me).bind("n", count).mapTo(Long.class).list());
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
