package tabla.bot.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tabla.core.Position;

/** The one-sided bear-off database against hand-computed cases and its own consistency. */
class OneSidedBearoffTest {
  static final OneSidedBearoff DB = OneSidedBearoff.get();

  /** The database index of the given home-board counts, points 1..6. */
  static int idx(int... counts) {
    byte[] b = new byte[7];
    for (int q = 1; q <= 6; q++) b[q] = (byte) counts[q - 1];
    return OneSidedBearoff.index(b, 0);
  }

  @Test
  void indexIsABijectionOntoTheTable() {
    assertThat(OneSidedBearoff.SIZE).isEqualTo(54_264);
    Set<Integer> seen = new HashSet<>();
    int[] c = new int[6];
    for (int n = 0; n < 1 << 24; n++) { // every count vector 0..15 per point, kept when the sum is at most 15
      int sum = 0;
      for (int q = 0; q < 6; q++) sum += c[q] = (n >> (4 * q)) & 15;
      if (sum > 15) continue;
      int i = idx(c);
      assertThat(i).isBetween(0, OneSidedBearoff.SIZE - 1);
      seen.add(i);
    }
    assertThat(seen).hasSize(OneSidedBearoff.SIZE);
  }

  @Test
  void oneCheckerOnTheOnePointNeedsExactlyOneRoll() {
    int i = idx(1, 0, 0, 0, 0, 0);
    assertThat(DB.offProbability(i, 1)).isEqualTo(1.0);
    assertThat(DB.expectedRollsToBearOff(i)).isCloseTo(1.0, within(1e-9));
    assertThat(DB.firstOffProbability(i, 1)).isEqualTo(1.0);
  }

  @Test
  void nothingLeftNeedsNoRolls() {
    assertThat(DB.offProbability(0, 0)).isEqualTo(1.0);
    assertThat(DB.expectedRollsToBearOff(0)).isEqualTo(0.0);
  }

  /**
   * Two checkers on the 6-point, by hand: only 3-3, 4-4, 5-5 and 6-6 (4/36) bear both off in one
   * roll (a non-double moves at most one off; 1-1 and 2-2 are too short). The expectation,
   * 49213/23328 = 2.10961 rolls, was worked out exactly with fractions by a separate small solver
   * written from the rules (not from this code): E = 1 + Σ over rolls of the best play's E.
   */
  @Test
  void twoCheckersOnTheSixPoint() {
    int i = idx(0, 0, 0, 0, 0, 2);
    assertThat(DB.offProbability(i, 1)).isCloseTo(4.0 / 36, within(1e-6));
    assertThat(DB.expectedRollsToBearOff(i)).isCloseTo(49213.0 / 23328, within(1e-6));
    // The first checker comes off at once with any six (11/36), 5-1 or 4-2 (4/36), 2-2, 3-3, 4-4 or 5-5 (4/36).
    assertThat(DB.firstOffProbability(i, 1)).isCloseTo(19.0 / 36, within(1e-6));
    assertThat(DB.expectedRollsToFirstOff(i)).isCloseTo(479.0 / 324, within(1e-6)); // same solver
    // By the same solver: three on the 6-point 44038793/15116544; one each on 2, 4, 6 50437/23328;
    // two on 1, three on 3, one on 6: 52929661/15116544.
    assertThat(DB.expectedRollsToBearOff(idx(0, 1, 0, 1, 0, 1))).isCloseTo(50437.0 / 23328, within(1e-6));
    assertThat(DB.expectedRollsToBearOff(idx(2, 0, 3, 0, 0, 1))).isCloseTo(52929661.0 / 15116544, within(1e-6));
    assertThat(DB.expectedRollsToBearOff(idx(0, 0, 0, 0, 0, 3))).isCloseTo(44038793.0 / 15116544, within(1e-6));
  }

