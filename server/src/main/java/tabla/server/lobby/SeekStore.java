package tabla.server.lobby;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.Query;
import tabla.core.clock.ClockSettings;
import tabla.core.match.Rules;
import tabla.server.games.ClockJson;
import tabla.server.games.GameStore;
import tabla.server.games.RulesJson;
import tabla.server.kernel.Refused;
import tabla.server.ratings.VariantRatings;

/**
 * Open seeks and invitations in the database, with the rules of seeking (the store of the lobby). Bounded: a seek expires (a live one after {@link #LIVE_LIFETIME},
 * when its creator has surely left; a correspondence one after {@link #CORRESPONDENCE_LIFETIME}), and a player
 * has at most {@link #MAX_OPEN_PER_USER} open at once. Accepting claims the seek and creates the game in one
 * transaction: either both happen or neither.
 */
public final class SeekStore {
  public static final int MAX_OPEN_PER_USER = 5;
  public static final Duration LIVE_LIFETIME = Duration.ofMinutes(30);
  public static final Duration CORRESPONDENCE_LIFETIME = Duration.ofDays(7);
  /** Whether a seek is still open: not accepted or cancelled, and not expired (its mode says how long it lives). */
  private static final String OPEN = "s.status = 'open' AND (s.mode = 'live' AND s.created_at > :liveSince "
      + "OR s.mode <> 'live' AND s.created_at > :correspondenceSince)";

  private final Jdbi jdbi;
  private final GameStore games;
  private final Clock clock;
  /** The count of a player's open seeks and the insert must not interleave, or racing requests pass the cap. */
  private final Object createLock = new Object();

  public SeekStore(Jdbi jdbi, GameStore games, Clock clock) {
    this.jdbi = jdbi;
    this.games = games;
    this.clock = clock;
  }

  /**
   * A seek as the lobby lists it; {@code clock} null when untimed; {@code invitee} null for an open seek;
   * {@code expiresAt} in epoch ms; {@code ratingRange} the acceptor's rating it asks for.
   */
  public record Seek(long id, long creatorId, String creator, Rules rules, String mode, int secondsPerMove, ClockJson.View clock,
      String invitee, long expiresAt, RatingRange ratingRange, boolean creatorBot) {}

  /** A new seek open to every rating; {@code timing} null for an untimed game. */
  public long create(long creator, Long invitee, Rules rules, String mode, ClockSettings timing) {
    return create(creator, invitee, rules, mode, timing, RatingRange.ANY);
  }

  /** A new seek; {@code timing} null for an untimed game; {@code range} the acceptor's rating it asks for. */
  public long create(long creator, Long invitee, Rules rules, String mode, ClockSettings timing, RatingRange range) {
    // a per-move limit (no reserve) is also listed as secondsPerMove, as before the match clock
    int secondsPerMove = timing == null || timing.reservePerPointMillis() > 0 ? 0 : (int) (timing.delayMillis() / 1000);
    synchronized (createLock) {
      return jdbi.inTransaction(h -> {
        int open = open(h.createQuery("SELECT COUNT(*) FROM seeks s WHERE s.creator = :c AND " + OPEN))
            .bind("c", creator).mapTo(Integer.class).one();
        if (open >= MAX_OPEN_PER_USER) {
          throw Refused.of(Refused.Kind.CONFLICT, SeekCode.LIMIT, "you have " + open + " open seeks, the most there can be: cancel one first",
              Map.of("open", open));
        }
        return h.createUpdate("INSERT INTO seeks(creator, invitee, rules, variant, mode, seconds_per_move, "
                + "clock_reserve_ms, clock_delay_ms, rating_min, rating_max, status, created_at) "
                + "VALUES (:c, :i, :r, :v, :m, :s, :cr, :cd, :rmin, :rmax, 'open', :now)")
            .bind("c", creator).bind("i", invitee).bind("r", RulesJson.write(rules))
            .bind("v", rules.variant().name()).bind("m", mode).bind("s", secondsPerMove)
            .bind("cr", timing == null ? 0 : timing.reservePerPointMillis()).bind("cd", timing == null ? 0 : timing.delayMillis())
            .bind("rmin", range.min()).bind("rmax", range.max()).bind("now", Timestamp.from(clock.instant()))
            .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
      });
    }
  }

