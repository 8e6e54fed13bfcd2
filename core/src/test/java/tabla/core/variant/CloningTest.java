package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.variant.RaceTest.play;
import static tabla.core.variant.RaceTest.plays;
import static tabla.core.variant.RaceTest.setUp;

import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.match.Game;

/** Cloning Backgammon (rules.md §1.7): each hit puts a new checker on the hitter's own bar. */
class CloningTest {
  private static final Variant CLONING = Variants.of("cloning");
  private static final Variant AT_END = Variants.of("cloning:clone=end-of-turn");

  private static Position of(int[] me, int[] them) {
    return Position.of(me, them).get();
  }

  /** Mine: one on the 9, the rest on the 2; his blot on my 6 (his 19), fourteen on my 24 (his 1). */
  private static final Position BLOT = of(Position.side(9, 1, 2, 14), Position.side(19, 1, 1, 14));

  private static Position result(Variant v, Position p, int d1, int d2, String written) {
    for (Play play : v.legalPlays(p, new Dice(d1, d2))) {
      if (tabla.core.format.Notation.write(play).equals(written)) return play.result();
    }
    throw new AssertionError(written);
  }

  @Test
  void startsAsBackgammon() {
    assertThat(CLONING.start()).isEqualTo(Position.START);
    assertThat(CLONING.validate(Position.START).isOk()).isTrue();
    assertThat(CLONING.cubeAllowed()).isTrue();
  }

  @Test
  void theCloneMustEnterWithTheDiceStillToPlay() {
    // 3-2: after 9/6* the clone takes the 2 (bar/23), so the hitter cannot go on to the 4.
    assertThat(plays(CLONING, BLOT, 3, 2)).containsExactlyInAnyOrder("bar/23 9/6*", "9/4");
    Position after = result(CLONING, BLOT, 3, 2, "bar/23 9/6*");
    assertThat(after.moverCheckers()).isEqualTo(16);
    assertThat(after.mover(23)).isEqualTo(1);
    assertThat(after.opponent(Position.BAR)).isEqualTo(1);
    // End of turn: the clone waits until the play is over, so the hitter may go on.
    // With no checker on the bar after 9/6*, all are home and the 2 may bear off.
    assertThat(plays(AT_END, BLOT, 3, 2)).containsExactlyInAnyOrder("9/6*/4", "9/6* 2/off", "9/4");
  }

  @Test
  void aCloneThatCannotEnterCostsTheRestOfTheRoll() {
    // 3-1: 9/6* first leaves the clone on the bar facing the closed 24, using one die; both dice must
    // be played, so the hit comes second (2/1 9/6*) or not at all.
    assertThat(plays(CLONING, BLOT, 3, 1)).containsExactlyInAnyOrder("9/5", "9/6* 2/1");
    assertThat(result(CLONING, BLOT, 3, 1, "9/6* 2/1").mover(Position.BAR)).isEqualTo(1);
    assertThat(plays(AT_END, BLOT, 3, 1)).containsExactlyInAnyOrder("9/6*/5", "9/6* 2/1", "9/5");
    assertThat(result(AT_END, BLOT, 3, 1, "9/6*/5").mover(Position.BAR)).isEqualTo(1);
  }

  @Test
  void enteringOnABlotClonesToo() {
    // On the bar; his blot on my 22 (his 3). The clone of the hit must enter as well.
    Position p = of(Position.side(25, 1, 2, 14), Position.side(3, 1, 1, 14));
    assertThat(plays(CLONING, p, 3, 3)).containsExactlyInAnyOrder("bar/22*/19(2)", "bar/22*/16 bar/22");
    assertThat(result(CLONING, p, 3, 3, "bar/22*/19(2)").mover(19)).isEqualTo(2);
    assertThat(plays(AT_END, p, 3, 3)).containsExactlyInAnyOrder("bar/22*/13");
    assertThat(result(AT_END, p, 3, 3, "bar/22*/13").mover(Position.BAR)).isEqualTo(1);
  }

  @Test
  void noCloneAtTheCap() {
    Variant capped = Variants.of("cloning:max=20");
    assertThat(capped.name()).isEqualTo("cloning:max=20");
    Position full = of(Position.sideOf(20, 9, 1, 2, 19), Position.side(19, 1, 1, 14));
    assertThat(plays(capped, full, 3, 2)).containsExactlyInAnyOrder("9/6*/4", "9/6* 2/off", "9/4");
    assertThat(result(capped, full, 3, 2, "9/6*/4").moverCheckers()).isEqualTo(20);
    assertThat(capped.validate(full).isOk()).isTrue();
    assertThat(capped.validate(of(Position.sideOf(21, 9, 1, 2, 20), Position.side(19, 1, 1, 14))).error())
        .contains("15 to 20");
  }

  @Test
  void validateAllowsGrownCountsOnly() {
    assertThat(CLONING.validate(of(Position.sideOf(17, 6, 2), Position.side(6, 2))).isOk()).isTrue();
    assertThat(CLONING.validate(of(Position.sideOf(14, 6, 2), Position.side(6, 2))).error()).contains("15 to 30");
    assertThat(CLONING.validate(of(Position.sideOf(31, 6, 2), Position.side(6, 2))).error()).contains("15 to 30");
  }

  @Test
  void theWinnerBearsOffAllHisCheckersAndTheLoserCountsAllOfHis() {
    // 17 checkers against 18: gammon when none of the 18 is off, single when one is.
    Game g = play(setUp(CLONING, of(Position.sideOf(17, 1, 1), Position.sideOf(18, 6, 18))), 2, 1, "1/off");
    assertThat(g.result().winner()).hasValue(0);
    assertThat(g.result().points()).isEqualTo(2);
    g = play(setUp(CLONING, of(Position.sideOf(17, 1, 1), Position.sideOf(18, 6, 17))), 2, 1, "1/off");
    assertThat(g.result().points()).isEqualTo(1);
    // Through the engine: the clone is on the hitter's bar when the turn passes.
    Game hit = play(setUp(CLONING, BLOT), 3, 2, "bar/23 9/6*");
    assertThat(hit.positionFor(0).moverCheckers()).isEqualTo(16);
    assertThat(hit.positionFor(0).mover(23)).isEqualTo(1);
    assertThat(hit.positionFor(1).mover(Position.BAR)).isEqualTo(1);
  }

  @Test
  void gamesWithClonesAtTheEndOfTheTurnOrUncappedEnd() {
    // 300 and 100 games (were 1,000 and 300): of 300 end-of-turn games 214 end in a gammon or more, and each
    // uncapped game costs about 0.1 CPU second (its longest of 100 ran 2,402 actions)
    assertThat(RandomGames.play(AT_END, 300, 92).atLeast(2)).isPositive();
    assertThat(RandomGames.play(Variants.of("cloning:max=100"), 100, 93).games()).isEqualTo(100);
  }
}
