package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.variant.RaceTest.play;
import static tabla.core.variant.RaceTest.plays;
import static tabla.core.variant.RaceTest.pos;
import static tabla.core.variant.RaceTest.setUp;

import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Phase;
import tabla.core.match.Rules;

/** Acey-deucey (rules.md §2.5): entry from the pool, the 1-2 with its chosen double and re-roll, the European version. */
class AceyDeuceyTest {
  private static final Variant ACEY = Variants.of("acey-deucey");
  private static final Variant EUROPEAN = Variants.of("acey-deucey:european=on");

  /** One checker of mine on the 10, fourteen off; his fifteen on my 13 (his 12), behind it. */
  private static final Position LAST = pos(15, 0, new int[] {10, 1}, 0, new int[] {12, 15});
  /** The same, but he holds my 1 to 6 (his 19 to 24) and my 24 (his 1). */
  private static final Position PRIMED = pos(15, 0, new int[] {10, 1}, 0,
      new int[] {19, 2, 20, 2, 21, 2, 22, 2, 23, 2, 24, 2, 1, 3});
  /** He holds my 1 to 5: after 10/7 only the double 1 goes on, and only to the 6. */
  private static final Position HALF = pos(15, 0, new int[] {10, 1}, 0,
      new int[] {20, 2, 21, 2, 22, 2, 23, 2, 24, 2, 1, 5});

  private static Play only(Variant v, Position p, int d1, int d2) {
    var list = v.legalPlays(p, new Dice(d1, d2));
    assertThat(list).hasSize(1);
    return list.get(0);
  }

  @Test
  void allFifteenStartWaitingAndThereIsNoCube() {
    assertThat(ACEY.start()).isEqualTo(Variants.of("race").start());
    assertThat(ACEY.cubeAllowed()).isFalse();
    assertThat(Match.start(Rules.match(5).toBuilder().variant("acey-deucey").cube(true).build()).error())
        .contains("without the cube");
    assertThat(plays(ACEY, ACEY.start(), 6, 5)).containsExactlyInAnyOrder("bar/20 bar/19", "bar/14");
  }

  @Test
  void checkersInMoveAndHitWhileOthersWait() {
    // Fourteen waiting, one on my 24; his blot on my 21 (his 4), the rest on my 13 (his 12).
    Position p = pos(15, 14, new int[] {24, 1}, 0, new int[] {4, 1, 12, 14});
    assertThat(plays(ACEY, p, 4, 3)).containsExactlyInAnyOrder("bar/22 bar/21*", "bar/21* 24/21", "bar/21*/18",
        "bar/22 24/20", "24/17", "bar/18", "24/21*/17");
    assertThat(plays(Variants.of("acey-deucey:entry=all-first"), p, 4, 3)).containsExactlyInAnyOrder("bar/22 bar/21*");
  }

  @Test
  void aceyDeuceyPlaysTheOneTheTwoAndAnyDoubleThenRollsAgain() {
    // 10/7, then 1-1 to the 3, or 2-2 (7/5/3/1/off): both use all six dice.
    assertThat(plays(ACEY, LAST, 1, 2)).containsExactlyInAnyOrder("10/3", "10/off");
    for (Play p : ACEY.legalPlays(LAST, new Dice(2, 1))) {
      assertThat(p.moves()).hasSize(6);
      assertThat(ACEY.rollsAgain(new Dice(2, 1), p)).isTrue();
    }
    Game g = play(setUp(ACEY, LAST), 1, 2, "10/3");
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
    assertThat(g.mover()).isZero();
    assertThat(g.position().mover(3)).isEqualTo(1);
    // A 1-2 rolled again: 3/2, 2/off, and the double is lost with the game won.
    g = play(g, 2, 1, "3/off");
    assertThat(g.isOver()).isTrue();
  }

