package tabla.server.kernel.http;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;

/**
 * The log of failures whose cause is known to be an outage (the database unreachable, {@link DatabaseOutage}): a WARN
 * without a stack trace, since the trace says nothing the sentence does not, and at most one line per
 * {@link #EVERY_MILLIS}, the failures between counted into the next line. A long outage with many players then writes
 * a few lines a minute, not one stack per command or per game a second.
 */
public final class OutageLog {
  public static final long EVERY_MILLIS = 10_000;

  private final Logger log;
  private final LongSupplier nanos;
  private final AtomicLong nextAt = new AtomicLong(Long.MIN_VALUE);
  private final AtomicInteger quiet = new AtomicInteger();

  public OutageLog(Logger log) {
    this(log, System::nanoTime);
  }

  /** With its own time ({@link System#nanoTime}'s kind: only differences count), for tests. */
  OutageLog(Logger log, LongSupplier nanos) {
    this.log = log;
    this.nanos = nanos;
  }

  /**
   * Logs {@code what} failed because of {@code e}, or only counts it when a line went out less than
   * {@link #EVERY_MILLIS} ago; true when it was logged.
   */
  public boolean warn(String what, Throwable e) {
    long now = nanos.getAsLong();
    long next = nextAt.get();
    if ((next != Long.MIN_VALUE && now - next < 0) || !nextAt.compareAndSet(next, now + TimeUnit.MILLISECONDS.toNanos(EVERY_MILLIS))) {
      quiet.incrementAndGet();
      return false;
    }
    int more = quiet.getAndSet(0);
    log.warn("{}: no database connection ({}){}", what, cause(e),
        more == 0 ? "" : "; " + more + " more such failures since the last line");
    return true;
  }

  /** The innermost message, which names the database's own error (the outer ones are the pool's and JDBI's). */
  private static String cause(Throwable e) {
    Throwable c = e;
    while (c.getCause() != null && c.getCause() != c) c = c.getCause();
    return c == e ? e.toString() : e.getClass().getSimpleName() + " ← " + c;
  }
}
