package tabla.server;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The system's clock plus an offset the test moves forward, for a whole server ({@link TablaServer#start(
 * tabla.server.kernel.ServerConfig, tabla.server.cluster.ClusterSettings, Clock)}): time runs as it does (sessions,
 * rate limits, the page's ticking clocks), and a grace or a period the server would wait out passes at once when
 * moved over; the server's timers look at the clock every second, so they see it within about one. Stopped, it
 * stands where it is until moved: what a match clock charges is then exactly what the test moved, however slow the
 * machine.
 */
public final class MovableClock extends Clock {
  private long offsetMillis; // added to the system's time while it runs
  private long stoppedAt = -1; // epoch ms where it stands, or -1 while it runs

  /** Moves the time forward by {@code d} (never back: the server's clocks charge the time that passed). */
  public synchronized void advance(Duration d) {
    if (d.isNegative()) throw new IllegalArgumentException("the clock moves forward only: " + d);
    if (stoppedAt >= 0) stoppedAt += d.toMillis();
    else offsetMillis += d.toMillis();
  }

  /** From now on the time stands still, but for {@link #advance}. */
  public synchronized MovableClock stop() {
    if (stoppedAt < 0) stoppedAt = millis();
    return this;
  }

  @Override
  public synchronized long millis() {
    return stoppedAt >= 0 ? stoppedAt : System.currentTimeMillis() + offsetMillis;
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    if (!zone.equals(ZoneOffset.UTC)) throw new UnsupportedOperationException("the server's clock is in UTC");
    return this;
  }
}
