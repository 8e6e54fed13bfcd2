package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.format.Notation;

/**
 * One row per scoring rule: player 0 bears off its last checker (1/off with 2-1) against an
 * opponent left where the row says, under the row's options and cube; the game is worth the points.
 */
class ScoringTest {
  private static final Rules MATCH = Rules.match(25);
  private static final Rules MONEY = Rules.money(); // with Jacoby

  /** The loser's checkers as (own point, count) pairs: 25 = bar; what is missing from 15 is borne off. */
  static Stream<Arguments> rows() {
    int[] single = {6, 5, 12, 5};                    // 5 borne off
    int[] gammon = {6, 10, 12, 5};                   // none off, none in the winner's home
    int[] homeBackgammon = {6, 10, 12, 4, 20, 1};    // one still in the winner's home board
    int[] barBackgammon = {6, 10, 12, 4, 25, 1};     // one on the bar
    return Stream.of(
        row("single_1", MATCH, 1, single, 1),
        row("gammon_2", MATCH, 1, gammon, 2),
        row("backgammon_3_checkerInWinnersHome", MATCH, 1, homeBackgammon, 3),
        row("backgammon_3_checkerOnTheBar", MATCH, 1, barBackgammon, 3),
        row("cubeMultiplies_gammonAt4", MATCH, 4, gammon, 8),
        row("jacoby_gammonCountsSingleWithCubeInTheMiddle", MONEY, 1, gammon, 1),
        row("jacoby_gammonCountsOnceTheCubeIsTurned", MONEY, 2, gammon, 4),
        row("noJacoby_gammonCountsInMoney", MONEY.toBuilder().jacoby(false).build(), 1, gammon, 2),
        row("tavla_barBackgammonCounts4", MATCH.toBuilder().barBackgammonTimesFour(true).build(), 1, barBackgammon, 4),
        row("tavla_homeBackgammonStill3", MATCH.toBuilder().barBackgammonTimesFour(true).build(), 1, homeBackgammon, 3),
        // Czech count: home 1 each, loser's outer board 2, winner's outer 3, winner's home or bar 4.
        row("count_singleBySpot", MATCH.toBuilder().scoring(Rules.Scoring.COUNT).build(), 1, single, 5 + 10),
        row("count_withBarAndHome", MATCH.toBuilder().scoring(Rules.Scoring.COUNT).build(), 2, barBackgammon,
            2 * (10 + 8 + 4)),
        row("count_winnersOuterBoard3", MATCH.toBuilder().scoring(Rules.Scoring.COUNT).build(), 1,
            new int[] {15, 2}, 6),
        row("tournament_win1", MATCH.toBuilder().scoring(Rules.Scoring.TOURNAMENT).build(), 1, single, 1),
        row("tournament_gammon3", MATCH.toBuilder().scoring(Rules.Scoring.TOURNAMENT).build(), 1, gammon, 3),
        row("tournament_backgammon5", MATCH.toBuilder().scoring(Rules.Scoring.TOURNAMENT).build(), 1,
            homeBackgammon, 5));
  }

  static Arguments row(String rule, Rules rules, int cube, int[] loser, int points) {
    return Arguments.of(rule, rules, cube, loser, points);
  }

  static Game setUp(Rules rules, int cube, int[] loser) {
    Position p = Position.of(Position.side(1, 1), Position.side(loser)).get();
    Game.Seat seat = rules.isMoney() ? Game.Seat.MONEY : new Game.Seat(0, 0, false, true);
    return Game.setUp(rules, seat, p, 0, cube, cube == 1 ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void scoringRule(String rule, Rules rules, int cube, int[] loser, int points) {
    Game g = setUp(rules, cube, loser);
    Dice d = new Dice(2, 1);
    g = g.apply(new Action.Roll(d)).get();
    g = g.apply(new Action.Move(Notation.parse(g.position(), d, "1/off").get())).get();
    assertThat(g.isOver()).isTrue();
    assertThat(g.result().winner()).hasValue(0);
    assertThat(g.result().end()).isEqualTo(GameResult.End.BORNE_OFF);
    assertThat(g.result().points()).isEqualTo(points);
  }

  static Stream<Arguments> endings() {
    int[] gammon = {6, 10, 12, 5};
    return Stream.of(
        // A refused double pays the value before the double; gammons do not count.
        Arguments.of("drop_paysThePreDoubleValueWithoutGammons", MATCH, 2, new Action[] {new Action.Double(),
            new Action.Drop()}, 0, 2),
        Arguments.of("resignGammon_2xCube", MATCH, 2, new Action[] {new Action.Resign(2), new Action.AcceptResign()},
            1, 4),
        Arguments.of("resignBackgammon_3xCube", MATCH, 1, new Action[] {new Action.Resign(3),
            new Action.AcceptResign()}, 1, 3),
        Arguments.of("jacoby_resignedGammonCountsSingleWithCubeInTheMiddle", MONEY, 1, new Action[] {
            new Action.Resign(2), new Action.AcceptResign()}, 1, 1),
        Arguments.of("tournament_resignedGammon3", MATCH.toBuilder().scoring(Rules.Scoring.TOURNAMENT).build(), 1,
            new Action[] {new Action.Resign(2), new Action.AcceptResign()}, 1, 3));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endings")
  void endingRule(String rule, Rules rules, int cube, Action[] actions, int winner, int points) {
    Game g = setUp(rules, cube, new int[] {6, 10, 12, 5});
    for (Action a : actions) g = g.apply(a).get();
    assertThat(g.isOver()).isTrue();
    assertThat(g.result().winner()).hasValue(winner);
    assertThat(g.result().points()).isEqualTo(points);
  }
}
