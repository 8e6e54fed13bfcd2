package tabla.server.tournaments;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import tabla.core.tournament.Format;
import tabla.core.tournament.Pair;
import tabla.core.tournament.Result;
import tabla.server.games.ClockJson;
import tabla.server.games.GameRow;
import tabla.server.games.GameStore;
import tabla.server.games.RulesJson;
import tabla.server.kernel.Refused;

/**
 * All SQL of tournaments: the tournaments, their entrants and their matches. A change runs in one transaction
 * ({@link #inTransaction}), where {@link Tx} reads and writes; the reads of the pages run on their own.
 */
public final class TournamentStore {
  private static final String OPEN_FIRST = "CASE WHEN t.status IN ('registering', 'playing') THEN 0 ELSE 1 END";

  private final Jdbi jdbi;

  public TournamentStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** One entrant as stored: a person ({@code userId}) or the computer ({@code level}). */
  record Entry(long id, Long userId, String level, Integer seed) {}

  /** A tournament's settings and state as stored. */
  record Tour(long id, String name, long creator, Format format, int swissRounds, String rules, String mode,
      long reserveMs, long delayMs, int minPlayers, int maxPlayers, Timestamp startsAt, String status, boolean consolation) {}

  /** A decided game of a match whose winner is not recorded yet: its place and the winner's seed. */
  record Decided(int round, int slot, int winnerSeed) {}

  /** A match between two computer players, not played yet (its place and the two seeds). */
  record Unplayed(int round, int slot, int first, int second) {}

  <T> T inTransaction(Function<Tx, T> work) {
    return jdbi.inTransaction(h -> work.apply(new Tx(h)));
  }

  // ---- what the workflow reads outside a change ----

