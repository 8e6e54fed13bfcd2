package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.variant.ParallelTesting.at;
import static tabla.core.variant.ParallelTesting.move;
import static tabla.core.variant.ParallelTesting.plays;
import static tabla.core.variant.ParallelTesting.pos;
import static tabla.core.variant.ParallelTesting.roll;
import static tabla.core.variant.ParallelTesting.setUp;

import org.junit.jupiter.api.Test;
import tabla.core.Position;
import tabla.core.match.Game;

/** Fevga (rules.md §1.10). Opponent points are given in his own numbering: his q is my (q + 11) % 24 + 1. */
class FevgaTest {
  private final Variant fevga = Variants.of("fevga");

  @Test
  void startsWithFifteenOnTheOwn24AndTheOpponentsStartIsMy12() {
    Position p = fevga.start();
    assertThat(p.mover(24)).isEqualTo(15);
    assertThat(p.opponent(24)).isEqualTo(15);
    assertThat(p.opponentAt(12)).isZero(); // opponentAt is the contrary numbering; parallel is the variant's
    assertThat(fevga.geometry().other(12)).isEqualTo(24);
    assertThat(fevga.cubeAllowed()).isFalse();
    assertThat(fevga.maxLevel()).isEqualTo(2);
  }

  @Test
  void theFirstCheckerMustPassTheOpponentsStartBeforeAnotherLeaves() {
    Position start = fevga.start();
    // rules.md: a first 6-6 plays 24/18 and stops (18/12 is his start; no other checker may leave).
    assertThat(plays(fevga, start, 6, 6)).containsExactly("24/18");
    assertThat(plays(fevga, start, 6, 5)).containsExactly("24/13");
    assertThat(plays(fevga, start, 4, 4)).containsExactly("24/16");
    // Still short of my 11: the second roll moves the same checker only.
    Position second = pos(at(24, 14, 16, 1), at(24, 14, 22, 1)); // his 22 is my 10
    // 16/13/12 and 16/15/12 end on his start: one die only, so the larger.
    assertThat(plays(fevga, second, 3, 1)).containsExactly("16/13");
  }

  @Test
  void oncePastAnyCheckerMayLeaveThe24() {
    // My 9 is past his start; his checkers: 13 on his 24 (my 12), one on his 20 (my 8), one on his 14 (my 2).
    Position p = pos(at(24, 14, 9, 1), at(24, 13, 20, 1, 14, 1));
    assertThat(plays(fevga, p, 6, 3)).containsExactlyInAnyOrder(
        "24/21 24/18", "24/15", "24/18 9/6", "24/21 9/3");
  }

  @Test
  void aSingleCheckerOwnsItsPoint() {
    // His single checkers on his 20 (my 8) and his 17 (my 5) close those points: 9/5, 9/8, 9/4 are out.
    Position p = pos(at(9, 1, 1, 14), at(20, 1, 17, 1, 1, 13));
    assertThat(plays(fevga, p, 4, 1)).isEmpty();
    assertThat(plays(fevga, p, 4, 2)).containsExactly("9/3"); // 9/7/3: the 4 only after the 2
  }

  @Test
  void allSixPointsOfTheStartingQuarterMayNotBeHeld() {
    // 24 (2), 23, 22, 21, 20 held; his checkers (his 6..2 = my 18..14) close every 5 but 24/19.
    Position p = pos(at(24, 2, 23, 1, 22, 1, 21, 1, 20, 1, 1, 9), at(6, 3, 5, 3, 4, 3, 3, 3, 2, 3));
    // 24/19 alone would hold 19–24; it is fine once a 1 has emptied another point of the quarter.
    assertThat(plays(fevga, p, 5, 1)).containsExactlyInAnyOrder(
        "24/19 23/22", "24/19 22/21", "24/19 21/20", "24/19 20/19", "24/23 24/19");
  }

  @Test
  void aPrimeWithAllHisCheckersDirectlyBehindItMustBeOpened() {
    // All his 15 on his 8 (my 20); my 19, 18, 17(2), 16, 15 are five points of his 7..2: 17/14 would make
    // the sixth (his 2 = my 14) with all his checkers directly behind, so it is not allowed while other
    // plays are.
    Position p = pos(at(19, 1, 18, 1, 17, 2, 16, 1, 15, 1, 1, 9), at(8, 15));
    assertThat(Fevga.trapsAll(pos(at(19, 1, 18, 1, 17, 1, 16, 1, 15, 1, 14, 1, 1, 9), at(8, 15)))).isTrue();
    // Merged where two ways reach one position (19/17 17/16 is 19/16); 17/14, 17/15 15/14, 17/16 16/14 trap him.
    assertThat(plays(fevga, p, 2, 1)).containsExactlyInAnyOrder(
        "19/16", "18/15", "16/13", "15/12",
        "19/17 18/17", "19/17 16/15", "19/17 15/14", "18/16 17/16", "18/16 15/14",
        "19/18 17/15", "17/16 17/15", "17/15 16/15", "19/18 16/14", "18/17 16/14", "16/14 15/14",
        "19/18 15/13", "18/17 15/13", "17/16 15/13");
    // With a checker of his past the block (on his 1 = my 13), the prime may stand.
    Position free = pos(at(19, 1, 18, 1, 17, 2, 16, 1, 15, 1, 1, 9), at(8, 14, 1, 1));
    assertThat(plays(fevga, free, 2, 1)).contains("17/14");
  }

  @Test
  void bearOffIsBackgammons() {
    Position p = pos(at(5, 1, 3, 1), at(24, 15));
    assertThat(plays(fevga, p, 6, 2)).containsExactlyInAnyOrder("5/off 3/1", "5/off");
  }

  @Test
  void aGameCountsOneOrTwoWhenTheLoserBoreOffNone() {
    Game single = move(roll(setUp("fevga", pos(at(1, 1), at(6, 5))), 2, 1), "1/off");
    assertThat(single.isOver()).isTrue();
    assertThat(single.result().winner()).hasValue(0);
    assertThat(single.result().points()).isEqualTo(1);
    Game mars = move(roll(setUp("fevga", pos(at(1, 1), at(6, 15))), 2, 1), "1/off");
    assertThat(mars.result().points()).isEqualTo(2);
    assertThat(mars.result().winner()).hasValue(0);
  }
}