  @Test
  void oneCheckerOnTheSixPointByHand() {
    // Off in one roll with a 6 on either die (11/36) or a sum of 6+ with the pieces legal: 5-1, 4-2, 3-3 (4+2+... ) etc.
    // Count the rolls whose pips reach 6 (doubles count four times): all but 1-2, 1-3, 1-4, 2-3 (and 1-1 = 4 pips):
    // 1-1 (1), 1-2 (2), 1-3 (2), 1-4 (2), 2-3 (2) fail = 9/36; so 27/36 in one roll, and the rest in two.
    int i = idx(0, 0, 0, 0, 0, 1);
    assertThat(DB.offProbability(i, 1)).isCloseTo(27.0 / 36, within(1e-6));
    assertThat(DB.offProbability(i, 2)).isCloseTo(9.0 / 36, within(1e-6));
    assertThat(DB.expectedRollsToBearOff(i)).isCloseTo(1 + 9.0 / 36, within(1e-6));
  }

  @Test
  void everyDistributionSumsToOneAndMatchesItsMean() {
    for (int i = 0; i < OneSidedBearoff.SIZE; i++) {
      double sum = 0;
      double mean = 0;
      double first = 0;
      for (int k = 0; k < OneSidedBearoff.MAX_ROLLS; k++) {
        sum += DB.offProbability(i, k);
        mean += k * DB.offProbability(i, k);
        first += DB.firstOffProbability(i, k);
      }
      assertThat(sum).as("position %d", i).isCloseTo(1, within(1e-5));
      assertThat(first).as("position %d", i).isCloseTo(1, within(1e-5));
      assertThat(mean).as("position %d", i).isCloseTo(DB.expectedRollsToBearOff(i), within(1e-4));
      assertThat(DB.expectedRollsToFirstOff(i)).isLessThanOrEqualTo(DB.expectedRollsToBearOff(i) + 1e-9);
    }
  }

  @Test
  void addingACheckerNeverHelps() {
    int[] c = new int[6];
    for (int n = 0; n < 1 << 24; n += 7) { // a sample of count vectors
      int sum = 0;
      for (int q = 0; q < 6; q++) sum += c[q] = (n >> (4 * q)) & 15;
      if (sum >= 15) continue;
      int before = idx(c);
      for (int q = 0; q < 6; q++) {
        c[q]++;
        int after = idx(c);
        c[q]--;
        // (Not so for the first checker off: two on the 6-point take longer than one, as 4-3 bears one
        // checker off from the 6-point alone but not past a second checker there.)
        // In expectation only: play that minimises the mean need not be slower at every roll count.
        assertThat(DB.expectedRollsToBearOff(after)).isGreaterThanOrEqualTo(DB.expectedRollsToBearOff(before) - 1e-9);
      }
    }
  }

  @Test
  void buildsInAFewSeconds() {
    long t0 = System.nanoTime();
    OneSidedBearoff.build();
    double s = (System.nanoTime() - t0) / 1e9;
    System.out.printf("bear-off database built in %.2f s%n", s);
    assertThat(s).isLessThan(30); // generous: a loaded 2-core machine; about a second when idle
  }

  @Test
  void fifteenOnTheSixPointIsTheSlowest() {
    int worst = idx(0, 0, 0, 0, 0, 15);
    double max = 0;
    for (int i = 0; i < OneSidedBearoff.SIZE; i++) max = Math.max(max, DB.expectedRollsToBearOff(i));
    assertThat(DB.expectedRollsToBearOff(worst)).isEqualTo(max);
    assertThat(max).isBetween(10.0, 20.0);
  }

  @Test
  void moverAndOpponentIndexReadTheirOwnHomeBoards() {
    Position p = Position.of(Position.side(1, 2, 6, 3), Position.side(2, 4, 5, 1)).get();
    assertThat(OneSidedBearoff.moverIndex(p)).isEqualTo(idx(2, 0, 0, 0, 0, 3));
    assertThat(OneSidedBearoff.opponentIndex(p)).isEqualTo(idx(0, 4, 0, 0, 1, 0));
  }
}
