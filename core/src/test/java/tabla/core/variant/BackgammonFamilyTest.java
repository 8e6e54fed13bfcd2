package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/**
 * Hand-made positions with their exact legal plays for the variants that move as backgammon does
 * (Nackgammon, Portes, Anti: fifteen checkers; Hypergammon: three), and each one's scoring. The
 * backgammon cases T1–T11 themselves are in TrickyCasesTest.
 */
class BackgammonFamilyTest {
  /** Mover from (point, count) pairs of {@code n} checkers; opponent's pairs given in the MOVER's numbering. */
  static Position pos(int n, int[] mover, int[] opponentInMoversNumbering) {
    int[] own = opponentInMoversNumbering.clone();
    for (int i = 0; i < own.length; i += 2) {
      if (own[i] != Position.BAR) own[i] = 25 - own[i];
    }
    return Position.of(Position.sideOf(n, mover), Position.sideOf(n, own)).get();
  }

  static List<String> plays(String variant, Position p, int d1, int d2) {
    return Variants.of(variant).legalPlays(p, new Dice(d1, d2)).stream().map(Notation::write).toList();
  }

  static int[] pairs(int... v) {
    return v;
  }

  @Test
  void nackgammonFromItsStartSixSixHasThreePlays() {
    // O holds my 19 (4), 17 (3), 12 (4), 2 and 1 (2 each): 18→12, 23→17, 7→1 and 8→2 are blocked.
    Position start = Variants.of("nackgammon").start();
    assertThat(plays("nackgammon", start, 6, 6))
        .containsExactlyInAnyOrder("13/7(4)", "24/18 13/7(3)", "24/18(2) 13/7(2)");
  }

  /** Five backgammon positions (rules.md §3 T1, T2, T4, T5, T8b) play identically in the 15-checker family. */
  @Test
  void fifteenCheckerFamilyPlaysTheTrickyCasesAsBackgammonDoes() {
    Position t1 = pos(15, pairs(13, 1, 1, 14), pairs(7, 2));
    Position t2 = pos(15, pairs(13, 1, 1, 14), pairs(2, 2));
    Position t4 = pos(15, pairs(13, 1, 1, 14), pairs(7, 1, 12, 2));
    Position t5 = pos(15, pairs(6, 1, 4, 1), pairs(20, 2));
    Position t8 = pos(15, pairs(25, 1, 13, 14), pairs(24, 3, 23, 3, 22, 3, 21, 3, 20, 3));
    for (String v : List.of("backgammon", "nackgammon", "portes", "anti")) {
      assertThat(plays(v, t1, 6, 5)).as(v).containsExactly("13/2");
      assertThat(plays(v, t2, 6, 5)).as(v).containsExactly("13/7");
      assertThat(plays(v, t4, 6, 1)).as(v).containsExactly("13/7*/6");
      assertThat(plays(v, t5, 5, 2)).as(v).containsExactlyInAnyOrder("6/1 4/2", "6/off"); // 6/4 4/off, written as gnubg does
      assertThat(plays(v, t8, 5, 2)).as(v).isEmpty();
    }
  }

  @Test
  void hypergammonBearsOffItsLastTwo() {
    Position p = pos(3, pairs(2, 1, 1, 1), pairs(24, 1, 23, 1, 22, 1));
    assertThat(plays("hypergammon", p, 6, 5)).containsExactly("2/off 1/off");
  }

  @Test
  void hypergammonBringsTheLastCheckerHomeThenBearsOffOrFills() {
    // 7 and 2 with 6-1: 7/1 then 1/off or 2/1; or 7/6 then 6/off (the same as 7/1 1/off). Two plays.
    Position p = pos(3, pairs(7, 1, 2, 1), pairs(24, 1, 23, 1));
    assertThat(plays("hypergammon", p, 6, 1)).containsExactlyInAnyOrder("7/off", "7/1 2/1");
  }

  @Test
  void hypergammonEntersOnlyWhereOpenAndHitsTheBlot() {
    // O: a point on my 22 and a blot on my 20; the 3 cannot enter, the 5 enters and hits.
    Position p = pos(3, pairs(25, 1, 13, 2), pairs(22, 2, 20, 1));
    assertThat(plays("hypergammon", p, 3, 5)).containsExactlyInAnyOrder("bar/20*/17", "bar/20* 13/10");
  }

  @Test
  void hypergammonCannotBearOffWithACheckerOutside() {
    // 8/4 is blocked and the checkers on 3 may not bear off while one is on 8: the roll is lost.
    Position p = pos(3, pairs(8, 1, 3, 2), pairs(4, 2, 24, 1));
    assertThat(plays("hypergammon", p, 4, 4)).isEmpty();
    // With 5-4 the 5 brings it home (8/3), then the 4 bears off from the highest point, 3.
    assertThat(plays("hypergammon", p, 5, 4)).containsExactly("8/off"); // written as gnubg writes 8/3/off
  }

  @Test
  void hypergammonSixSixFromTheStartSpreadsFourSixesOverThreeCheckers() {
    // Each checker may take 0..3 sixes (the fourth would bear off from outside the home): 12 plays.
    List<String> p = plays("hypergammon", Variants.of("hypergammon").start(), 6, 6);
    assertThat(p).containsExactlyInAnyOrder("24/12 23/17 22/16", "24/18 23/11 22/16", "24/18 23/17 22/10",
        "24/12 23/11", "24/6 23/17", "24/18 23/5", "24/12 22/10", "24/6 22/16", "24/18 22/4", "23/11 22/10",
        "23/5 22/16", "23/17 22/4");
  }

  /** Player 0 bears off its last checker; player 1 has all fifteen on board, one in player 0's home. */
  static Game lastChecker(String variant) {
    Rules rules = Rules.match(25).toBuilder().variant(variant).cube(Variants.of(variant).cubeAllowed()).build();
    Position p = pos(15, pairs(1, 1), pairs(19, 10, 13, 4, 5, 1));
    Game g = Game.setUp(rules, new Game.Seat(0, 0, false, false), p, 0, 1);
    g = g.apply(new Action.Roll(new Dice(2, 1))).get();
    return g.apply(new Action.Move(g.legalPlays().get(0))).get();
  }

  @Test
  void scoringOfTheFamily() {
    assertThat(lastChecker("backgammon").result().points()).isEqualTo(3); // a checker in the winner's home
    assertThat(lastChecker("nackgammon").result().points()).isEqualTo(3);
    assertThat(lastChecker("portes").result().points()).isEqualTo(2); // no backgammon in Portes
    Game anti = lastChecker("anti");
    assertThat(anti.result().winner()).hasValue(1); // the first off loses
    assertThat(anti.result().points()).isEqualTo(1);
  }

  @Test
  void hypergammonScoresGammonsAndBackgammons() {
    Rules rules = Rules.match(25).toBuilder().variant("hypergammon").build();
    Position p = pos(3, pairs(1, 1), pairs(5, 1, 13, 2)); // one of O's three still in my home board
    Game g = Game.setUp(rules, new Game.Seat(0, 0, false, false), p, 0, 1);
    g = g.apply(new Action.Roll(new Dice(2, 1))).get();
    g = g.apply(new Action.Move(g.legalPlays().get(0))).get();
    assertThat(g.result().points()).isEqualTo(3);
  }
}
