package tabla.cli;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** What the load test counts: accepted actions and their latency, refusals, errors, events, matches, sockets. */
final class LoadStats {
  private long[] latencies = new long[1 << 16];
  private int count;
  final AtomicLong stale = new AtomicLong();
  final AtomicInteger errors = new AtomicInteger();
  final AtomicLong events = new AtomicLong();
  final AtomicInteger matchesFinished = new AtomicInteger();
  final AtomicInteger socketsOpen = new AtomicInteger();
  final AtomicInteger gamesHeld = new AtomicInteger();

  /** Matches start playing as soon as they are set up; the figures count from the end of the set-up. */
  private volatile boolean counting;

  void startCounting() {
    counting = true;
  }

  /** An accepted action: from sending it (POST or socket message) to its answer (stored and broadcast by then). */
  synchronized void accepted(long nanos) {
    if (!counting) return;
    if (count == latencies.length) latencies = Arrays.copyOf(latencies, count * 2);
    latencies[count++] = nanos;
  }

  synchronized int acceptedCount() {
    return count;
  }

  void error(String what) {
    if (errors.incrementAndGet() <= 20) System.err.println("load test: " + what);
  }

  /** One line per figure; {@code seconds} is how long the actions were sent. */
  synchronized String report(double seconds) {
    if (count == 0) return "no actions were accepted (errors: " + errors.get() + ")";
    long[] l = Arrays.copyOf(latencies, count);
    Arrays.sort(l);
    return String.format("games held at once: %d (%d WebSockets open at the end); actions accepted: %d in %.1f s (%.0f/s); "
            + "refused as stale: %d; matches finished: %d; WebSocket events received: %d; errors: %d%n"
            + "action latency (sent to answer, stored and broadcast): p50 %.1f ms, p99 %.1f ms, max %.1f ms",
        gamesHeld.get(), socketsOpen.get(), count, seconds, count / seconds, stale.get(), matchesFinished.get(),
        events.get(), errors.get(), pct(l, 0.50), pct(l, 0.99), l[l.length - 1] / 1e6);
  }

  private static double pct(long[] sorted, double p) {
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
  }
}
