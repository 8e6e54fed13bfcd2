package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.clock.ClockSettings;

/** A room's clock follows whoever must act, waits for both boards, pauses for nobody, and resumes from stored reserves. */
class RoomClockTest {
  private static final ClockSettings TWO_MIN_12S = ClockSettings.STANDARD;
  private static final boolean[] PEOPLE = {false, false};

  private static RoomClock bothHere(long t) {
    RoomClock c = new RoomClock(TWO_MIN_12S, 3, PEOPLE, t);
    c.arrived(0, t);
    c.arrived(1, t);
    return c;
  }

  @Test
  void theDelayIsSpentFirstThenTheReserveAndOnlyTheActingPlayersClockRuns() {
    RoomClock c = bothHere(0);
    c.follow(0, 1_000);
    assertThat(c.view(1_000).running()).isEqualTo(0);
    // a roll and its move are one turn: the clock keeps running through the player's own actions
    c.follow(0, 5_000);
    c.follow(1, 21_000); // 20 s used: 12 s of delay, 8 s of reserve
    assertThat(c.reservesAt(21_000)).containsExactly(360_000L - 8_000, 360_000L);
    assertThat(c.view(21_000).running()).isEqualTo(1);
    assertThat(c.view(21_000).delayLeft()).isEqualTo(12_000);
    c.follow(0, 26_000); // within the delay: nothing off the reserve
    assertThat(c.reservesAt(26_000)).containsExactly(352_000L, 360_000L);
  }

  @Test
  void nobodysClockRunsBetweenGamesAndTheDoublersStopsWhileTheOtherDecides() {
    RoomClock c = bothHere(0);
    c.follow(0, 0);
    c.follow(1, 20_000); // player 0 doubled after 20 s: player 1 decides, 0's clock is stopped
    long r0 = c.reservesAt(20_000).get(0);
    assertThat(c.reservesAt(100_000).get(0)).as("the doubler's reserve while the other decides").isEqualTo(r0);
    c.follow(-1, 30_000); // the game ended: the pause between games
    assertThat(c.view(30_000).running()).isNull();
    assertThat(c.reservesAt(500_000)).isEqualTo(c.reservesAt(30_000));
    assertThat(c.fallen(10_000_000)).as("no flag falls while no clock runs").isEqualTo(-1);
    assertThat(c.flagFallsAt()).isZero();
  }

  @Test
  void aFlagFallsAfterTheDelayAndTheWholeReserve() {
    RoomClock c = new RoomClock(ClockSettings.custom(5, 2), 1, PEOPLE, 0);
    c.arrived(0, 0);
    c.arrived(1, 0);
    c.follow(1, 1_000);
    assertThat(c.flagFallsAt()).isEqualTo(8_000);
    assertThat(c.fallen(8_000)).isEqualTo(-1);
    assertThat(c.fallen(8_001)).isEqualTo(1);
  }

  @Test
  void theFirstClockWaitsForBothBoardsOrTheGracePeriod() {
    RoomClock c = new RoomClock(TWO_MIN_12S, 1, PEOPLE, 0);
    c.follow(0, 0);
    assertThat(c.view(5_000).startsIn()).isEqualTo(RoomClock.GRACE_MILLIS - 5_000);
    assertThat(c.fallen(RoomClock.GRACE_MILLIS + 131_000)).as("counted from the end of the grace").isEqualTo(-1);
    RoomClock d = new RoomClock(TWO_MIN_12S, 1, PEOPLE, 0);
    d.follow(0, 0);
    assertThat(d.arrived(0, 3_000)).isFalse();
    assertThat(d.arrived(1, 4_000)).as("both boards open: it starts now").isTrue();
    assertThat(d.view(4_000).startsIn()).isZero();
    assertThat(d.flagFallsAt()).isEqualTo(4_000 + 12_000 + 120_000);
  }

  @Test
  void aRestartResumesFromTheStoredReservesAndAnUntimedGameHasNoClock() {
    RoomClock c = new RoomClock(TWO_MIN_12S, 3, PEOPLE, 0);
    c.restore(100_000, 42_000);
    c.arrived(0, 0);
    c.arrived(1, 0);
    c.follow(1, 0);
    assertThat(c.view(0).reserve()).containsExactly(100_000L, 42_000L);
    assertThat(c.flagFallsAt()).isEqualTo(12_000 + 42_000);
    RoomClock none = new RoomClock(null, 3, PEOPLE, 0);
    none.follow(0, 0);
    assertThat(none.timed()).isFalse();
    assertThat(none.view(0)).isNull();
    assertThat(none.reservesAt(0)).isNull();
    assertThat(none.fallen(Long.MAX_VALUE)).isEqualTo(-1);
  }

  @Test
  void theNextGameWaitsForBothContinuesOrTenSeconds() {
    BetweenGames p = new BetweenGames(PEOPLE);
    p.waitFor(2, 1_000);
    assertThat(p.over(1_000)).isFalse();
    p.setReady(0);
    assertThat(p.over(5_000)).as("one of two").isFalse();
    assertThat(p.view(5_000).ready()).containsExactly(true, false);
    assertThat(p.over(1_000 + BetweenGames.MILLIS)).as("the pause ran out").isTrue();
    p.setReady(1);
    assertThat(p.over(1_001)).as("both").isTrue();
    p.waitFor(3, 60_000);
    assertThat(p.view(60_000).ready()).as("a new pause for the next game").containsExactly(false, false);
    assertThat(p.view(60_000).startsIn()).isEqualTo(BetweenGames.MILLIS);
    BetweenGames vsComputer = new BetweenGames(new boolean[] {false, true});
    vsComputer.waitFor(2, 0);
    vsComputer.setReady(0);
    assertThat(vsComputer.over(1)).as("the computer is always ready").isTrue();
  }
}
