package tabla.server.kernel.http;

import io.javalin.http.Context;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.Map;
import java.util.function.BooleanSupplier;
import tabla.server.kernel.Refused;
import tabla.server.kernel.SiteCode;
import tabla.server.kernel.Workers;

/**
 * What the API does while the database cannot be reached: answer 503 with Retry-After at once. The first request
 * that finds a connection refused or broken marks the database down; from then on every API request is refused
 * without touching the pool (waiting requests never fill the thread pool, so static files keep serving), while
 * one thread of its own asks the database every {@link #PROBE_EVERY_MS} ms; its first answer ends the outage,
 * so service comes back by itself, and a single dropped connection costs the others only one quick probe.
 */
public final class DatabaseOutage implements AutoCloseable {
  public static final long RETRY_SECONDS = 2;
  static final long PROBE_EVERY_MS = 500;
  public static final String MESSAGE = "the site cannot reach its database just now: please try again in a few seconds";
  static final String BUSY = "the site is too busy just now: please try again in a moment";

  private final BooleanSupplier databaseAnswers;
  private final AtomicBoolean probing = new AtomicBoolean();
  private final ScheduledExecutorService prober = new ScheduledThreadPoolExecutor(1, Workers.daemon("tabla-database-probe"));
  private volatile boolean down;

  /** @param databaseAnswers a query through the pool: true when the database answered */
  public DatabaseOutage(BooleanSupplier databaseAnswers) {
    this.databaseAnswers = databaseAnswers;
  }

  /** Before every /api request: refused at once while the database is down. */
  public void before(Context ctx) {
    if (down) throw unavailable();
  }

  public boolean isDown() {
    return down;
  }

  /**
   * The 503 to answer when {@code e} says no connection could be had or one broke, else null. A pool that is only
   * busy (every connection in use for its whole wait, no failure to connect) is 503 too, but not an outage.
   */
  public ApiError unavailable(Throwable e) {
    Refused r = refusal(e);
    return r == null ? null : Refusals.toHttp(r);
  }

  /** {@link #unavailable(Throwable)} for adapters that speak another protocol (the game's socket): the same 503. */
  public Refused refusal(Throwable e) {
    if (isUnreachable(e)) {
      down = true;
      if (probing.compareAndSet(false, true)) prober.schedule(this::probe, 0, TimeUnit.MILLISECONDS);
      return Refused.unavailable(SiteCode.DATABASE_DOWN, MESSAGE, RETRY_SECONDS);
    }
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof SQLTransientConnectionException) return Refused.unavailable(SiteCode.BUSY, BUSY, 1);
    }
    return null;
  }

  private void probe() {
    boolean answered;
    try {
      answered = databaseAnswers.getAsBoolean();
    } catch (RuntimeException e) {
      answered = false;
    }
    if (answered) {
      down = false;
      probing.set(false);
    } else if (!prober.isShutdown()) {
      prober.schedule(this::probe, PROBE_EVERY_MS, TimeUnit.MILLISECONDS);
    }
  }

  private static ApiError unavailable() {
    return ApiError.retryLater(503, SiteCode.DATABASE_DOWN, Map.of(), MESSAGE, RETRY_SECONDS);
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

  @Override
  public void close() {
    Workers.stop(prober);
  }
}
