package tabla.server.tournaments;

import tabla.core.tournament.Standings;
import tabla.core.tournament.Result;
import tabla.core.tournament.Pair;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import tabla.server.games.ClockJson;
import tabla.server.games.GameRow;
import tabla.server.games.GameStore;
import tabla.server.games.RulesJson;
import tabla.server.kernel.http.ApiError;

/** Tournaments as the API shows them: one with its entrants, rounds and standings, and the list. */
public final class TournamentReads {
  /** "My tournaments" and a player's titles list at most this many (the open ones and the newest). */
  public static final int MAX_MINE = 20;
  private static final String OPEN_FIRST = "CASE WHEN t.status IN ('registering', 'playing') THEN 0 ELSE 1 END";
  private final Jdbi jdbi;

  public TournamentReads(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  public TournamentView view(long id) {
    return jdbi.inTransaction(h -> {
      TournamentView head = h.createQuery("SELECT t.id, t.version, t.name, u.name, t.format, t.swiss_rounds, t.rules, t.mode, "
              + "t.clock_reserve_ms, t.clock_delay_ms, t.min_players, t.max_players, t.rated, t.starts_at, t.status, t.note, "
              + "t.winner_seed, t.consolation, (SELECT MIN(c.id) FROM tournaments c WHERE c.parent_id = t.id), t.parent_id "
              + "FROM tournaments t JOIN users u ON u.id = t.creator WHERE t.id = :id")
          .bind("id", id)
          .map((rs, c) -> new TournamentView(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
              rs.getInt(6), RulesJson.read(rs.getString(7)), rs.getString(8),
              ClockJson.View.of(GameStore.clock(rs.getLong(9), rs.getLong(10))), rs.getInt(11), rs.getInt(12),
              rs.getBoolean(13), millis(rs.getTimestamp(14)), rs.getString(15), rs.getString(16), null, null, null,
              rs.getObject(17, Integer.class), rs.getBoolean(18), rs.getObject(19, Long.class), rs.getObject(20, Long.class)))
          .findOne().orElseThrow(() -> ApiError.notFound("tournament " + id));
      List<TournamentView.Entrant> entrants = entrants(h, id);
      List<List<TournamentView.MatchLine>> rounds = new ArrayList<>();
      List<List<Result>> results = new ArrayList<>();
      for (TournamentView.MatchLine m : matches(h, id)) {
        while (rounds.size() <= m.round()) {
          rounds.add(new ArrayList<>());
          results.add(new ArrayList<>());
        }
        rounds.get(m.round()).add(m);
        if (m.winner() != null) {
          results.get(m.round()).add(new Result(new Pair(m.first(), m.second() == null ? Pair.BYE : m.second()), m.winner()));
        }
      }
      List<TournamentView.StandingLine> standings = new ArrayList<>();
      if (!rounds.isEmpty()) {
        for (Standings.Line l : Standings.of(entrants.size(), results)) {
          standings.add(new TournamentView.StandingLine(l.entrant(), entrants.get(l.entrant()).name(), l.wins(), l.losses(),
              l.buchholz()));
        }
      }
      return new TournamentView(head.id(), head.version(), head.name(), head.creator(), head.format(), head.swissRounds(), head.rules(),
          head.mode(), head.clock(), head.minPlayers(), head.maxPlayers(), head.rated(), head.startsAt(), head.status(),
          head.note(), entrants, rounds, standings, head.winner(), head.consolation(), head.consolationId(), head.parentId());
    });
  }

  /** Every match of tournament {@code id}, by round and slot. */
  static List<TournamentView.MatchLine> matches(Handle h, long id) {
    return h.createQuery("SELECT round, slot, first_seed, second_seed, game_id, winner_seed FROM tournament_matches "
            + "WHERE tournament_id = :t ORDER BY round, slot")
        .bind("t", id)
        .map((rs, c) -> new TournamentView.MatchLine(rs.getInt(1), rs.getInt(2), rs.getInt(3),
            rs.getObject(4, Integer.class), rs.getObject(5, Long.class), rs.getObject(6, Integer.class)))
        .list();
  }

  /** Entrants by seed once seeded, else by registration. */
  private static List<TournamentView.Entrant> entrants(Handle h, long id) {
    return h.createQuery("SELECT e.seed, u.name, e.bot_level, COALESCE(e.rating, u.rating, :cr) FROM tournament_entries e "
            + "LEFT JOIN users u ON u.id = e.user_id WHERE e.tournament_id = :t ORDER BY e.seed, e.id")
        .bind("t", id).bind("cr", Tournaments.COMPUTER_RATING)
        .map((rs, c) -> new TournamentView.Entrant(rs.getObject(1, Integer.class),
            rs.getString(2) != null ? rs.getString(2) : GameRow.botName(rs.getString(3)), rs.getString(3), rs.getDouble(4)))
        .list();
  }

  /** {@code count} tournaments from {@code offset}: registering and playing ones first, then the newest. */
  public List<TournamentView.Summary> list(int count, int offset) {
    return jdbi.withHandle(h -> h.createQuery("SELECT t.id, t.name, t.format, t.status, "
            + "(SELECT COUNT(*) FROM tournament_entries e WHERE e.tournament_id = t.id), t.max_players, t.starts_at, t.parent_id "
            + "FROM tournaments t ORDER BY " + OPEN_FIRST + ", t.id DESC "
            + "LIMIT :n OFFSET :o")
        .bind("n", count).bind("o", offset)
        .map((rs, c) -> new TournamentView.Summary(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
            rs.getInt(5), rs.getInt(6), millis(rs.getTimestamp(7)), rs.getObject(8, Long.class)))
        .list());
  }

  /** The tournaments {@code user} entered, at most {@link #MAX_MINE}: open ones first, then the newest. */
  public List<TournamentView.Mine> mine(long user) {
    return jdbi.withHandle(h -> h.createQuery("SELECT t.id, t.name, t.format, t.status, t.winner_seed, e.seed, "
            + "(SELECT MIN(m.game_id) FROM tournament_matches m WHERE m.tournament_id = t.id AND m.winner_seed IS NULL "
            + "AND (m.first_seed = e.seed OR m.second_seed = e.seed)), t.parent_id "
            + "FROM tournaments t JOIN tournament_entries e ON e.tournament_id = t.id WHERE e.user_id = :u "
            + "ORDER BY " + OPEN_FIRST + ", t.id DESC LIMIT " + MAX_MINE)
        .bind("u", user)
        .map((rs, c) -> {
          Long game = rs.getObject(7, Long.class);
          Opponent o = game == null ? new Opponent(null, null) : opponent(h, rs.getLong(1), game, rs.getInt(6));
          return new TournamentView.Mine(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), game,
              o.name(), o.level(), rs.getObject(5) != null && rs.getInt(5) == rs.getInt(6), rs.getObject(8, Long.class));
        })
        .list());
  }

