package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.match.Script.opened;
import static tabla.core.match.Script.refused;
import static tabla.core.match.Script.run;
import static tabla.core.match.Script.start;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The match rules: opening, Crawford, post-Crawford, Holland, automatic doubles, option checks. */
class MatchRulesTest {

  /** Plays a game of a match to its end: player {@code winner} wins {@code points} by resignation. */
  static Match win(Match m, int winner, int level) {
    m = run(m, "rolloff 3 1", "move 8/5 6/5"); // player 0 moved, player 1 on roll
    if (winner == 0) return run(m, "resign " + level, "accept");
    return run(m, "roll 6 5", "move 24/13", "resign " + level, "accept");
  }

  @Test
  void opening_equalDiceAreRolledAgain() {
    Match m = run(start(Rules.match(5)), "rolloff 4 4");
    assertThat(m.game().phase()).isEqualTo(Phase.OPENING);
    assertThat(m.game().cube()).isEqualTo(1);
  }

  @Test
  void opening_higherDieMovesFirstWithBothDice_noOpeningDouble() {
    Game g = run(start(Rules.match(5)), "rolloff 2 6").game();
    assertThat(g.mover()).isEqualTo(1);
    assertThat(g.phase()).isEqualTo(Phase.MOVE);
    assertThat(g.dice().first()).isEqualTo(6);
    assertThat(g.dice().second()).isEqualTo(2);
  }

  @Test
  void opening_winnerRerolls() {
    Rules r = Rules.match(5).toBuilder().opening(Rules.Opening.WINNER_REROLLS).build();
    Match m = run(start(r), "rolloff 2 6");
    assertThat(m.game().mover()).isEqualTo(1);
    assertThat(m.game().phase()).isEqualTo(Phase.ROLL);
    assertThat(run(m, "roll 3 3").game().dice().isDouble()).isTrue(); // an opening double is possible here
  }

  @Test
  void noDoubleBeforeTheFirstRollOfTheGame() {
    Rules r = Rules.money().toBuilder().opening(Rules.Opening.WINNER_REROLLS).build();
    refused(run(start(r), "rolloff 3 1"), "double", "first roll");
  }

  @Test
  void opening_loserMovesFirst_czechRules() {
    Rules r = Rules.match(5).toBuilder().opening(Rules.Opening.LOSER_MOVES_FIRST).build();
    Game g = run(start(r), "rolloff 2 6").game();
    assertThat(g.mover()).isZero();
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
  }

  @Test
  void automaticDoubles_equalOpeningDiceDoubleTheCubeUpToTheCap() {
    Rules r = Rules.money().toBuilder().automaticDoubles(2).build();
    Game g = run(start(r), "rolloff 4 4", "rolloff 2 2", "rolloff 5 5", "rolloff 6 1").game();
    assertThat(g.cube()).isEqualTo(4);
    assertThat(g.cubeCentred()).isTrue(); // it stays in the middle
  }

  @Test
  void crawford_noDoubleInTheGameAfterMatchPoint_thenPostCrawfordTheTrailerMayDouble() {
    Match m = win(start(Rules.match(3)), 0, 2); // 2-0: player 0 at match point
    assertThat(m.game().seat().crawfordGame()).isTrue();
    Match crawford = run(m, "rolloff 1 3", "move 8/5 6/5"); // player 1 opened; player 0 on roll
    refused(crawford, "double", "Crawford");
    m = win(m, 1, 1); // 2-1, post-Crawford
    assertThat(m.game().seat().postCrawford()).isTrue();
    m = run(m, "rolloff 3 1", "move 8/5 6/5");
    run(m, "double"); // the trailer (player 1) doubles
  }

  @Test
  void crawfordOff_theGameAfterMatchPointAllowsDoubling() {
    Match m = win(start(Rules.match(3).toBuilder().crawford(false).build()), 0, 2);
    assertThat(m.game().seat().crawfordGame()).isFalse();
    run(opened(m), "double");
  }

  private static Match opened(Match m) {
    return run(m, "rolloff 3 1", "move 8/5 6/5");
  }

  @Test
  void holland_postCrawfordNoDoubleUntilBothSidesRolledTwice() {
    Rules r = Rules.match(3).toBuilder().holland(true).build();
    Match m = win(win(start(r), 0, 2), 1, 1); // 2-1 after the Crawford game
    m = opened(m); // rolls: player 0 once (the opening), player 1 none
    refused(m, "double", "Holland");
    m = run(m, "roll 6 5", "move 24/13", "roll 6 5", "move 24/13"); // rolls 2 and 1
    refused(m, "double", "Holland");
    m = run(m, "roll 2 1", "move 13/11 6/5", "roll 2 1", "move 13/11 6/5"); // rolls 3 and 2
    run(m, "double"); // both sides have rolled twice: the trailer (player 1) may double
  }

  @Test
  void matchEndsAtTheLengthAndScoresCanPassIt() {
    Match m = win(start(Rules.match(1)), 1, 3);
    assertThat(m.isOver()).isTrue();
    assertThat(m.winner()).hasValue(1);
    assertThat(m.score(1)).isEqualTo(3);
  }

  @Test
  void moneyPlayGoesOnGameAfterGame() {
    Match m = win(win(start(Rules.money()), 0, 1), 1, 1);
    assertThat(m.isOver()).isFalse();
    assertThat(m.games()).hasSize(3);
    assertThat(m.score(0)).isEqualTo(1);
    assertThat(m.score(1)).isEqualTo(1);
  }

  static Stream<Arguments> badOptions() {
    return Stream.of(
        Arguments.of(Rules.match(26), "1 to 25"),
        Arguments.of(Rules.match(7).toBuilder().jacoby(true).build(), "money play only"),
        Arguments.of(Rules.match(7).toBuilder().beavers(true).build(), "money play only"),
        Arguments.of(Rules.money().toBuilder().crawford(true).build(), "matches only"),
        Arguments.of(Rules.match(7).toBuilder().crawford(false).holland(true).build(), "needs the Crawford"),
        Arguments.of(Rules.money().toBuilder().raccoons(true).build(), "raccoons need beavers"));
  }

  @ParameterizedTest
  @MethodSource("badOptions")
  void optionsThatDoNotFitTogetherAreRefused(Rules rules, String why) {
    assertThat(Match.start(rules).error()).contains(why);
  }

  @Test
  void illegalActionsLeaveTheStateUnchanged() {
    Match m = opened(start(Rules.match(5)));
    Match before = m;
    refused(m, "take", "no double");
    refused(m, "accept", "no resignation");
    assertThat(m.apply(new Action.RollOff(1, 2)).error()).contains("opening roll is over");
    assertThat(m).isSameAs(before);
    assertThat(m.game().events()).hasSize(2);
  }
}