  @Test
  void thePlaySaysWhichDoubleWasChosen_theSmallestThatPlaysABearOff() {
    java.util.Map<String, Integer> chosen = new java.util.HashMap<>();
    for (Play p : ACEY.legalPlays(LAST, new Dice(1, 2))) chosen.put(tabla.core.format.Notation.write(p), ACEY.chosenDouble(new Dice(1, 2), p));
    // 10/3 is 10/9/7 then 1-1 four times; 10/off ends 7/5/3/1/off with 2-2 (the last 2 bears off from the 1)
    assertThat(chosen).containsExactlyInAnyOrderEntriesOf(java.util.Map.of("10/3", 1, "10/off", 2));
    // the 1 and the 2 only: no double was played; nor with other dice, nor in other variants
    assertThat(ACEY.chosenDouble(new Dice(1, 2), only(ACEY, PRIMED, 1, 2))).isZero();
    assertThat(ACEY.chosenDouble(new Dice(3, 1), ACEY.legalPlays(LAST, new Dice(3, 1)).get(0))).isZero();
    assertThat(Variants.of("backgammon").chosenDouble(new Dice(1, 2), ACEY.legalPlays(LAST, new Dice(1, 2)).get(0))).isZero();
    // only the double 1 goes on, once
    assertThat(ACEY.chosenDouble(new Dice(1, 2), only(ACEY, HALF, 1, 2))).isEqualTo(1);
  }

  @Test
  void aPartThatCannotBePlayedLosesTheRestAndTheReroll() {
    // No double can move from the 7: the turn ends after 10/7 and passes.
    Play blocked = only(ACEY, PRIMED, 1, 2);
    assertThat(tabla.core.format.Notation.write(blocked)).isEqualTo("10/7");
    assertThat(ACEY.rollsAgain(new Dice(1, 2), blocked)).isFalse();
    Game g = play(setUp(ACEY, PRIMED), 1, 2, "10/7");
    assertThat(g.mover()).isEqualTo(1);
    // Only the double 1 moves on, once: three dice of six.
    Play half = only(ACEY, HALF, 1, 2);
    assertThat(tabla.core.format.Notation.write(half)).isEqualTo("10/6");
    assertThat(ACEY.rollsAgain(new Dice(1, 2), half)).isFalse();
  }

  @Test
  void europeanDoublesBringTheirComplementAndARerollAndBearOffIsExact() {
    Position two = pos(15, 0, new int[] {5, 2}, 0, new int[] {12, 15});
    assertThat(plays(ACEY, two, 6, 5)).containsExactlyInAnyOrder("5/off(2)");
    assertThat(plays(EUROPEAN, two, 6, 5)).containsExactlyInAnyOrder("5/off");
    // The 1-2 as in the American game, but 2-2 cannot bear off from the 1 (7/5/3/1, then 1/off with a
    // 2 is not exact): only 1-1 plays all six dice.
    Play p = only(EUROPEAN, LAST, 1, 2);
    assertThat(tabla.core.format.Notation.write(p)).isEqualTo("10/3");
    assertThat(EUROPEAN.rollsAgain(new Dice(1, 2), p)).isTrue();
    // 3-3 then 4-4 from the 20s: eight dice, and the same player rolls again.
    Position far = pos(15, 0, new int[] {20, 2}, 0, new int[] {1, 15});
    Game g = setUp(EUROPEAN, far).apply(new Action.Roll(new Dice(3, 3))).get();
    Play full = g.legalPlays().get(0);
    assertThat(full.moves()).hasSize(8);
    g = g.apply(new Action.Move(full)).get();
    assertThat(g.mover()).isZero();
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
    assertThat(play(setUp(ACEY, far), 3, 3, "20/14(2)").mover()).isEqualTo(1);
  }

  @Test
  void aCheckerStillWaitingMakesABackgammon() {
    Game g = play(setUp(ACEY, pos(15, 0, new int[] {1, 1}, 1, new int[] {6, 14})), 2, 1, "1/off");
    assertThat(g.result().winner()).hasValue(0);
    assertThat(g.result().points()).isEqualTo(3);
    assertThat(play(setUp(ACEY, pos(15, 0, new int[] {1, 1}, 0, new int[] {6, 14})), 6, 4, "1/off").result()
        .points()).isEqualTo(1);
  }

  @Test
  void optionsReadAndWriteBack() {
    assertThat(Variants.of("acey-deucey:entry=all-first,european=on").name())
        .isEqualTo("acey-deucey:european=on,entry=all-first");
    assertThat(Variants.parse("acey-deucey:european=maybe").error()).contains("european");
  }

  @Test
  void europeanAndAllFirstGamesEnd() {
    // Few: every European double lists thousands of plays (see VariantsTest); a European game costs about 2.5 CPU
    // seconds, 30 of each were a minute and a half of core's CPU time, and these end as the default's 100 do.
    assertThat(RandomGames.play(EUROPEAN, 10, 25).games()).isEqualTo(10);
    assertThat(RandomGames.play(Variants.of("acey-deucey:entry=all-first"), 10, 26).games()).isEqualTo(10);
  }
}
