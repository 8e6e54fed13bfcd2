package tabla.server.kernel;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Stopping the server's own threads without interrupting them. A thread interrupted while H2 reads or writes its file
 * closes the file channel ({@code ClosedByInterruptException}), and with it the whole embedded database: every other
 * thread's next statement fails, and so does what the server still writes as it stops (RolloutsTest once failed so).
 * So a pool whose tasks may use the database stops taking work, drops what waits, and lets the running task end, for
 * at most {@link #STOP_WAIT}; a long task looks at its own closing flag between its blocks.
 */
public final class Workers {
  /** How long a stop waits for the running task: a game's write, a purge, a computer's move, an analysis's block. */
  public static final Duration STOP_WAIT = Duration.ofSeconds(10);

  private Workers() {}

  /**
   * Stops {@code pool} as above (never {@code shutdownNow}); true when its threads ended within {@link #STOP_WAIT}.
   * The waiting tasks are dropped when {@code pool} is a {@link ThreadPoolExecutor} (scheduled ones included: their
   * delayed and periodic tasks are cancelled); another pool runs what it already holds.
   */
  public static boolean stop(ExecutorService pool) {
    return stop(pool, STOP_WAIT);
  }

  /**
   * {@link #stop(ExecutorService)} waiting at most {@code wait}: zero for a pool whose long task only computes and
   * looks at its closing flag before it writes (it is not interrupted either way).
   */
  public static boolean stop(ExecutorService pool, Duration wait) {
    if (pool instanceof ScheduledThreadPoolExecutor s) {
      s.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
      s.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
    }
    if (pool instanceof ThreadPoolExecutor t) t.getQueue().clear();
    pool.shutdown();
    try {
      return pool.awaitTermination(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** A daemon thread factory naming its threads {@code name}: the server's pools never keep the JVM alive. */
  public static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
