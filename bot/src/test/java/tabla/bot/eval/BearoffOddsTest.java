package tabla.bot.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import tabla.core.Position;

/** Two-sided chances from the one-sided database, and the evaluator using them. */
class BearoffOddsTest {
  static final OneSidedBearoff DB = OneSidedBearoff.get();

  static float[] odds(Position p) {
    float[] out = new float[5];
    BearoffOdds.probabilities(DB, p, out);
    return out;
  }

  @Test
  void oneCheckerEachOnTheOnePointIsWonByTheMover() {
    Position p = Position.of(Position.side(1, 1), Position.side(1, 1)).get();
    assertThat(odds(p)[0]).isEqualTo(1f);
  }

  @Test
  void symmetricPositionsFavourTheSideOnRoll() {
    int[][] boards = {Position.side(6, 2), Position.side(6, 5, 5, 5, 4, 5), Position.side(1, 3, 2, 3, 3, 3, 4, 2, 5, 2, 6, 2)};
    for (int[] side : boards) {
      float[] o = odds(Position.of(side, side).get());
      assertThat(o[0]).isGreaterThan(0.5f).isLessThan(1f);
    }
  }

  @Test
  void twoOnTheSixAgainstTwoOnTheSixByHand() {
    // Mover wins unless it misses in one roll (30/36) and the opponent then finishes in one (6/36)... and so on;
    // P(win) = sum_a P(A = a) P(B >= a), which the test recomputes from the one-sided table.
    int i = OneSidedBearoffTest.idx(0, 0, 0, 0, 0, 2);
    double win = 0;
    for (int a = 1; a < 10; a++) {
      double tail = 0;
      for (int b = a; b < 20; b++) tail += DB.offProbability(i, b);
      win += DB.offProbability(i, a) * tail;
    }
    Position p = Position.of(Position.side(6, 2), Position.side(6, 2)).get();
    assertThat(odds(p)[0]).isCloseTo((float) win, within(1e-6f));
    // At least the mover's one-roll finishes (6/36), plus all the cases where the opponent also needs 2+.
    assertThat(win).isGreaterThan(6.0 / 36 + 30.0 / 36 * 30.0 / 36 * 0.5);
  }

  @Test
  void gammonsOnlyWhileNoCheckerIsOff() {
    // 15 each: the mover far ahead (all on the 1-point) against 15 on the 6-point.
    Position p = Position.of(Position.sideOf(15, 1, 15), Position.sideOf(15, 6, 15)).get();
    float[] o = odds(p);
    assertThat(o[0]).isGreaterThan(0.99f);
    assertThat(o[1]).isGreaterThan(0f).isLessThanOrEqualTo(o[0]);
    assertThat(o[3]).isEqualTo(0f);
    assertThat(o[2]).isEqualTo(0f);
    // One of the opponent's checkers already off: no gammon to win.
    Position q = Position.of(Position.sideOf(15, 1, 15), Position.sideOf(15, 6, 14)).get();
    assertThat(odds(q)[1]).isEqualTo(0f);
    // Seen from the other side, the gammon is a loss for the player behind.
    Position back = Position.of(Position.sideOf(15, 6, 15), Position.sideOf(15, 1, 15)).get();
    assertThat(odds(back)[3]).isGreaterThan(0f);
  }

  @Test
  void appliesOnlyWhenBothSidesAreHome() {
    assertThat(BearoffOdds.applies(Position.of(Position.side(6, 2), Position.side(6, 2)).get())).isTrue();
    assertThat(BearoffOdds.applies(Position.of(Position.side(7, 1, 6, 2), Position.side(6, 2)).get())).isFalse();
    assertThat(BearoffOdds.applies(Position.of(Position.side(6, 2), Position.side(25, 1)).get())).isFalse();
    assertThat(BearoffOdds.applies(Position.START)).isFalse();
  }

  @Test
  void bundledEvaluatorUsesTheDatabaseInBearoffs() {
    Position p = Position.of(Position.side(1, 1), Position.side(6, 5, 5, 5)).get();
    float[] out = new float[5];
    Evaluator e = Evaluator.bundled();
    e.evaluate(p, e.scratch(), out);
    assertThat(out[0]).isEqualTo(1f);
    assertThat(out[1]).isEqualTo(0f); // 5 of the opponent's are off
  }
}
