package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.match.Script.opened;
import static tabla.core.match.Script.refused;
import static tabla.core.match.Script.run;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One row per cube rule (rules.md §3, §5): the options, the commands that lead up to it, and the
 * command that must be accepted (expected null) or refused with a reason containing the text.
 */
class CubeRulesTest {
  private static final Rules MONEY = Rules.money();
  private static final Rules SEVEN = Rules.match(7);
  private static final Rules BEAVERS = MONEY.toBuilder().beavers(true).build();
  private static final Rules RACCOONS = MONEY.toBuilder().beavers(true).raccoons(true).build();

  static Stream<Arguments> rules() {
    return Stream.of(
        row("firstDoubleAfterTheOpeningPlay", MONEY, new String[] {}, "double", null),
        row("onlyTheOwnerMayRedouble", MONEY, new String[] {"double", "take", "roll 6 5", "move 24/13"},
            "double", null),
        row("theTakerCannotBeDoubledAgainByTheDoubler", MONEY,
            new String[] {"double", "take", "roll 6 5", "move 24/13", "roll 6 5", "move 24/13"}, "double",
            "belongs to your opponent"),
        row("cubeNotInUse", MONEY.toBuilder().cube(false).jacoby(false).build(), new String[] {}, "double",
            "not used"),
        row("cubeCappedAt64", MONEY.toBuilder().maxCube(2).build(),
            new String[] {"double", "take", "roll 6 5", "move 24/13"}, "double", "maximum (2)"),
        row("beaverOnlyWhenAgreed", MONEY, new String[] {"double"}, "beaver", "not allowed"),
        row("beaverInMoneyPlay", BEAVERS, new String[] {"double"}, "beaver", null),
        row("noBeaverInMatches", SEVEN, new String[] {"double"}, "beaver", "not allowed"),
        row("raccoonOnlyAfterABeaver", RACCOONS, new String[] {"double", "take"}, "raccoon", "answers a beaver"),
        row("raccoonOnlyWhenAgreed", BEAVERS, new String[] {"double", "beaver"}, "raccoon", "answers a beaver"),
        row("raccoonAfterBeaver", RACCOONS, new String[] {"double", "beaver"}, "raccoon", null),
        row("noAnswerWithoutADouble", MONEY, new String[] {}, "take", "no double"),
        row("noDoubleAfterRolling", MONEY, new String[] {"roll 6 5"}, "double", "cannot double now"),
        row("deadCube_aWinAlreadyGivesTheMatch", Rules.match(1), new String[] {}, "double", "cannot matter"),
        row("doubleInAMatch", SEVEN, new String[] {}, "double", null));
  }

  static Arguments row(String rule, Rules rules, String[] before, String command, String refusal) {
    return Arguments.of(rule, rules, before, command, refusal);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void cubeRule(String rule, Rules rules, String[] before, String command, String refusal) {
    Match m = run(opened(rules), before);
    if (refusal == null) {
      run(m, command);
    } else {
      refused(m, command, refusal);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("values")
  void cubeValue(String rule, Rules rules, String[] commands, int cube, int owner) {
    Game g = run(opened(rules), commands).game();
    assertThat(g.cube()).isEqualTo(cube);
    assertThat(g.cubeOwner()).isEqualTo(owner < 0 ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(owner));
  }

  static Stream<Arguments> values() {
    Rules arithmetic = MONEY.toBuilder().stakes(Rules.Stakes.ARITHMETIC).build();
    String[] twoDoubles = {"double", "take", "roll 6 5", "move 24/13", "double", "take"};
    return Stream.of(
        Arguments.of("takeTurnsTheCubeToTheTaker", MONEY, new String[] {"double", "take"}, 2, 0),
        Arguments.of("geometricStakes_1_2_4", MONEY, twoDoubles, 4, 1),
        Arguments.of("arithmeticStakes_1_2_3", arithmetic, twoDoubles, 3, 1),
        Arguments.of("beaverQuadruplesAndKeepsTheCube", BEAVERS, new String[] {"double", "beaver"}, 4, 0),
        Arguments.of("raccoonDoublesAgainForTheDoubler", RACCOONS, new String[] {"double", "beaver", "raccoon"}, 8,
            1));
  }
}
