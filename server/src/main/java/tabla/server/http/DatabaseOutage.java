package tabla.server.http;

import io.javalin.http.Context;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.time.Clock;

/**
 * What the API does while the database cannot be reached: answer 503 with Retry-After at once. The pool gives
 * up on a connection after {@link tabla.server.Database#CONNECTION_TIMEOUT_MS}; once one request has seen that,
 * the others are refused without waiting for {@link #PAUSE_SECONDS}, so waiting requests never fill the thread
 * pool (static files keep serving); after that the next requests try the database again, and service comes
 * back by itself when it answers.
 */
public final class DatabaseOutage {
  public static final long PAUSE_SECONDS = 2;
  static final String MESSAGE = "the site cannot reach its database just now: please try again in a few seconds";
  static final String BUSY = "the site is too busy just now: please try again in a moment";

  private final Clock clock;
  private volatile long refuseUntil;

  public DatabaseOutage(Clock clock) {
    this.clock = clock;
  }

  /** Before every /api request: refused at once during the pause after a failure. */
  public void before(Context ctx) {
    long left = refuseUntil - clock.millis();
    if (left > 0) throw unavailable((left + 999) / 1000);
  }

  /**
   * The 503 to answer when {@code e} says no connection could be had, else null. An unreachable database starts
   * a pause; a pool that is only busy (every connection in use for the whole wait) does not: the next request
   * may well get one.
   */
  public ApiError unavailable(Throwable e) {
    if (isUnreachable(e)) {
      refuseUntil = clock.millis() + PAUSE_SECONDS * 1000;
      return unavailable(PAUSE_SECONDS);
    }
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof SQLTransientConnectionException) return ApiError.retryLater(503, BUSY, 1);
    }
    return null;
  }

  private static ApiError unavailable(long seconds) {
    return ApiError.retryLater(503, MESSAGE, seconds);
  }

  /**
   * A connection that could not be made or broke: SQLSTATE class 08 (connection exception), which PostgreSQL's
   * driver gives a refused or dropped connection and the pool copies onto its time-out when its last attempt to
   * connect failed so; or JDBC's non-transient connection exception. A pool time-out without such a cause is
   * only busy.
   */
  public static boolean isUnreachable(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof SQLNonTransientConnectionException) return true;
      if (c instanceof SQLException s && s.getSQLState() != null && s.getSQLState().startsWith("08")) return true;
    }
    return false;
  }
}