  /** The tournaments with a match on game {@code gameId} whose result is not recorded. */
  List<Long> awaitingResultOf(long gameId) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT tournament_id FROM tournament_matches WHERE game_id = :g AND winner_seed IS NULL")
        .bind("g", gameId).mapTo(Long.class).list());
  }

  /** The tournaments with a finished game whose result is not recorded (a hook that failed or never ran). */
  List<Long> behind() {
    return jdbi.withHandle(h -> h.createQuery("SELECT DISTINCT m.tournament_id FROM tournament_matches m "
            + "JOIN games g ON g.id = m.game_id WHERE m.winner_seed IS NULL AND g.status = 'finished'")
        .mapTo(Long.class).list());
  }

  List<Long> playing() {
    return jdbi.withHandle(h -> h.createQuery("SELECT id FROM tournaments WHERE status = 'playing'").mapTo(Long.class).list());
  }

  /** The registering tournaments whose start time is {@code now} or past. */
  List<Long> due(Instant now) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT id FROM tournaments WHERE status = 'registering' AND starts_at IS NOT NULL AND starts_at <= :now")
        .bind("now", Timestamp.from(now)).mapTo(Long.class).list());
  }

  /** One change of tournaments, inside one transaction. */
  final class Tx {
    private final Handle h;

    private Tx(Handle h) {
      this.h = h;
    }

    int openOf(long creator) {
      return h.createQuery("SELECT COUNT(*) FROM tournaments WHERE creator = :c AND status IN ('registering', 'playing') "
              + "AND parent_id IS NULL")
          .bind("c", creator).mapTo(Integer.class).one();
    }

    long insert(long creator, TournamentSettings s, Instant now) {
      return h.createUpdate("INSERT INTO tournaments(name, creator, format, swiss_rounds, rules, mode, clock_reserve_ms, "
              + "clock_delay_ms, min_players, max_players, rated, starts_at, status, created_at, consolation) VALUES (:n, :c, "
              + ":f, :sr, :r, :m, :cr, :cd, :min, :max, :rated, :at, 'registering', :now, :cons)")
          .bind("n", s.name()).bind("c", creator).bind("f", s.format().api).bind("sr", s.swissRounds())
          .bind("r", RulesJson.write(s.rules())).bind("m", s.mode())
          .bind("cr", s.clock() == null ? 0 : s.clock().reservePerPointMillis())
          .bind("cd", s.clock() == null ? 0 : s.clock().delayMillis())
          .bind("min", s.minPlayers()).bind("max", s.maxPlayers()).bind("rated", s.rated())
          .bind("at", s.startsAt() == null ? null : Timestamp.from(s.startsAt())).bind("now", Timestamp.from(now))
          .bind("cons", s.consolation())
          .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** A consolation knock-out of {@code players} entrants, a copy of tournament {@code parent}'s settings. */
    long insertConsolation(long parent, int players, Instant now) {
      return h.createUpdate("INSERT INTO tournaments(name, creator, format, swiss_rounds, rules, mode, clock_reserve_ms, "
              + "clock_delay_ms, min_players, max_players, rated, starts_at, status, created_at, consolation, parent_id) "
              + "SELECT name, creator, format, 0, rules, mode, clock_reserve_ms, clock_delay_ms, 2, :max, rated, NULL, "
              + "'registering', :now, FALSE, id FROM tournaments WHERE id = :t")
          .bind("max", players).bind("now", Timestamp.from(now)).bind("t", parent)
          .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    boolean hasConsolation(long id) {
      return h.createQuery("SELECT COUNT(*) FROM tournaments WHERE parent_id = :t").bind("t", id).mapTo(Integer.class).one() > 0;
    }

    Tour tour(long id) {
      return h.createQuery("SELECT id, name, creator, format, swiss_rounds, rules, mode, clock_reserve_ms, clock_delay_ms, "
              + "min_players, max_players, starts_at, status, consolation FROM tournaments WHERE id = :id")
          .bind("id", id)
          .map((rs, c) -> new Tour(rs.getLong(1), rs.getString(2), rs.getLong(3), Format.of(rs.getString(4)), rs.getInt(5),
              rs.getString(6), rs.getString(7), rs.getLong(8), rs.getLong(9), rs.getInt(10), rs.getInt(11), rs.getTimestamp(12),
              rs.getString(13), rs.getBoolean(14)))
          .findOne().orElseThrow(() -> missing(id));
    }

    /**
     * The tournament, its row locked until the transaction ends: with several nodes (README "Running a cluster") two
     * of them may start or advance the same tournament at once; the second waits and then sees what the first did.
     */
    Tour locked(long id) {
      h.createQuery("SELECT id FROM tournaments WHERE id = :id FOR UPDATE").bind("id", id).mapTo(Long.class).one();
      return tour(id);
    }

    List<Entry> entries(long id) {
      return h.createQuery("SELECT id, user_id, bot_level, seed FROM tournament_entries WHERE tournament_id = :t ORDER BY id")
          .bind("t", id)
          .map((rs, c) -> new Entry(rs.getLong(1), rs.getObject(2, Long.class), rs.getString(3), rs.getObject(4, Integer.class)))
          .list();
    }

    /** The entrants by seed (the list's index is the seed). */
    List<Entry> seeded(long id) {
      List<Entry> list = new ArrayList<>(entries(id));
      list.sort((a, b) -> Integer.compare(a.seed(), b.seed()));
      return list;
    }

    void insertEntry(long id, Long user, String level) {
      h.createUpdate("INSERT INTO tournament_entries(tournament_id, user_id, bot_level) VALUES (:t, :u, :l)")
          .bind("t", id).bind("u", user).bind("l", level).execute();
    }

    /** Removes a person's entry; whether there was one. */
    boolean deleteEntry(long id, long user) {
      return h.createUpdate("DELETE FROM tournament_entries WHERE tournament_id = :t AND user_id = :u")
          .bind("t", id).bind("u", user).execute() > 0;
    }

    void seed(long entry, int seed, double rating) {
      h.createUpdate("UPDATE tournament_entries SET seed = :s, rating = :r WHERE id = :id")
          .bind("s", seed).bind("r", rating).bind("id", entry).execute();
    }

    double ratingOf(long user) {
      return h.createQuery("SELECT rating FROM users WHERE id = :u").bind("u", user).mapTo(Double.class).one();
    }

    String nameOf(long user) {
      return h.createQuery("SELECT name FROM users WHERE id = :u").bind("u", user).mapTo(String.class).one();
    }

    void setStatus(long id, String status, String note) {
      h.createUpdate("UPDATE tournaments SET status = :s, note = :n, version = version + 1 WHERE id = :id")
          .bind("s", status).bind("n", note).bind("id", id).execute();
    }

    void finish(long id, int winnerSeed) {
      h.createUpdate("UPDATE tournaments SET status = 'finished', winner_seed = :w, version = version + 1 WHERE id = :t")
          .bind("w", winnerSeed).bind("t", id).execute();
    }

    /** A change its page shows: the version goes up ({@link TournamentFeed} sends the pages what changed since one). */
    void touch(long id) {
      h.createUpdate("UPDATE tournaments SET version = version + 1 WHERE id = :t").bind("t", id).execute();
    }

    /** The finished games of tournament {@code id} whose winner is not recorded yet. */
    List<Decided> decided(long id) {
      return h.createQuery("SELECT m.round, m.slot, m.first_seed, m.second_seed, g.winner FROM tournament_matches m "
              + "JOIN games g ON g.id = m.game_id WHERE m.tournament_id = :t AND m.winner_seed IS NULL "
              + "AND g.status = 'finished' AND g.winner IS NOT NULL")
          .bind("t", id)
          .map((rs, c) -> new Decided(rs.getInt(1), rs.getInt(2), rs.getInt(5) == 0 ? rs.getInt(3) : rs.getInt(4)))
          .list();
    }

    /** Records a match's winner once; whether this call recorded it. */
    boolean recordWinner(long id, int round, int slot, int winnerSeed) {
      return h.createUpdate("UPDATE tournament_matches SET winner_seed = :w WHERE tournament_id = :t AND round = :r "
              + "AND slot = :s AND winner_seed IS NULL")
          .bind("w", winnerSeed).bind("t", id).bind("r", round).bind("s", slot).execute() > 0;
    }

    /** The two seeds of a match, in seat order. */
    int[] seeds(long id, int round, int slot) {
      return h.createQuery("SELECT first_seed, second_seed FROM tournament_matches WHERE tournament_id = :t "
              + "AND round = :r AND slot = :s")
          .bind("t", id).bind("r", round).bind("s", slot)
          .map((rs, c) -> new int[] {rs.getInt(1), rs.getInt(2)}).one();
    }

    void insertMatch(long id, int round, int slot, Pair p, Long gameId, Integer winnerSeed) {
      h.createUpdate("INSERT INTO tournament_matches(tournament_id, round, slot, first_seed, second_seed, game_id, winner_seed) "
              + "VALUES (:t, :r, :s, :a, :b, :g, :w)")
          .bind("t", id).bind("r", round).bind("s", slot).bind("a", p.first())
          .bind("b", p.isBye() ? null : p.second()).bind("g", gameId).bind("w", winnerSeed).execute();
    }

    List<TournamentView.MatchLine> matches(long id) {
      return TournamentStore.matches(h, id);
    }

    /** The rounds so far as results, or null while a match of the last round is undecided. */
    List<List<Result>> results(long id) {
      List<List<Result>> rounds = new ArrayList<>();
      boolean[] open = {false};
      h.createQuery("SELECT round, first_seed, second_seed, winner_seed FROM tournament_matches WHERE tournament_id = :t "
              + "ORDER BY round, slot")
          .bind("t", id)
          .map((rs, c) -> {
            int round = rs.getInt(1);
            while (rounds.size() <= round) rounds.add(new ArrayList<>());
            Integer second = rs.getObject(3, Integer.class);
            Integer winner = rs.getObject(4, Integer.class);
            if (winner == null) open[0] = true;
            else rounds.get(round).add(new Result(new Pair(rs.getInt(2), second == null ? Pair.BYE : second), winner));
            return round;
          })
          .list();
      return open[0] ? null : rounds;
    }

    /** The matches between two computer players of tournament {@code id} not played yet. */
    List<Unplayed> unplayedOffBoard(long id) {
      return h.createQuery("SELECT round, slot, first_seed, second_seed FROM tournament_matches WHERE tournament_id = :t "
              + "AND game_id IS NULL AND second_seed IS NOT NULL AND winner_seed IS NULL")
          .bind("t", id)
          .map((rs, c) -> new Unplayed(rs.getInt(1), rs.getInt(2), rs.getInt(3), rs.getInt(4)))
          .list();
    }
  }

  // ---- the pages' reads ----

  /** The head of a tournament's view (no entrants, rounds or standings yet), with its entrants and matches. */
  record Stored(TournamentView head, List<TournamentView.Entrant> entrants, List<TournamentView.MatchLine> matches) {}

  Stored view(long id) {
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
          .findOne().orElseThrow(() -> missing(id));
      return new Stored(head, entrants(h, id), matches(h, id));
    });
  }

  /** Every match of tournament {@code id}, by round and slot. */
  private static List<TournamentView.MatchLine> matches(Handle h, long id) {
    return h.createQuery("SELECT round, slot, first_seed, second_seed, game_id, winner_seed FROM tournament_matches "
            + "WHERE tournament_id = :t ORDER BY round, slot")
        .bind("t", id)
        .map((rs, c) -> new TournamentView.MatchLine(rs.getInt(1), rs.getInt(2), rs.getInt(3),
            rs.getObject(4, Integer.class), rs.getObject(5, Long.class), rs.getObject(6, Integer.class)))
        .list();
  }

  /**
   * Entrants by seed once seeded, else by registration; a person with their rating now (the one they were seeded
   * with is kept in the entry for the seeding only), a computer with its fixed one.
   */
  private static List<TournamentView.Entrant> entrants(Handle h, long id) {
    return h.createQuery("SELECT e.seed, u.name, e.bot_level, COALESCE(u.rating, e.rating, :cr) FROM tournament_entries e "
            + "LEFT JOIN users u ON u.id = e.user_id WHERE e.tournament_id = :t ORDER BY e.seed, e.id")
        .bind("t", id).bind("cr", TournamentService.COMPUTER_RATING)
        .map((rs, c) -> new TournamentView.Entrant(rs.getObject(1, Integer.class),
            rs.getString(2) != null ? rs.getString(2) : GameRow.botName(rs.getString(3)), rs.getString(3), rs.getDouble(4)))
        .list();
  }

  /** {@code count} tournaments from {@code offset}: registering and playing ones first, then the newest. */
  List<TournamentView.Summary> list(int count, int offset) {
    return jdbi.withHandle(h -> h.createQuery("SELECT t.id, t.name, t.format, t.status, "
            + "(SELECT COUNT(*) FROM tournament_entries e WHERE e.tournament_id = t.id), t.max_players, t.starts_at, t.parent_id "
            + "FROM tournaments t ORDER BY " + OPEN_FIRST + ", t.id DESC "
            + "LIMIT :n OFFSET :o")
        .bind("n", count).bind("o", offset)
        .map((rs, c) -> new TournamentView.Summary(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
            rs.getInt(5), rs.getInt(6), millis(rs.getTimestamp(7)), rs.getObject(8, Long.class)))
        .list());
  }

  /** The tournaments {@code user} entered, at most {@code max}: open ones first, then the newest. */
  List<TournamentView.Mine> mine(long user, int max) {
    return jdbi.withHandle(h -> h.createQuery("SELECT t.id, t.name, t.format, t.status, t.winner_seed, e.seed, "
            + "(SELECT MIN(m.game_id) FROM tournament_matches m WHERE m.tournament_id = t.id AND m.winner_seed IS NULL "
            + "AND (m.first_seed = e.seed OR m.second_seed = e.seed)), t.parent_id "
            + "FROM tournaments t JOIN tournament_entries e ON e.tournament_id = t.id WHERE e.user_id = :u "
            + "ORDER BY " + OPEN_FIRST + ", t.id DESC LIMIT " + max)
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

  /** The tournaments {@code user} won, newest first, at most {@code max}. */
  List<TournamentView.Title> titles(long user, int max) {
    return jdbi.withHandle(h -> h.createQuery("SELECT t.id, t.name, t.format, t.parent_id FROM tournaments t "
            + "JOIN tournament_entries e ON e.tournament_id = t.id AND e.seed = t.winner_seed "
            + "WHERE e.user_id = :u AND t.status = 'finished' ORDER BY t.id DESC LIMIT " + max)
        .bind("u", user)
        .map((rs, c) -> new TournamentView.Title(rs.getLong(1), rs.getString(2), rs.getString(3),
            rs.getObject(4, Long.class)))
        .list());
  }

  private static Long millis(Timestamp t) {
    return t == null ? null : t.toInstant().toEpochMilli();
  }

  /** The 404 of a tournament that does not exist. */
  static Refused missing(long id) {
    return Refused.of(Refused.Kind.NOT_FOUND, TournamentCode.NOT_FOUND, "tournament " + id + " not found", Map.of("id", id));
  }
}
