package tabla.server.ops;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/** The SQL of housekeeping: expired sessions, and guest accounts nobody can use any more. */
public final class HousekeepingStore {
  private final Jdbi jdbi;

  public HousekeepingStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** Deletes the sessions expired at {@code now}; how many. */
  int deleteExpiredSessions(Instant now) {
    return jdbi.withHandle(h -> h.createUpdate("DELETE FROM sessions WHERE expires_at <= :now")
        .bind("now", Timestamp.from(now)).execute());
  }

  /**
   * At most {@code limit} guests made before {@code before} with no session, game or seek left, by id: nothing can use
   * them (a guest has no password to log in again) and nothing names them.
   */
  List<Long> idleGuests(Instant before, int limit) {
    return jdbi.withHandle(h -> h.createQuery("SELECT u.id FROM users u WHERE u.guest = TRUE "
            + "AND u.created_at < :grace "
            + "AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id) "
            + "AND NOT EXISTS (SELECT 1 FROM games g WHERE g.player0 = u.id OR g.player1 = u.id) "
            + "AND NOT EXISTS (SELECT 1 FROM seeks k WHERE k.creator = u.id OR k.invitee = u.id) "
            + "ORDER BY u.id FETCH FIRST " + limit + " ROWS ONLY")
        .bind("grace", Timestamp.from(before)).mapTo(Long.class).list());
  }

  /** Deletes a guest account; 1, or 0 when it is gone or not a guest. */
  int deleteGuest(long id) {
    return jdbi.withHandle(h -> h.createUpdate("DELETE FROM users WHERE id = :id AND guest = TRUE").bind("id", id).execute());
  }
}
