package tabla.core.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Reserve per match, Bronstein delay per move, pauses and a fallen flag, without waiting. */
class MatchClockTest {
  static final ClockSettings S = ClockSettings.custom(60, 10); // 1 minute a point, 10 s delay

  @Test
  void presetsAndTheReserveForTheMatchLength() {
    assertThat(ClockSettings.preset("standard")).isEqualTo(new ClockSettings(120_000, 12_000));
    assertThat(ClockSettings.preset("blitz").reserveMillis(5)).isEqualTo(5 * 60_000);
    assertThat(ClockSettings.preset("slow").delayMillis()).isEqualTo(15_000);
    assertThat(ClockSettings.preset("hourglass")).isNull();
    assertThat(ClockSettings.STANDARD.reserveMillis(0)).as("money play: as one point").isEqualTo(120_000);
    MatchClock c = MatchClock.of(S, 7);
    assertThat(c.reserve(0)).isEqualTo(7 * 60_000);
    assertThat(c.reserve(1)).isEqualTo(7 * 60_000);
    assertThat(c.running()).isEqualTo(-1);
    assertThatThrownBy(() -> new ClockSettings(0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ClockSettings.custom(-1, 5)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aMoveWithinTheDelayCostsNothingAndAnUnusedDelayIsNotKept() {
    MatchClock c = MatchClock.of(S, 1).start(0, 1_000).stop(9_000); // 8 s of a 10 s delay
    assertThat(c.reserve(0)).isEqualTo(60_000);
    c = c.start(0, 20_000).stop(30_000); // exactly the delay
    assertThat(c.reserve(0)).isEqualTo(60_000);
  }

  @Test
  void timeBeyondTheDelayComesOffTheReserve() {
    MatchClock c = MatchClock.of(S, 1).start(1, 0);
    assertThat(c.delayLeftAt(4_000)).isEqualTo(6_000);
    assertThat(c.reserveAt(1, 25_000)).isEqualTo(45_000);
    assertThat(c.reserveAt(0, 25_000)).as("the other clock does not run").isEqualTo(60_000);
    c = c.stop(25_000);
    assertThat(c.reserve(1)).isEqualTo(45_000);
    assertThat(c.running()).isEqualTo(-1);
  }

  @Test
  void startingTheOtherPlayerStopsTheFirst() {
    MatchClock c = MatchClock.of(S, 1).start(0, 0).start(1, 30_000);
    assertThat(c.reserve(0)).isEqualTo(40_000);
    assertThat(c.running()).isEqualTo(1);
    assertThat(c.since()).isEqualTo(30_000);
    assertThat(c.start(1, 35_000)).as("already running").isEqualTo(c);
  }

  @Test
  void nothingRunsBetweenGamesOrForTheDoublerWhileTheOpponentDecides() {
    // player 0 doubles after 3 s; player 1 thinks for 40 s (his clock), then the game ends; a long pause
    MatchClock c = MatchClock.of(S, 3).start(0, 0).start(1, 3_000).stop(43_000);
    assertThat(c.reserve(0)).isEqualTo(180_000);
    assertThat(c.reserve(1)).isEqualTo(150_000);
    assertThat(c.fallen(10_000_000)).as("no clock runs between games").isEqualTo(-1);
    assertThat(c.flagFallsAt()).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void aFlagFallsWhenTheReserveAndTheDelayAreSpent() {
    MatchClock c = MatchClock.of(S, 1).start(1, 5_000);
    assertThat(c.flagFallsAt()).isEqualTo(5_000 + 10_000 + 60_000);
    assertThat(c.fallen(75_000)).isEqualTo(-1);
    assertThat(c.fallen(75_001)).isEqualTo(1);
    assertThat(c.stop(80_000).fallen(80_000)).as("a move after the flag fell does not save it").isEqualTo(1);
  }
}
