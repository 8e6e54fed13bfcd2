package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.variant.ParallelTesting.at;
import static tabla.core.variant.ParallelTesting.move;
import static tabla.core.variant.ParallelTesting.plays;
import static tabla.core.variant.ParallelTesting.pos;
import static tabla.core.variant.ParallelTesting.roll;
import static tabla.core.variant.ParallelTesting.setUp;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.match.Game;
import tabla.core.match.Phase;

/** Gul bara (rules.md §2.2). Opponent points are given in his own numbering: his q is my (q + 11) % 24 + 1. */
class GulBaraTest {
  private final Variant gulbara = Variants.of("gulbara");
  private final Turn early = new Turn(3, 2);
  private final Turn later = new Turn(5, 3);

  @Test
  void noHeadRuleNoFirstCheckerRuleAndASingleCheckerBlocks() {
    Position start = gulbara.start();
    assertThat(plays(gulbara, start, 6, 6, early)).containsExactly("24/18(4)"); // 18/12 is his start
    assertThat(plays(gulbara, start, 4, 4, early)).containsExactlyInAnyOrder("24/16(2)", "24/16 24/20(2)", "24/20(4)");
    assertThat(plays(gulbara, start, 5, 3, early)).containsExactlyInAnyOrder("24/21 24/19", "24/16");
    // His single checker on his 22 (my 10) closes it.
    Position p = pos(at(14, 1, 1, 14), at(22, 1, 1, 14));
    assertThat(plays(gulbara, p, 4, 2, later)).containsExactly("14/8"); // not 14/10/8
  }

  @Test
  void afterTheFirstThreeRollsADoubleGoesOnWithEveryHigherDouble() {
    Play four = new Play(List.of(tabla.core.Move.of(24, 21, false), tabla.core.Move.of(21, 18, false),
        tabla.core.Move.of(18, 15, false), tabla.core.Move.of(15, 12, false)), gulbara.start());
    assertThat(gulbara.playsOn(new Dice(3, 3), four, early)).isNull();
    assertThat(gulbara.playsOn(new Dice(3, 3), four, new Turn(4, 2))).isEqualTo(new Dice(4, 4));
    assertThat(gulbara.playsOn(new Dice(6, 6), four, later)).isNull();
    assertThat(gulbara.playsOn(new Dice(3, 2), four, later)).isNull();
    // Per player: each player's own first three rolls play doubles plainly.
    Variant perPlayer = Variants.of("gulbara:from=4th-roll-of-player");
    assertThat(perPlayer.playsOn(new Dice(3, 3), four, new Turn(6, 3))).isNull();
    assertThat(perPlayer.playsOn(new Dice(3, 3), four, new Turn(7, 4))).isEqualTo(new Dice(4, 4));
  }

  @Test
  void theRestOfTheRollIsLostOnceADieCannotBePlayed() {
    // His checker on his 22 (my 10) stops the second 5: the other three and every 6 are lost.
    Position stuck = pos(at(20, 1, 1, 14), at(22, 1, 24, 14));
    List<Play> fives = gulbara.legalPlays(stuck, new Dice(5, 5), later);
    assertThat(plays(gulbara, stuck, 5, 5, later)).containsExactly("20/15");
    assertThat(gulbara.playsOn(new Dice(5, 5), fives.get(0), later)).isNull();
    // All four 5s play, but his checkers on his 20, 15, 6 and 1 (my 8, 3, 18, 13) stop every 6.
    Position p = pos(at(24, 2, 1, 13), at(24, 11, 20, 1, 15, 1, 6, 1, 1, 1));
    assertThat(plays(gulbara, p, 5, 5, later)).containsExactlyInAnyOrder("24/4", "24/9 24/19", "24/14(2)");
    for (Play play : gulbara.legalPlays(p, new Dice(5, 5), later)) {
      Dice next = gulbara.playsOn(new Dice(5, 5), play, later);
      assertThat(next).isEqualTo(new Dice(6, 6));
      assertThat(gulbara.legalPlays(play.result(), next, later)).isEmpty();
    }
  }

  @Test
  void theEnginePlaysTheHigherDoublesAsPlaysOfTheirOwn() {
    // Set up: both players have rolled once, so player 0's roll is the game's third and player 1's its fourth.
    Position p = pos(at(24, 1, 1, 14), at(24, 1, 1, 14));
    Game g = move(roll(setUp("gulbara", p), 5, 5), "24/4");
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
    assertThat(g.mover()).isEqualTo(1);
    g = move(roll(g, 5, 5), "24/4");
    assertThat(g.phase()).isEqualTo(Phase.MOVE);
    assertThat(g.mover()).isEqualTo(1);
    assertThat(g.dice()).isEqualTo(new Dice(6, 6));
    g = move(g, "4/off 1/off(3)");
    assertThat(g.mover()).isZero();
    // 3-3 for player 0: 3s, 4s, 5s and 6s bear off all fifteen, and the game ends in the middle of the roll.
    g = move(roll(g, 3, 3), "4/off 1/off(2)");
    g = move(g, "1/off(4)");
    g = move(g, "1/off(4)");
    assertThat(g.dice()).isEqualTo(new Dice(6, 6));
    g = move(g, "1/off(4)");
    assertThat(g.isOver()).isTrue();
    assertThat(g.result().winner()).hasValue(0);
    assertThat(g.result().points()).isEqualTo(1); // he bore off four
  }

  @Test
  void vogAddsLongNardysHeadAndBlockRules() {
    Variant vog = Variants.of("gulbara:vog=on");
    assertThat(vog.name()).isEqualTo("gulbara:vog=on");
    assertThat(plays(vog, vog.start(), 5, 3, new Turn(1, 1))).containsExactly("24/16");
    assertThat(plays(vog, vog.start(), 4, 4, new Turn(1, 1))).containsExactly("24/16(2)");
    Position stacked = pos(at(11, 2, 10, 2, 9, 2, 8, 2, 7, 2, 1, 5), at(24, 15));
    assertThat(plays(vog, stacked, 2, 1, later)).doesNotContain("11/10 8/6").contains("8/7 8/6");
    assertThat(plays(gulbara, stacked, 2, 1, later)).contains("11/10 8/6");
    assertThat(Variants.parse("gulbara:remainder=opponent").error()).contains("must be one of lost");
  }

  @Test
  void aGameCountsOneOrTwoWhenTheLoserBoreOffNone() {
    Game single = move(roll(setUp("gulbara", pos(at(1, 1), at(6, 5))), 2, 1), "1/off");
    assertThat(single.result().points()).isEqualTo(1);
    Game mars = move(roll(setUp("gulbara", pos(at(1, 1), at(6, 15))), 2, 1), "1/off");
    assertThat(mars.result().points()).isEqualTo(2);
    assertThat(mars.result().winner()).hasValue(0);
    assertThat(gulbara.cubeAllowed()).isFalse();
  }
}
