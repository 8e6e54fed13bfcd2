package tabla.server.ops;

import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import tabla.server.kernel.Workers;

/**
 * Whether the site can serve: the database answers a query within {@link #TIMEOUT_MS}. The query runs on
 * a thread of its own so that a database that hangs (rather than refusing) cannot hang the probe; one
 * check at a time, so a storm of probes cannot pile up threads.
 */
public final class Readiness implements AutoCloseable {
  static final long TIMEOUT_MS = 2000;
  private final BooleanSupplier ping;
  private final ExecutorService exec = Executors.newFixedThreadPool(1, Workers.daemon("tabla-readiness"));
  private Future<?> running;

  /** {@code ping}: asks the database a trivial query (kernel.Database#ping). */
  public Readiness(BooleanSupplier ping) {
    this.ping = ping;
  }

  /** Empty when ready, else why not. */
  public synchronized Optional<String> problem() {
    if (running == null || running.isDone()) {
      running = exec.submit(ping::getAsBoolean);
    }
    try {
      running.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
      return Optional.empty();
    } catch (TimeoutException e) {
      return Optional.of("the database did not answer within " + TIMEOUT_MS + " ms");
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      while (c.getCause() != null && c.getCause() != c) c = c.getCause();
      return Optional.of("the database is unreachable: " + c.getClass().getSimpleName()
          + (c.getMessage() == null ? "" : " (" + firstLine(c.getMessage()) + ")"));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.of("interrupted");
    }
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    String t = nl < 0 ? s : s.substring(0, nl);
    return t.length() > 200 ? t.substring(0, 200) : t;
  }

  @Override
  public void close() {
    Workers.stop(exec);
  }
}
