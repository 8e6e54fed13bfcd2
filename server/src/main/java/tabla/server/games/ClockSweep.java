package tabla.server.games;

import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.Refused;
import tabla.server.kernel.Workers;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.kernel.http.OutageLog;

/**
 * The rooms' time: once a second every room in memory steps its clock (a player out of time loses), and every
 * {@link #SWEEP_MILLIS} unused rooms leave memory. A room whose clock step failed on the database is reloaded with
 * {@link Backoff} until it loads: the clocks only see rooms in memory, and without this a game would wait for
 * someone to open it. A step or reload that failed because the database is away is a bounded WARN without a stack
 * ({@link OutageLog}): during an outage it fails for every game out of time, every second.
 */
final class ClockSweep implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ClockSweep.class);
  /** How often rooms are checked for leaving memory, and a room whose clock step failed is tried again. */
  static final long SWEEP_MILLIS = 10_000;

  private final Rooms rooms;
  private final Clock clock;
  private final LongFunction<GameRoom> load;
  private final Consumer<GameRoom> afterChange;
  private final Consumer<GameRoom> releaseIfUnused;
  private final OutageLog outageLog = new OutageLog(LOG);
  private final ScheduledExecutorService exec = new ScheduledThreadPoolExecutor(2, Workers.daemon("tabla-clocks"));

  /**
   * {@code load} brings a room back into memory, {@code afterChange} runs after a clock step changed a room,
   * {@code releaseIfUnused} lets a room leave memory when nobody needs it.
   */
  ClockSweep(Rooms rooms, Clock clock, LongFunction<GameRoom> load, Consumer<GameRoom> afterChange,
      Consumer<GameRoom> releaseIfUnused) {
    this.rooms = rooms;
    this.clock = clock;
    this.load = load;
    this.afterChange = afterChange;
    this.releaseIfUnused = releaseIfUnused;
    exec.scheduleAtFixedRate(this::checkClocks, 1, 1, TimeUnit.SECONDS);
    exec.scheduleWithFixedDelay(this::sweep, SWEEP_MILLIS, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
  }

  private void sweep() {
    for (GameRoom r : rooms.all()) releaseIfUnused.accept(r);
  }

  private void checkClocks() {
    long now = clock.millis();
    for (GameRoom r : rooms.all()) {
      try {
        if (r.tick(now)) afterChange.accept(r);
      } catch (RuntimeException e) {
        if (DatabaseOutage.isUnreachable(e)) outageLog.warn("the clock check of game " + r.id(), e);
        else LOG.error("clock check failed in game {}", r.id(), e);
        rooms.evict(r.id());
        reloadLater(r.id(), 1);
      }
    }
  }

  private void reloadLater(long id, int failures) {
    exec.schedule(() -> {
      try {
        afterChange.accept(load.apply(id));
      } catch (RuntimeException e) {
        if (e instanceof Refused r && r.kind() == Refused.Kind.NOT_FOUND) return; // deleted: nothing to bring back
        if (e instanceof Ownership.OwnedElsewhere) return; // another node runs it
        if (DatabaseOutage.isUnreachable(e)) outageLog.warn("reloading game " + id + " (tried again later)", e);
        else LOG.warn("game {} could not be reloaded ({}); trying again", id, e.toString());
        reloadLater(id, failures + 1);
      }
    }, Backoff.delayMillis(failures), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    Workers.stop(exec);
  }
}
