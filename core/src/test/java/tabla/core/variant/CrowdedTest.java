package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.variant.RaceTest.play;
import static tabla.core.variant.RaceTest.plays;
import static tabla.core.variant.RaceTest.pos;
import static tabla.core.variant.RaceTest.setUp;

import org.junit.jupiter.api.Test;
import tabla.core.Position;
import tabla.core.match.Game;

/** Crowded Backgammon (rules.md §1.5): backgammon's fifteen and five waiting, twenty a side. */
class CrowdedTest {
  private static final Variant CROWDED = Variants.of("crowded");
  private static final Variant ALL_FIRST = Variants.of("crowded:entry=all-first");

  @Test
  void backgammonsStartWithFiveMoreWaiting() {
    Position s = CROWDED.start();
    assertThat(CROWDED.checkers()).isEqualTo(20);
    assertThat(s.moverCheckers()).isEqualTo(20);
    assertThat(s.opponentCheckers()).isEqualTo(20);
    assertThat(s.moverPool()).isEqualTo(5);
    assertThat(new int[] {s.mover(24), s.mover(13), s.mover(8), s.mover(6), s.mover(0)}).containsExactly(2, 5, 3, 5, 0);
    assertThat(s.moverPips()).isEqualTo(167 + 5 * 25);
    assertThat(CROWDED.validate(s).isOk()).isTrue();
    assertThat(CROWDED.validate(Position.START).error()).contains("extra cells");
    Position fifteen = Position.ofVariant(Position.START.moverSide(), Position.START.opponentSide(), new int[] {0},
        new int[] {0}).get();
    assertThat(CROWDED.validate(fifteen).error()).contains("20 checkers");
  }

  @Test
  void allFirstAtTheStartOnlyTheWaitingMayMove() {
    // The 6 cannot enter (the opponent's 6-point is my 19), so nothing else moves: the 5 alone.
    assertThat(plays(ALL_FIRST, ALL_FIRST.start(), 6, 5)).containsExactlyInAnyOrder("bar/20");
    // By default the board moves as in backgammon, and the five may enter.
    assertThat(plays(CROWDED, CROWDED.start(), 6, 5)).contains("24/13", "24/18 13/8", "bar/20 24/18", "bar/20 13/7",
        "bar/14").doesNotContain("bar/19");
  }

  @Test
  void checkersOnTheBoardMoveWhileOthersWaitUnlessAllFirst() {
    Position p = pos(20, 1, new int[] {6, 19}, 0, new int[] {3, 20});
    assertThat(plays(CROWDED, p, 4, 3)).containsExactlyInAnyOrder("bar/18", "bar/21 6/3", "6/3 6/2");
    assertThat(plays(ALL_FIRST, p, 4, 3)).containsExactlyInAnyOrder("bar/18", "bar/21 6/3");
  }

  @Test
  void aHitCheckerEntersBeforeTheFive() {
    Position p = pos(20, 5, new int[] {25, 1, 24, 1, 13, 5, 8, 3, 6, 5}, 5, new int[] {6, 5, 8, 3, 13, 5, 24, 2});
    assertThat(plays(CROWDED, p, 6, 5)).containsExactlyInAnyOrder("bar/20 24/18", "bar/14", "bar/20 13/7",
        "bar/20 8/2");
    assertThat(plays(CROWDED, p, 6, 6)).isEmpty();
  }

  @Test
  void bearingOffNeedsAllTwentyEntered() {
    assertThat(plays(CROWDED, pos(20, 1, new int[] {5, 19}, 0, new int[] {3, 20}), 6, 5))
        .containsExactlyInAnyOrder("bar/14");
    assertThat(plays(CROWDED, pos(20, 0, new int[] {5, 20}, 0, new int[] {3, 20}), 6, 5))
        .containsExactlyInAnyOrder("5/off(2)");
  }

  @Test
  void winsAndGammonsCountAllTwenty() {
    // Fifteen off is not a win while five wait.
    assertThat(CROWDED.ending(pos(20, 5, new int[] {}, 0, new int[] {6, 20}))).isEmpty();
    Game bg = play(setUp(CROWDED, pos(20, 0, new int[] {1, 1}, 1, new int[] {6, 19})), 2, 1, "1/off");
    assertThat(bg.result().winner()).hasValue(0);
    assertThat(bg.result().points()).isEqualTo(3); // one still waiting
    assertThat(play(setUp(CROWDED, pos(20, 0, new int[] {1, 1}, 0, new int[] {6, 20})), 2, 1, "1/off").result()
        .points()).isEqualTo(2);
    assertThat(play(setUp(CROWDED, pos(20, 0, new int[] {1, 1}, 0, new int[] {6, 19})), 2, 1, "1/off").result()
        .points()).isEqualTo(1);
  }

  @Test
  void allFirstGamesEnd() {
    RandomGames.Tally t = RandomGames.play(ALL_FIRST, 1_000, 37);
    assertThat(t.atLeast(3)).isPositive();
  }
}
