package tabla.server.alerts;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import tabla.server.games.GameService.Deadline;

/**
 * "Your time to move runs out": once a day before and once an hour before, for a correspondence move, mailed to the
 * player to act. Run every {@link #EVERY}; it sees the deadlines of the games in memory (a game with a running clock
 * stays there). A threshold is told only if the move began before it (a 2-hour move gets no "a day left"), once per
 * move. What was told is kept per game while its deadline runs, so the memory is bounded by the running games; after
 * a restart a threshold already passed is not told again.
 */
final class DeadlineAlerts implements Runnable {
  /** How often the deadlines are looked at. */
  static final Duration EVERY = Duration.ofMinutes(1);
  /** The thresholds, largest first, each with its line's message key. */
  static final List<Map.Entry<Duration, String>> BEFORE = List.of(
      Map.entry(Duration.ofDays(1), "mail.alertDeadlineDay"),
      Map.entry(Duration.ofHours(1), "mail.alertDeadlineHour"));

  /** Where an alert goes ({@link MailAlerts#alert}). */
  @FunctionalInterface
  interface Sink {
    void alert(long user, AlertKind kind, String key, Map<String, String> words, Long nameOf);
  }

  /** One move's deadline as first seen: how much time it had then, and which thresholds were told. */
  private record Seen(int version, long fallsAt, long leftAtFirstSight, boolean[] told) {}

  private final Supplier<List<Deadline>> deadlines;
  private final Sink sink;
  private final Clock clock;
  private final java.util.function.LongFunction<String> gameLink;
  private Map<Long, Seen> seen = new HashMap<>();

  DeadlineAlerts(Supplier<List<Deadline>> deadlines, Sink sink, Clock clock,
      java.util.function.LongFunction<String> gameLink) {
    this.deadlines = deadlines;
    this.sink = sink;
    this.clock = clock;
    this.gameLink = gameLink;
  }

  @Override
  public synchronized void run() {
    long now = clock.millis();
    Map<Long, Seen> next = new HashMap<>();
    for (Deadline d : deadlines.get()) {
      if (!"correspondence".equals(d.mode())) continue;
      Seen s = seen.get(d.gameId());
      if (s == null || s.version() != d.version() || s.fallsAt() != d.fallsAt()) {
        s = new Seen(d.version(), d.fallsAt(), d.fallsAt() - now, new boolean[BEFORE.size()]);
      }
      next.put(d.gameId(), s);
      long left = d.fallsAt() - now;
      if (left <= 0) continue;
      // the smallest threshold crossed is the one to tell; the larger ones crossed with it count as told
      for (int i = BEFORE.size() - 1; i >= 0; i--) {
        long t = BEFORE.get(i).getKey().toMillis();
        if (s.told()[i] || left > t || t >= s.leftAtFirstSight()) continue;
        for (int j = 0; j <= i; j++) s.told()[j] = true;
        Long other = Long.valueOf(d.toAct()).equals(d.player0()) ? d.player1() : d.player0();
        sink.alert(d.toAct(), AlertKind.DEADLINES, BEFORE.get(i).getValue(), Map.of("game",
            String.valueOf(d.gameId()), "link", gameLink.apply(d.gameId())), other);
        break;
      }
    }
    seen = next; // games whose deadline stopped running are forgotten
  }
}
