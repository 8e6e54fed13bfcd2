package tabla.server.kernel.http;

import io.javalin.http.Context;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import tabla.server.kernel.SiteCode;

/**
 * The server's stop as HTTP sees it. Jetty's own stop closes the connections of the requests still running and then
 * interrupts their threads, and a thread interrupted while H2 writes its file closes the whole embedded database (a
 * login, a chat line, a tournament entry: stores run SQL on request threads). So before Jetty stops, {@link #drain}
 * refuses every new API request and WebSocket upgrade with a JSON 503 and {@code Retry-After} (nothing changed; the
 * client tries again once the server is back) and waits until the requests already running have ended, at most
 * {@link #WAIT}. A handler around Jetty's whole handling counts them, each until its answer is written (counted in a
 * servlet filter, a request ended before Jetty wrote the answer it had buffered, and the stop cut it off). Work that
 * comes by no HTTP request (an action sent over a game's socket, a command at the FIBS door) is counted the same way
 * through {@link #enter}.
 */
public final class RequestDrain extends Handler.Wrapper {
  /**
   * How long a stop waits for the requests already running: a request is a short read or write, and a bot's stream
   * ends at its next tick.
   */
  public static final Duration WAIT = Duration.ofSeconds(10);
  /** A restart takes a few seconds (a new JVM, the database opened, the games resumed). */
  public static final long RETRY_SECONDS = 5;
  public static final String MESSAGE = "the site is restarting: nothing was changed; please try again in a few seconds";

  private final AtomicInteger running = new AtomicInteger();
  private final Object idle = new Object();
  private volatile boolean stopping;

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    running.incrementAndGet(); // counted before before() reads the flag: a request is either refused or waited for
    AtomicBoolean ended = new AtomicBoolean();
    Runnable end = () -> {
      if (ended.compareAndSet(false, true)) ended();
    };
    boolean handled = false;
    try {
      handled = super.handle(request, response, new Callback.Nested(callback) {
        @Override
        public void succeeded() {
          try {
            super.succeeded();
          } finally {
            end.run();
          }
        }

        @Override
        public void failed(Throwable x) {
          try {
            super.failed(x);
          } finally {
            end.run();
          }
        }
      });
      return handled;
    } finally {
      if (!handled) end.run(); // not taken, or it threw: its callback is not ours to wait for
    }
  }

  /**
   * Counts a piece of work that comes by no HTTP request (an action sent over an open game socket) as running, as
   * {@link #handle} counts a request: true, and the stop waits for its {@link #exit}; false once the stop began
   * (nothing counted), and the caller refuses it with {@link #MESSAGE}, as a request is refused.
   */
  public boolean enter() {
    running.incrementAndGet(); // counted before the flag is read, as a request is: either refused or waited for
    if (!stopping) return true;
    ended();
    return false;
  }

  /** The end of what {@link #enter} let in. */
  public void exit() {
    ended();
  }

  private void ended() {
    if (running.decrementAndGet() == 0 && stopping) {
      synchronized (idle) {
        idle.notifyAll();
      }
    }
  }

  /** Before every API request and WebSocket upgrade: refused once the stop began. */
  public void before(Context ctx) {
    if (stopping) throw ApiError.retryLater(503, SiteCode.RESTARTING, Map.of(), MESSAGE, RETRY_SECONDS);
  }

  /** Whether the stop began (a long request, such as a bot's stream, ends when it sees this). */
  public boolean stopping() {
    return stopping;
  }

  /** Requests running now. */
  public int running() {
    return running.get();
  }

  /** From now on every new API request and WebSocket upgrade is refused (503). */
  public void refuseNew() {
    stopping = true;
  }

  /**
   * Refuses new requests ({@link #refuseNew}) and waits until those running have ended, at most {@code wait}; true
   * when they all did. Never interrupts them.
   */
  public boolean drain(Duration wait) {
    refuseNew();
    long end = System.nanoTime() + wait.toNanos();
    synchronized (idle) {
      while (running.get() > 0) {
        long left = end - System.nanoTime();
        if (left <= 0) return false;
        try {
          idle.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
    }
    return true;
  }
}