  /**
   * The open seeks {@code me} may see (open to all, or mine, or inviting me), mine and my invitations first, then
   * the newest: {@code count} of them from {@code offset}.
   */
  public List<Seek> visible(long me, int count, int offset) {
    return jdbi.withHandle(h -> open(h.createQuery(
            "SELECT s.id, s.creator AS creator_id, u.name, u.bot AS creator_bot, s.rules, s.mode, s.seconds_per_move, s.clock_reserve_ms, s.clock_delay_ms, s.created_at, "
                + "s.rating_min, s.rating_max, i.name AS invitee FROM seeks s "
                + "JOIN users u ON u.id = s.creator LEFT JOIN users i ON i.id = s.invitee "
                + "WHERE " + OPEN + " AND (s.invitee IS NULL OR s.invitee = :me OR s.creator = :me) "
                + "ORDER BY CASE WHEN s.creator = :me OR s.invitee = :me THEN 0 ELSE 1 END, s.created_at DESC, s.id DESC "
                + "LIMIT :n OFFSET :o"))
        .bind("me", me).bind("n", count).bind("o", offset)
        .map((rs, c) -> seek(rs)).list());
  }

  /**
   * Claims seek {@code id} for {@code me} and creates its game, in one transaction; the game's id. {@code myRating}
   * gives my rating in a rated variant ({@link VariantRatings#ratedVariant}): outside the seek's
   * range, a 403 and nothing changes.
   */
  public long accept(long id, long me, ToDoubleFunction<Rules> myRating) {
    return jdbi.inTransaction(h -> {
      Claim s = open(h.createQuery(
              "SELECT s.creator, s.invitee, s.rules, s.mode, s.clock_reserve_ms, s.clock_delay_ms, s.rating_min, s.rating_max "
                  + "FROM seeks s WHERE s.id = :id AND " + OPEN))
          .bind("id", id)
          .map((rs, c) -> new Claim(rs.getLong(1), rs.getObject(2, Long.class), rs.getString(3), rs.getString(4),
              GameStore.clock(rs.getLong(5), rs.getLong(6)), range(rs)))
          .findOne().orElseThrow(() -> Refused.of(Refused.Kind.NOT_FOUND, SeekCode.GONE, "open seek " + id + " not found"));
      if (s.creator() == me) throw Refused.of(Refused.Kind.INVALID, SeekCode.OWN, "you cannot accept your own seek");
      if (s.invitee() != null && s.invitee() != me) throw Refused.of(Refused.Kind.FORBIDDEN, SeekCode.FOR_ANOTHER, "this invitation is for someone else");
      if (!s.range().isAny()) {
        Rules rules = RulesJson.read(s.rules());
        double mine = myRating.applyAsDouble(rules);
        if (!s.range().contains(mine)) {
          String variant = VariantRatings.ratedVariant(rules);
          throw Refused.of(Refused.Kind.FORBIDDEN, SeekCode.OUTSIDE_RANGE, "this seek is for players rated " + s.range().describe()
              + " in " + variant + "; your rating there is " + Math.round(mine),
              Map.of("range", s.range().describe(), "variant", variant, "rating", Math.round(mine)));
        }
      }
      // Only one acceptor wins the race: the status flips once (the others wait for the row, then find it taken).
      int claimed = h.createUpdate("UPDATE seeks SET status = 'accepted' WHERE id = :id AND status = 'open'")
          .bind("id", id).execute();
      if (claimed != 1) throw Refused.of(Refused.Kind.CONFLICT, SeekCode.TAKEN, "someone else accepted this seek first");
      // Jdbi hands the store this same handle (nested calls on one thread share it): the game is in this transaction.
      long gameId = games.create(s.rules(), s.mode(), s.creator(), me, null, null, s.clock());
      h.createUpdate("UPDATE seeks SET game_id = :g WHERE id = :id").bind("g", gameId).bind("id", id).execute();
      return gameId;
    });
  }

