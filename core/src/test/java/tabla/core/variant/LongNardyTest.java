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
import tabla.core.match.GameResult;

/** Long Nardy (rules.md §2.1). Opponent points are given in his own numbering: his q is my (q + 11) % 24 + 1. */
class LongNardyTest {
  private final Variant nardy = Variants.of("nardy");
  private final Turn first = new Turn(1, 1);
  private final Turn later = new Turn(7, 4);

  @Test
  void onTheFirstRoll66_44_33TakeTwoOffTheHead() {
    Position start = nardy.start();
    // 18/12 is his head: two sixes are lost.
    assertThat(plays(nardy, start, 6, 6, first)).containsExactly("24/18(2)");
    assertThat(plays(nardy, start, 4, 4, first)).containsExactly("24/16(2)");
    assertThat(plays(nardy, start, 3, 3, first)).containsExactlyInAnyOrder("24/15 24/21", "24/18(2)");
    // Any other roll, and these doubles later, take one.
    assertThat(plays(nardy, start, 5, 5, first)).containsExactly("24/4");
  }

  @Test
  void theHeadRuleLetsOneCheckerOffPerTurn() {
    // One checker off the head already; his head is my 12 and his 19 is my 7.
    Position p = pos(at(24, 14, 13, 1), at(24, 14, 19, 1));
    assertThat(plays(nardy, p, 5, 3, later)).containsExactlyInAnyOrder("24/19 13/10", "24/21 13/8", "24/16", "13/5");
    // A first-roll double only counts on the first roll.
    assertThat(plays(nardy, nardy.start(), 6, 6, later)).containsExactly("24/18");
  }

  @Test
  void sesBesTakesTwoOffOnlyWith66And44() {
    Variant sesBes = Variants.of("nardy:firstdoubles=66-44");
    assertThat(sesBes.name()).isEqualTo("nardy:firstdoubles=66-44");
    assertThat(plays(sesBes, sesBes.start(), 3, 3, first)).containsExactly("24/15"); // 15/12 is his head
    assertThat(plays(sesBes, sesBes.start(), 4, 4, first)).containsExactly("24/16(2)");
  }

  @Test
  void noSixPointBlockWithoutOneOfHisCheckersPastIt() {
    // My 11..7 are his 23..19; all his checkers on his head (my 12), none past them. Each step is checked:
    // 8/6 may come only after a move that opens one of 11..7 (11/10 8/6, not 8/6 alone with 6/5).
    Position p = pos(at(11, 1, 10, 1, 9, 1, 8, 2, 7, 1, 1, 9), at(24, 15));
    assertThat(plays(nardy, p, 2, 1, later)).containsExactlyInAnyOrder(
        "11/9 10/9", "11/8", "11/9 8/7", "11/9 7/6", "10/8 9/8", "10/7", "10/8 7/6", "11/10 9/7", "9/7 8/7",
        "9/6", "11/10 7/5", "10/9 7/5", "9/8 7/5", "8/5", "7/4", "11/10 8/6", "10/9 8/6", "8/7 8/6", "8/6 7/6");
    // With two on each of 11..7 nothing reaches 6 unless one of them is emptied.
    Position stacked = pos(at(11, 2, 10, 2, 9, 2, 8, 2, 7, 2, 1, 5), at(24, 15));
    assertThat(plays(nardy, stacked, 2, 1, later)).containsExactlyInAnyOrder(STACKED);
    // One checker of his on his 5 (my 17) is past the block: now it may stand.
    Position past = pos(at(11, 2, 10, 2, 9, 2, 8, 2, 7, 2, 1, 5), at(24, 14, 5, 1));
    assertThat(plays(nardy, past, 2, 1, later)).contains("11/10 8/6", "11/9 7/6");
  }

  private static final String[] STACKED = {
      "11/10 11/9", "11/9 10/9", "11/8", "11/9 8/7", "10/9 10/8", "10/8 9/8", "10/7", "11/10 9/7", "9/8 9/7",
      "9/7 8/7", "11/10 7/5", "10/9 7/5", "9/8 7/5", "8/5", "7/6 7/5", "7/4", "8/7 8/6"};

  @Test
  void bearOffAsInBackgammonOrExactOnly() {
    Position p = pos(at(5, 1, 3, 1), at(24, 15));
    assertThat(plays(nardy, p, 6, 2)).containsExactlyInAnyOrder("5/off 3/1", "5/off");
    // VOG: a checker leaves only from the point its die names, so the 6 is lost.
    assertThat(plays(Variants.of("nardy:bearoff=exact"), p, 6, 2)).containsExactlyInAnyOrder("5/3", "3/1");
    assertThat(plays(Variants.of("nardy:bearoff=exact"), p, 5, 3)).containsExactly("5/off 3/off");
  }

  @Test
  void aGameCountsOneOrMarsAndKoksOnlyWithItsOption() {
    assertThat(finish("nardy", at(6, 5)).result().points()).isEqualTo(1);
    assertThat(finish("nardy", at(6, 15)).result().points()).isEqualTo(2);
    assertThat(finish("nardy", at(20, 1, 6, 14)).result().points()).isEqualTo(2); // no koks by default
    assertThat(finish("nardy:koks=start-quarter", at(20, 1, 6, 14)).result().points()).isEqualTo(3);
    assertThat(finish("nardy:koks=start-quarter", at(6, 15)).result().points()).isEqualTo(2);
    assertThat(Variants.of("nardy:koks=start-quarter").maxLevel()).isEqualTo(3);
  }

  /** Player 0 bears off his last checker (1/off) against {@code opponent}. */
  private static Game finish(String variant, int[] opponent) {
    return move(roll(setUp(variant, pos(at(1, 1), opponent)), 2, 1), "1/off");
  }

  @Test
  void withTheDrawRuleTheSecondPlayerGetsALastRoll() {
    // Player 0 rolls first (his roll makes the counts 2 to 1) and bears off his last checker.
    Game g = finish("nardy:draw=on", at(6, 1, 1, 1));
    assertThat(g.isOver()).isFalse();
    assertThat(g.mover()).isEqualTo(1);
    Game drawn = move(roll(g, 6, 1), "6/off 1/off");
    assertThat(drawn.result().isDraw()).isTrue();
    assertThat(drawn.result().end()).isEqualTo(GameResult.End.DRAW);
    Game lost = move(roll(g, 2, 1), "6/4 1/off");
    assertThat(lost.result().winner()).hasValue(0);
    assertThat(lost.result().points()).isEqualTo(1);
    // Without the rule the first to finish wins at once.
    assertThat(finish("nardy", at(2, 1, 1, 1)).result().winner()).hasValue(0);
  }
}
