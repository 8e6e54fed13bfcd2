package tabla.bot.cube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The computed match equity table: symmetric, even at equal scores, monotone, known end values; the
 * published Kazaross-XG2 table as read, and the two compared.
 */
class MatchEquityTest {
  private static final MatchEquity MET = MatchEquity.computed();
  private static final MatchEquity KAZAROSS = MatchEquity.kazarossXG2();

  @Test
  void theBotPlaysThePublishedTable() {
    assertThat(MatchEquity.standard()).isSameAs(KAZAROSS);
  }

  @Test
  void kazarossXG2AsPublished() {
    // First row, second column: 1-away against 2-away (the Crawford game); the post-Crawford row.
    assertThat(KAZAROSS.mwc(1, 2, false)).isEqualTo(0.67736);
    assertThat(KAZAROSS.mwc(2, 1, false)).isCloseTo(1 - 0.67736, within(1e-9));
    assertThat(KAZAROSS.mwc(2, 1, true)).isEqualTo(0.48803);
    assertThat(KAZAROSS.mwc(1, 2, true)).isCloseTo(1 - 0.48803, within(1e-9));
    assertThat(KAZAROSS.mwc(1, 1, false)).isEqualTo(0.5);
    for (int a = 1; a <= 25; a++) {
      for (int b = 1; b <= 25; b++) {
        assertThat(KAZAROSS.mwc(a, b, false) + KAZAROSS.mwc(b, a, false)).as("%d-away %d-away", a, b).isCloseTo(1, within(1e-6));
        if (b < 25) assertThat(KAZAROSS.mwc(a, b + 1, false)).isGreaterThan(KAZAROSS.mwc(a, b, false));
      }
    }
    // The free drop: 4-away post-Crawford is worth about what 3-away is.
    assertThat(KAZAROSS.mwc(4, 1, true)).isCloseTo(KAZAROSS.mwc(3, 1, true), within(0.02));
  }

  @Test
  void theComputedTableIsWithinThreePointsOfThePublishedOneUpToSeven() {
    for (int a = 1; a <= 7; a++) {
      for (int b = 1; b <= 7; b++) {
        assertThat(MET.mwc(a, b, false)).as("%d-away %d-away", a, b).isCloseTo(KAZAROSS.mwc(a, b, false), within(0.03));
      }
    }
  }

  @Test
  void symmetricAndEvenAtEqualScores() {
    for (int a = 1; a <= 25; a++) {
      assertThat(MET.mwc(a, a, false)).isCloseTo(0.5, within(1e-9));
      for (int b = 1; b <= 25; b++) {
        assertThat(MET.mwc(a, b, false) + MET.mwc(b, a, false)).as("%d-away %d-away", a, b).isCloseTo(1, within(1e-9));
        assertThat(MET.mwc(a, b, true) + MET.mwc(b, a, true)).isCloseTo(1, within(1e-9));
      }
    }
  }

  @Test
  void monotone() {
    for (int a = 1; a <= 25; a++) {
      for (int b = 1; b < 25; b++) {
        assertThat(MET.mwc(a, b + 1, false)).as("%d-away %d-away", a, b).isGreaterThanOrEqualTo(MET.mwc(a, b, false));
        assertThat(MET.mwc(b + 1, a, false)).isLessThanOrEqualTo(MET.mwc(b, a, false));
      }
    }
    assertThat(MET.mwc(2, 4, false)).isGreaterThan(MET.mwc(2, 3, false));
  }

  @Test
  void endsOfTheMatch() {
    assertThat(MET.mwc(0, 3, false)).isEqualTo(1);
    assertThat(MET.mwc(3, 0, false)).isEqualTo(0);
    assertThat(MET.mwc(1, 1, false)).isEqualTo(0.5);
    // Crawford game, 1-away against 2-away, gammon rate g: the trailer needs a gammon, or a single
    // win and then the post-Crawford game for the match: 1/2 + 1/2 (1 - g) / 2 = 0.7.
    assertThat(MET.mwc(1, 2, false)).isCloseTo(0.5 + 0.25 * (1 - MatchEquity.GAMMONS), within(1e-9));
    // Post-Crawford, 2-away against 1-away: the trailer doubles and the game decides the match.
    assertThat(MET.mwc(2, 1, true)).isCloseTo(0.5, within(1e-9));
    // The free drop: 4-away post-Crawford is worth no more than 3-away.
    assertThat(MET.mwc(4, 1, true)).isLessThanOrEqualTo(MET.mwc(3, 1, true));
  }

  @Test
  void leaderAtTwoAwayAgainstFourAwayIsAboutTwoThirds() {
    // Published tables put this near 67%; a computed table should be in the neighbourhood.
    assertThat(MET.mwc(2, 4, false)).isBetween(0.64, 0.72);
  }
}
