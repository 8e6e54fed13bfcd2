package tabla.server.ratings;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.Workers;

/**
 * Rates, after a start and every {@link Ratings#CATCH_UP_SECONDS}, the finished matches whose rating failed when they
 * ended: a match is told to the ratings once, as it ends, and a write that failed then would otherwise never be made.
 * On several nodes each runs it; rating a match twice is impossible (its players' rows are locked and the match asked
 * again), so they need no agreement.
 */
final class RatingsCatchUp implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RatingsCatchUp.class);

  private final Ratings ratings;
  private final ScheduledExecutorService timer = new ScheduledThreadPoolExecutor(1, Workers.daemon("tabla-ratings"));

  RatingsCatchUp(Ratings ratings) {
    this.ratings = ratings;
  }

  void start() {
    timer.scheduleWithFixedDelay(this::run, 0, Ratings.CATCH_UP_SECONDS, TimeUnit.SECONDS);
  }

  private void run() {
    try {
      ratings.catchUp();
    } catch (RuntimeException e) {
      LOG.warn("the ratings' catch-up failed ({}); again in {} s", e.toString(), Ratings.CATCH_UP_SECONDS);
    }
  }

  @Override
  public void close() {
    Workers.stop(timer);
  }
}
