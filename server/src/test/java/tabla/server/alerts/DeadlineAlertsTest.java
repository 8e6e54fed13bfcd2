package tabla.server.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.server.games.GameService.Deadline;

/**
 * A correspondence move's time running out is told a day before and an hour before, once each, to the player to act;
 * not for a move that began with less time than the threshold, not for a live game, and anew for the next move.
 */
class DeadlineAlertsTest {
  private static final long HOUR = Duration.ofHours(1).toMillis();

  /** A clock the test moves. */
  private static final class Hands extends Clock {
    long now = 1_800_000_000_000L;

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(now);
    }
  }

  private final Hands clock = new Hands();
  private final List<Deadline> running = new ArrayList<>();
  private final List<String> told = new ArrayList<>();
  private final DeadlineAlerts alerts = new DeadlineAlerts(() -> List.copyOf(running),
      (user, kind, key, words, nameOf) -> told.add(user + " " + kind + " " + key + " game " + words.get("game")
          + " vs " + nameOf + " " + words.get("link")),
      clock, id -> "https://tabla.example/#/game/" + id);

  /** Runs the sweep every {@code step} for {@code span}. */
  private void sweep(long span, long step) {
    for (long t = 0; t < span; t += step) {
      alerts.run();
      clock.now += step;
    }
  }

  @Test
  void aDayAndAnHourBeforeOnceEachThenAgainForTheNextMove() {
    running.add(new Deadline(5, 1L, 2L, 2, "correspondence", 10, clock.now + 3 * 24 * HOUR));
    sweep(3 * 24 * HOUR - 60_000, 60_000); // every minute until a minute before the flag
    assertThat(told).containsExactly(
        "2 DEADLINES mail.alertDeadlineDay game 5 vs 1 https://tabla.example/#/game/5",
        "2 DEADLINES mail.alertDeadlineHour game 5 vs 1 https://tabla.example/#/game/5");
    // the next move: the other player, three days again
    running.set(0, new Deadline(5, 1L, 2L, 1, "correspondence", 12, clock.now + 3 * 24 * HOUR));
    sweep(3 * 24 * HOUR - 60_000, 60 * 60_000);
    assertThat(told).hasSize(4);
    assertThat(told.get(2)).startsWith("1 DEADLINES mail.alertDeadlineDay game 5 vs 2");
    assertThat(told.get(3)).startsWith("1 DEADLINES mail.alertDeadlineHour game 5 vs 2");
  }

  @Test
  void aShortMoveGetsOnlyTheThresholdsItCrossesAndLiveGamesNone() {
    running.add(new Deadline(6, 1L, 2L, 1, "correspondence", 3, clock.now + 2 * HOUR));
    running.add(new Deadline(7, 3L, 4L, 3, "live", 3, clock.now + 2 * HOUR));
    sweep(2 * HOUR + 60_000, 60_000); // past the flag too: nothing more once it fell
    assertThat(told).containsExactly("1 DEADLINES mail.alertDeadlineHour game 6 vs 2 https://tabla.example/#/game/6");
  }

  @Test
  void aGameNoLongerRunningIsForgotten() {
    running.add(new Deadline(8, 1L, 2L, 1, "correspondence", 3, clock.now + 2 * HOUR));
    sweep(HOUR + 60_000, 60_000);
    assertThat(told).hasSize(1);
    running.clear(); // it left memory or ended: what was told of it goes
    alerts.run();
    // seen again later (reloaded) with the same move: it starts afresh from there, past the hour already
    running.add(new Deadline(8, 1L, 2L, 1, "correspondence", 3, clock.now + HOUR - 120_000));
    sweep(HOUR - 180_000, 60_000);
    assertThat(told).hasSize(1);
  }
}
