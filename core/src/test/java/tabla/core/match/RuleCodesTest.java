package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.match.Script.action;
import static tabla.core.match.Script.opened;
import static tabla.core.match.Script.run;

import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.core.Result;
import tabla.core.RuleCode;
import tabla.core.format.Notation;

/**
 * The engine's refusals name their {@link RuleCode} and the values of their sentence (a site says them in the
 * player's language), beside the English sentence, which stays as it was.
 */
class RuleCodesTest {
  private static final Rules MONEY = Rules.money();

  /** Asserts that {@code command} is refused with {@code code}, {@code args} and a sentence containing {@code why}. */
  private static void refused(Match m, String command, RuleCode code, Map<String, Object> args, String why) {
    Result<Match> r = m.apply(action(m, command));
    assertThat(r.isOk()).as("'%s' should be refused", command).isFalse();
    assertThat(r.errorCode()).as("code of '%s' (%s)", command, r.error()).isEqualTo(code);
    assertThat(r.errorArgs()).as("args of '%s'", command).isEqualTo(args);
    assertThat(r.error()).contains(why);
  }

  @Test
  void cubeAndAnswerRefusalsNameTheirCode() {
    Match opened = opened(MONEY);
    refused(opened, "take", RuleCode.NO_DOUBLE_TO_ANSWER, Map.of(), "there is no double to answer");
    refused(opened, "beaver", RuleCode.NO_DOUBLE_TO_ANSWER, Map.of(), "there is no double to answer");
    refused(opened, "accept", RuleCode.NO_RESIGNATION_TO_ANSWER, Map.of(), "no resignation to answer");
    refused(opened, "resign 4", RuleCode.RESIGN_LEVEL, Map.of(), "resign 1 (single)");
    refused(run(opened, "double"), "beaver", RuleCode.NO_BEAVERS, Map.of(), "beavers are not allowed");
    refused(run(opened, "double"), "roll 6 5", RuleCode.DOUBLE_PENDING, Map.of(), "cannot roll now: a double waits");
    refused(run(opened, "roll 6 5"), "double", RuleCode.PLAY_THE_DICE, Map.of(), "cannot double now: the dice are rolled");
    refused(run(opened, "double", "take", "roll 6 5", "move 24/13", "roll 6 5", "move 24/13"), "double",
        RuleCode.CUBE_OWNED, Map.of(), "belongs to your opponent");
    Match capped = run(opened(MONEY.toBuilder().maxCube(2).build()), "double", "take", "roll 6 5", "move 24/13");
    refused(capped, "double", RuleCode.CUBE_AT_MAX, Map.of("max", 2), "the cube is at its maximum (2)");
    refused(opened(MONEY.toBuilder().cube(false).jacoby(false).build()), "double", RuleCode.NO_CUBE, Map.of(), "not used");
    refused(opened(Rules.match(1)), "double", RuleCode.DOUBLE_CANNOT_MATTER, Map.of(), "doubling cannot matter");
    refused(opened, "rolloff 3 1", RuleCode.OPENING_OVER, Map.of(), "the opening roll is over");
  }

  @Test
  void aDoubleTheRulesForbidCarriesItsCodeFromCanDoubleToo() {
    Result<Integer> no = opened(Rules.match(1)).game().canDouble();
    assertThat(no.errorCode()).isEqualTo(RuleCode.DOUBLE_CANNOT_MATTER);
    assertThat(opened(MONEY).game().canDouble().get()).as("the cube's next value").isEqualTo(2);
  }

  @Test
  void aTypedPlayTheParserExplainsNamesTheRuleItBreaks() {
    Game g = run(opened(MONEY), "roll 6 5").game(); // player 1 on roll, his 19 point (the other's 6) held
    assertParsed(g, "24/1", RuleCode.TOO_MANY_PIPS, Map.of("pips", 23, "dice", "6-5", "roll", 11),
        "that moves 23 pips; the roll 6-5 gives 11");
    assertParsed(g, "24/19", RuleCode.POINT_BLOCKED, Map.of("point", 19), "point 19 is blocked");
    assertParsed(g, "24/18(3)", RuleCode.NO_CHECKER_TO_MOVE, Map.of("point", "24"), "no checker on 24 to move");
    assertParsed(g, "xyz", RuleCode.UNREADABLE, Map.of("token", "xyz"), "cannot read 'xyz'");
    assertParsed(g, "13/15", RuleCode.BACKWARDS, Map.of("token", "13/15", "from", "13", "to", "15"), "goes backwards");
    Result<?> pass = Notation.parse(g.position(), g.dice(), "pass");
    assertThat(pass.errorCode()).isEqualTo(RuleCode.MUST_PLAY);
    assertThat(pass.errorArgs()).containsEntry("dice", "6-5").containsKey("play");
  }

  private static void assertParsed(Game g, String text, RuleCode code, Map<String, Object> args, String why) {
    Result<?> r = Notation.parse(g.position(), g.dice(), text);
    assertThat(r.errorCode()).as("code of '%s' (%s)", text, r.error()).isEqualTo(code);
    assertThat(r.errorArgs()).as("args of '%s'", text).isEqualTo(args);
    assertThat(r.error()).contains(why);
  }
}