  /** Who I play: a person's name, or the computer's name and level. */
  private record Opponent(String name, String level) {}

  /** The other side of the match on board {@code game} of tournament {@code id}, where I am seed {@code seed}. */
  private static Opponent opponent(Handle h, long id, long game, int seed) {
    return h.createQuery("SELECT u.name, e.bot_level FROM tournament_matches m JOIN tournament_entries e "
            + "ON e.tournament_id = m.tournament_id "
            + "AND e.seed = CASE WHEN m.first_seed = :s THEN m.second_seed ELSE m.first_seed END "
            + "LEFT JOIN users u ON u.id = e.user_id WHERE m.tournament_id = :t AND m.game_id = :g")
        .bind("s", seed).bind("t", id).bind("g", game)
        .map((rs, c) -> rs.getString(1) != null ? new Opponent(rs.getString(1), null)
            : new Opponent(GameRow.botName(rs.getString(2)), rs.getString(2)))
        .one();
  }

  /** The tournaments {@code user} won, newest first, at most {@link #MAX_MINE}. */
  public List<TournamentView.Title> titles(long user) {
    return jdbi.withHandle(h -> h.createQuery("SELECT t.id, t.name, t.format, t.parent_id FROM tournaments t "
            + "JOIN tournament_entries e ON e.tournament_id = t.id AND e.seed = t.winner_seed "
            + "WHERE e.user_id = :u AND t.status = 'finished' ORDER BY t.id DESC LIMIT " + MAX_MINE)
        .bind("u", user)
        .map((rs, c) -> new TournamentView.Title(rs.getLong(1), rs.getString(2), rs.getString(3),
            rs.getObject(4, Long.class)))
        .list());
  }

  private static Long millis(Timestamp t) {
    return t == null ? null : t.toInstant().toEpochMilli();
  }
}
