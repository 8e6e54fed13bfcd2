package tabla.server.admin;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.http.Json;
import tabla.server.ops.Sockets;
import tabla.server.kernel.Workers;

/**
 * A graceful stop: every open page and live game is told when the site stops and why, new games are
 * refused meanwhile, then the server stops. Games are stored action by action, so after the restart
 * every game resumes where it was (the rooms are rebuilt from the database at start).
 */
public final class Shutdown implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Shutdown.class);
  static final int MAX_SECONDS = 3600;

  private final Notices notices;
  private final Sockets sockets;
  private final Clock clock;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(Workers.daemon("tabla-shutdown-timer"));
  private volatile Runnable stop;
  private volatile java.util.function.BiConsumer<Integer, String> announced = (seconds, text) -> { };

  public Shutdown(Notices notices, Sockets sockets, Clock clock, Runnable stop) {
    this.notices = notices;
    this.sockets = sockets;
    this.clock = clock;
    this.stop = stop;
  }

  /** What stops the process (the CLI exits the JVM; tests close the server). */
  public void onStop(Runnable r) {
    this.stop = r;
  }

  /** Who else hears of a stop when it is announced, with its seconds and text: the FIBS door's users, who have no socket. */
  public void onAnnounced(java.util.function.BiConsumer<Integer, String> l) {
    this.announced = l;
  }

  public boolean underway() {
    return notices.shuttingDown();
  }

  /** Announces the stop in {@code seconds} and schedules it. */
  public Instant begin(int seconds, String message, String actor) {
    if (seconds < 0 || seconds > MAX_SECONDS) throw new IllegalArgumentException("seconds must be 0 to " + MAX_SECONDS);
    Instant at = clock.instant().plusSeconds(seconds);
    tell(at, message);
    announced.accept(seconds, notices.view().shutdown().message());
    LOG.warn("shutdown in {} s requested by {}: {}", seconds, actor, message);
    timer.schedule(() -> {
      Thread t = new Thread(() -> stop.run(), "tabla-graceful-stop");
      t.start();
    }, seconds, TimeUnit.SECONDS);
    return at;
  }

  /** Tells every socket (and, through /api/notices, every page) that the site stops at {@code at}. */
  public void tell(Instant at, String message) {
    notices.announceShutdown(at, message);
    sockets.tellEveryone(Json.write(Map.of("type", "notice", "kind", "shutdown", "at", at.toString(),
        "text", notices.view().shutdown().message())));
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
