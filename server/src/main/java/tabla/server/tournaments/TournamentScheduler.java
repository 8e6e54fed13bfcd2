package tabla.server.tournaments;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.Workers;

/**
 * The tournaments' timer: after a start or restart it starts the tournaments whose time came and resumes the running
 * ones; from then on, every {@link #CHECK_SECONDS} s, it starts the due ones and records results a hook missed.
 */
public final class TournamentScheduler implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TournamentScheduler.class);
  /** How often tournaments due to start at their time, and results not yet recorded, are looked at. */
  static final long CHECK_SECONDS = 15;

  private final TournamentService service;
  private final ScheduledExecutorService timer =
      new ScheduledThreadPoolExecutor(1, Workers.daemon("tabla-tournaments"));

  public TournamentScheduler(TournamentService service) {
    this.service = service;
  }

  public void resumeAll() {
    service.startDue();
    service.resumePlaying();
    timer.scheduleWithFixedDelay(this::check, CHECK_SECONDS, CHECK_SECONDS, TimeUnit.SECONDS);
  }

  private void check() {
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
