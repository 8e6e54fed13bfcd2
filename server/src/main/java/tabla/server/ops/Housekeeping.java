package tabla.server.ops;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.lobby.SeekStore;
import tabla.server.kernel.Workers;

/**
 * Keeps the tables from growing without bound: expired sessions and seeks past their lifetime are deleted,
 * and guest accounts that can no longer be used (no session left: a guest has no password to log in again) and that never
 * played a game are deleted too. A guest who played keeps its account, since the games name it.
 * Runs once an hour on a thread of its own, and at once on demand.
 */
public final class Housekeeping implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Housekeeping.class);
  /** A guest younger than this is left alone (its session may still be on its way into the table). */
  static final Duration GUEST_GRACE = Duration.ofHours(1);
  /** At most this many guests per run, so one run never holds the database for long. */
  static final int GUESTS_PER_RUN = 1000;

  private final Jdbi jdbi;
  private final HousekeepingStore store;
  private final Clock clock;
  private ScheduledExecutorService timer;

  public Housekeeping(Jdbi jdbi, Clock clock) {
    this.jdbi = jdbi;
    this.store = new HousekeepingStore(jdbi);
    this.clock = clock;
  }

  /** What one run removed. */
  public record Purged(int sessions, int seeks, int guests) {}

  public Housekeeping startHourly() {
    timer = new ScheduledThreadPoolExecutor(1, Workers.daemon("tabla-housekeeping"));
    timer.scheduleWithFixedDelay(() -> {
      try {
        Purged p = run();
        if (p.sessions() + p.seeks() + p.guests() > 0) {
          LOG.info("purged {} expired sessions, {} expired seeks and {} idle guests", p.sessions(), p.seeks(), p.guests());
        }
      } catch (RuntimeException e) {
        LOG.warn("housekeeping failed: {}", e.toString());
      }
    }, 1, 60, TimeUnit.MINUTES);
    return this;
  }

  public Purged run() {
    int sessions = store.deleteExpiredSessions(clock.instant());
    int seeks = SeekStore.purgeExpired(jdbi, clock.instant()); // before the guests: an old seek no longer keeps one
    int guests = 0;
    for (long id : store.idleGuests(clock.instant().minus(GUEST_GRACE), GUESTS_PER_RUN)) {
      try {
        guests += store.deleteGuest(id);
      } catch (RuntimeException e) {
        // Another table (added later) still names this guest: keep it.
        LOG.debug("guest {} kept: {}", id, e.toString());
      }
    }
    return new Purged(sessions, seeks, guests);
  }

  @Override
  public void close() {
    if (timer != null) Workers.stop(timer);
  }
}
