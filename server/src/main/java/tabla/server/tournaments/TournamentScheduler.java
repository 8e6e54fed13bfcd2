package tabla.server.tournaments;

import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.Workers;

/**
 * The tournaments' timer: after a start or restart it starts the tournaments whose time came and resumes the running
 * ones; from then on, every {@link #CHECK_SECONDS} s of the server's clock, it starts the due ones and records results
 * a hook missed. It goes by the server's one clock, as the match clocks do (it looks at it once a second), so a start
 * time falls due by the time every other part reads, and a test that moves the clock sees the check come.
 */
public final class TournamentScheduler implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TournamentScheduler.class);
  /** How often tournaments due to start at their time, and results not yet recorded, are looked at. */
  public static final long CHECK_SECONDS = 15;
  /** How often the timer looks at the clock to see whether a check is due. */
  private static final long TICK_MILLIS = 1_000;

  private final TournamentService service;
  private final Clock clock;
  private final ScheduledExecutorService timer =
      new ScheduledThreadPoolExecutor(1, Workers.daemon("tabla-tournaments"));
  private long nextCheck; // epoch ms by the clock; read and written by the timer's one thread after resumeAll

  public TournamentScheduler(TournamentService service, Clock clock) {
    this.service = service;
    this.clock = clock;
  }

  public void resumeAll() {
    service.startDue();
    service.resumePlaying();
    nextCheck = clock.millis() + TimeUnit.SECONDS.toMillis(CHECK_SECONDS);
    timer.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
  }

  private void tick() {
    long now = clock.millis();
    if (now < nextCheck) return;
    nextCheck = now + TimeUnit.SECONDS.toMillis(CHECK_SECONDS);
    try {
      service.startDue();
      service.catchUp();
    } catch (RuntimeException e) {
      LOG.warn("the tournaments' periodic check failed ({}); trying again", e.toString());
    }
  }

  @Override
  public void close() {
    Workers.stop(timer);
  }
}
