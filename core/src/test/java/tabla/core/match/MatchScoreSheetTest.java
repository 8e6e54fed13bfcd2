package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.match.Script.opened;
import static tabla.core.match.Script.refused;
import static tabla.core.match.Script.run;

import org.junit.jupiter.api.Test;

/**
 * The WBF rules' score-sheet example (rules.md §5, seeds/bg-wbf-official-rules.txt): a match to 7,
 * six games, Black = player 0, White = player 1. Games end by resignation at the stated level so the
 * test follows the sheet exactly; the cube is turned through real doubles and takes.
 */
class MatchScoreSheetTest {

  @Test
  void wbfScoreSheetMatchToSeven() {
    Match m = opened(Rules.match(7));
    // I: Black wins a single game. After the opening, White (1) is on roll and resigns.
    m = run(m, "resign 1", "accept");
    assertThat(new int[] {m.score(0), m.score(1)}).containsExactly(1, 0);

    // II: White wins a gammon at cube 1. Opening by Black, then Black resigns a gammon on his turn.
    m = run(m, "rolloff 3 1", "move 8/5 6/5", "roll 6 5", "move 24/13", "resign 2", "accept");
    assertThat(new int[] {m.score(0), m.score(1)}).containsExactly(1, 2);

    // III: Black wins a gammon at cube 2: White doubles, Black takes, White resigns a gammon.
    m = run(m, "rolloff 3 1", "move 8/5 6/5", "double", "take", "resign 2", "accept");
    assertThat(m.games().get(2).cube()).isEqualTo(2);
    assertThat(new int[] {m.score(0), m.score(1)}).containsExactly(5, 2);

    // IV: White wins a single game at cube 4: Black doubles to 2, White redoubles to 4, Black resigns.
    m = run(m, "rolloff 3 1", "move 8/5 6/5", "roll 6 5", "move 24/13", "double", "take", "roll 6 5",
        "move 24/13", "double", "take", "roll 2 1", "move 13/11 6/5", "resign 1", "accept");
    assertThat(m.games().get(3).cube()).isEqualTo(4);
    assertThat(new int[] {m.score(0), m.score(1)}).containsExactly(5, 6);

    // V: White is at match point: the Crawford game, the cube is frozen. Black wins a single game.
    assertThat(m.game().seat().crawfordGame()).isTrue();
    m = run(m, "rolloff 3 1", "move 8/5 6/5");
    refused(m, "double", "Crawford");
    m = run(m, "resign 1", "accept");
    assertThat(new int[] {m.score(0), m.score(1)}).containsExactly(6, 6);

    // VI: post-Crawford at 6-6 a double cannot matter; Black wins a single game and the match.
    assertThat(m.game().seat().postCrawford()).isTrue();
    m = run(m, "rolloff 3 1", "move 8/5 6/5");
    refused(m, "double", "cannot matter");
    m = run(m, "resign 1", "accept");
    assertThat(new int[] {m.score(0), m.score(1)}).containsExactly(7, 6);
    assertThat(m.isOver()).isTrue();
    assertThat(m.winner()).hasValue(0);
    assertThat(m.games()).hasSize(6);
    assertThat(m.apply(new Action.RollOff(3, 1)).error()).contains("match is over");
  }
}