  /**
   * Deletes the seeks whose lifetime is over at {@code now}, whatever became of them (expired, cancelled or
   * accepted: an accepted seek's game holds all it started); how many. Housekeeping runs it, so the table holds
   * at most the seeks of one lifetime.
   */
  public static int purgeExpired(Jdbi jdbi, Instant now) {
    return jdbi.withHandle(h -> h.createUpdate("DELETE FROM seeks WHERE mode = 'live' AND created_at <= :liveSince "
            + "OR mode <> 'live' AND created_at <= :correspondenceSince")
        .bind("liveSince", Timestamp.from(now.minus(LIVE_LIFETIME)))
        .bind("correspondenceSince", Timestamp.from(now.minus(CORRESPONDENCE_LIFETIME))).execute());
  }

  /** An accepted seek: who made it, and the game it became. */
  public record Accepted(long creator, long gameId) {}

  /** Seek {@code id} if it was accepted. */
  public java.util.Optional<Accepted> accepted(long id) {
    return jdbi.withHandle(h -> h.createQuery("SELECT creator, game_id FROM seeks WHERE id = :id AND game_id IS NOT NULL")
        .bind("id", id).map((rs, c) -> new Accepted(rs.getLong(1), rs.getLong(2))).findOne());
  }

  /** Whom seek {@code id} invites, if it is an invitation. */
  public java.util.Optional<Long> invitee(long id) {
    return jdbi.withHandle(h -> h.createQuery("SELECT invitee FROM seeks WHERE id = :id AND invitee IS NOT NULL")
        .bind("id", id).mapTo(Long.class).findOne());
  }

  /** Declines an open invitation to {@code me} (a bot's answer to a challenge); false when there is none such. */
  public boolean decline(long id, long me) {
    return jdbi.withHandle(h -> h.createUpdate(
            "UPDATE seeks SET status = 'declined' WHERE id = :id AND invitee = :me AND status = 'open'")
        .bind("id", id).bind("me", me).execute()) == 1;
  }

  /** Cancels an open seek of {@code me}; false when there is none such. */
  public boolean cancel(long id, long me) {
    return jdbi.withHandle(h -> h.createUpdate(
            "UPDATE seeks SET status = 'cancelled' WHERE id = :id AND creator = :me AND status = 'open'")
        .bind("id", id).bind("me", me).execute()) == 1;
  }

  private record Claim(long creator, Long invitee, String rules, String mode, ClockSettings clock, RatingRange range) {}

  private static RatingRange range(ResultSet rs) throws SQLException {
    return new RatingRange(rs.getObject("rating_min", Integer.class), rs.getObject("rating_max", Integer.class));
  }

  private Query open(Query q) {
    Instant now = clock.instant();
    return q.bind("liveSince", Timestamp.from(now.minus(LIVE_LIFETIME)))
        .bind("correspondenceSince", Timestamp.from(now.minus(CORRESPONDENCE_LIFETIME)));
  }

  private static Seek seek(ResultSet rs) throws SQLException {
    String mode = rs.getString("mode");
    Instant created = rs.getTimestamp("created_at").toInstant();
    Duration life = mode.equals("live") ? LIVE_LIFETIME : CORRESPONDENCE_LIFETIME;
    return new Seek(rs.getLong("id"), rs.getLong("creator_id"), rs.getString("name"), RulesJson.read(rs.getString("rules")), mode,
        rs.getInt("seconds_per_move"),
        ClockJson.View.of(GameStore.clock(rs.getLong("clock_reserve_ms"), rs.getLong("clock_delay_ms"))),
        rs.getString("invitee"), created.plus(life).toEpochMilli(), range(rs), rs.getBoolean("creator_bot"));
  }

}
