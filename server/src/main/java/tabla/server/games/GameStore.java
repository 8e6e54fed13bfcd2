package tabla.server.games;

import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import tabla.core.clock.ClockSettings;

/** Games, their action logs and their dice seeds in the database. */
public final class GameStore implements AutoCloseable {
  private final Jdbi jdbi;
  private final GroupCommit writer;
  private final Ownership ownership;

  /** With several nodes, each action is written under this node's lease epoch of its game (the fence). */
  public GameStore(Jdbi jdbi, Ownership ownership, java.time.Clock clock) {
    this.jdbi = jdbi;
    this.writer = new GroupCommit(jdbi, clock);
    this.ownership = ownership;
  }

  /** A new game; {@code clock} null: untimed. */
  public long create(String rules, String mode, Long player0, Long player1, String botLevel, Integer botSeat,
      ClockSettings clock) {
    return jdbi.withHandle(h -> h.createUpdate(
            "INSERT INTO games(rules, variant, mode, player0, player1, bot_level, bot_seat, status, clock_reserve_ms, "
                + "clock_delay_ms) VALUES (:r, :v, :m, :p0, :p1, :bl, :bs, 'playing', :cr, :cd)")
        .bind("r", rules).bind("v", RulesJson.read(rules).variant().name()).bind("m", mode).bind("p0", player0).bind("p1", player1).bind("bl", botLevel)
        .bind("bs", botSeat).bind("cr", clock == null ? 0 : clock.reservePerPointMillis())
        .bind("cd", clock == null ? 0 : clock.delayMillis())
        .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
  }

  public Optional<GameRow> find(long id) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT id, rules, mode, player0, player1, bot_level, bot_seat, status, version, clock_reserve_ms, "
                + "clock_delay_ms FROM games WHERE id = :id")
        .bind("id", id)
        .map((rs, c) -> new GameRow(rs.getLong(1), rs.getString(2), rs.getString(3), (Long) rs.getObject(4, Long.class),
            rs.getObject(5, Long.class), rs.getString(6), rs.getObject(7, Integer.class), rs.getString(8),
            rs.getInt(9), clock(rs.getLong(10), rs.getLong(11))))
        .findOne());
  }

  /** The stored clock columns as settings: none (null) when both are 0. */
  public static ClockSettings clock(long reservePerPointMillis, long delayMillis) {
    return reservePerPointMillis == 0 && delayMillis == 0 ? null : new ClockSettings(reservePerPointMillis, delayMillis);
  }

  public List<String> events(long id) {
    return jdbi.withHandle(h -> h.createQuery("SELECT payload FROM game_events WHERE game_id = :id ORDER BY seq")
        .bind("id", id).mapTo(String.class).list());
  }

  /** What the games row says after an action: for lists ("your turn") and statistics. */
  public record Summary(String status, Long turnUser, int score0, int score1, Integer winner) {}

  /**
   * Stores action number {@code seq} and the game's new summary, committed before this returns (in one transaction
   * with the other actions waiting then: {@link GroupCommit}). The primary key (game, seq) makes a second writer of
   * the same version fail instead of forking the game, and the lease epoch ({@link Ownership}) makes a node that
   * no longer owns the game fail ({@link Ownership.Fenced}).
   */
  public void append(long id, int seq, String payload, Summary s) {
    append(id, seq, payload, s, List.of());
  }

  /**
   * The same, with the game's dice writes that go with this action in its transaction: the dice of the game it
   * starts, the reveal of the game it ends, the seeds fixed by its roll. Stored together, a crash can never keep one
   * without the other, and they cost no commit of their own.
   */
  public void append(long id, int seq, String payload, Summary s, List<DiceWrite> dice) {
    writer.append(id, seq, payload, s, dice, ownership.epoch(id));
  }

  /** Stops the writer of actions (the server is closing). */
  @Override
  public void close() {
    writer.close();
  }

  /**
   * A dice seed for one game of the match, stored before its first roll, and the players' seeds
   * (version 2, docs/dice.md), null until given.
   */
  public record DiceSeed(int gameNo, String commitment, String seed, boolean revealed, String seed0, String seed1) {
    public String playerSeed(int seat) {
      return seat == 0 ? seed0 : seed1;
    }
  }

  public Optional<DiceSeed> dice(long id, int gameNo) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT game_no, commitment, seed, revealed, seed0, seed1 FROM game_dice WHERE game_id = :g AND game_no = :n")
        .bind("g", id).bind("n", gameNo)
        .map((rs, c) -> diceSeed(rs)).findOne());
  }

  public List<DiceSeed> dice(long id) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT game_no, commitment, seed, revealed, seed0, seed1 FROM game_dice WHERE game_id = :g ORDER BY game_no")
        .bind("g", id)
        .map((rs, c) -> diceSeed(rs)).list());
  }

  private static DiceSeed diceSeed(java.sql.ResultSet rs) throws java.sql.SQLException {
    return new DiceSeed(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getBoolean(4), rs.getString(5), rs.getString(6));
  }

  /** A player's seed for one game; only once (returns false when that seat's seed was already there). */
  public boolean savePlayerSeed(long id, int gameNo, int seat, String hex) {
    String column = seat == 0 ? "seed0" : "seed1";
    return jdbi.withHandle(h -> h.createUpdate("UPDATE game_dice SET " + column + " = :s "
            + "WHERE game_id = :g AND game_no = :n AND " + column + " IS NULL")
        .bind("s", hex).bind("g", id).bind("n", gameNo).execute()) == 1;
  }

  /** A write of a game's dice that is not part of an action (a new room's first game, a reveal after a crash). */
  public void write(long id, DiceWrite w) {
    jdbi.useHandle(h -> w.apply(h, id));
  }

  /** A change of one game's row of {@code game_dice}, in the transaction of {@code h}. */
  public sealed interface DiceWrite {
    void apply(Handle h, long id);

    /** Game {@code gameNo}'s dice, stored before its first roll, with the seeds known then (the computer's). */
    record Open(int gameNo, String commitment, String seed, String seed0, String seed1) implements DiceWrite {
      DiceSeed asStored() {
        return new DiceSeed(gameNo, commitment, seed, false, seed0, seed1);
      }

      @Override
      public void apply(Handle h, long id) {
        h.createUpdate("INSERT INTO game_dice(game_id, game_no, commitment, seed, seed0, seed1) "
                + "VALUES (:g, :n, :c, :s, :s0, :s1)")
            .bind("g", id).bind("n", gameNo).bind("c", commitment).bind("s", seed).bind("s0", seed0).bind("s1", seed1)
            .execute();
      }
    }

    /** The game is over: its seed is public. */
    record Reveal(int gameNo) implements DiceWrite {
      @Override
      public void apply(Handle h, long id) {
        h.createUpdate("UPDATE game_dice SET revealed = TRUE WHERE game_id = :g AND game_no = :n")
            .bind("g", id).bind("n", gameNo).execute();
      }
    }

    /** The game's first pair is rolled: every player seed not given yet is {@code hex} (docs/dice.md). */
    record FillSeeds(int gameNo, String hex) implements DiceWrite {
      @Override
      public void apply(Handle h, long id) {
        h.createUpdate("UPDATE game_dice SET seed0 = COALESCE(seed0, :s), seed1 = COALESCE(seed1, :s) "
                + "WHERE game_id = :g AND game_no = :n")
            .bind("s", hex).bind("g", id).bind("n", gameNo).execute();
      }
    }
  }

  /** Ids of the games a user plays in, running ones first, newest first. */
  public List<Long> gamesOf(long userId) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT id FROM games WHERE player0 = :u OR player1 = :u "
                + "ORDER BY CASE WHEN status = 'playing' THEN 0 ELSE 1 END, updated_at DESC")
        .bind("u", userId).mapTo(Long.class).list());
  }

  /** Running games, for reloading live rooms after a restart. */
  public List<Long> running() {
    return jdbi.withHandle(h -> h.createQuery("SELECT id FROM games WHERE status = 'playing'")
        .mapTo(Long.class).list());
  }
}
