package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;

import tabla.core.Dice;
import tabla.core.Result;
import tabla.core.format.Notation;

/**
 * Drives a match with short commands, for readable tests: "rolloff 3 1", "roll 6 5",
 * "move 24/18 13/8", "double", "take", "drop", "beaver", "raccoon", "resign 2", "accept", "reject".
 */
final class Script {
  private Script() {}

  static Action action(Match m, String command) {
    String[] w = command.trim().split("\\s+", 2);
    String arg = w.length > 1 ? w[1] : "";
    return switch (w[0]) {
      case "rolloff" -> new Action.RollOff(num(arg, 0), num(arg, 1));
      case "roll" -> new Action.Roll(new Dice(num(arg, 0), num(arg, 1)));
      case "move" -> new Action.Move(Notation.parse(m.game().position(), m.game().dice(), arg).get());
      case "double" -> new Action.Double();
      case "take" -> new Action.Take();
      case "drop" -> new Action.Drop();
      case "beaver" -> new Action.Beaver();
      case "raccoon" -> new Action.Raccoon();
      case "resign" -> new Action.Resign(Integer.parseInt(arg));
      case "accept" -> new Action.AcceptResign();
      case "reject" -> new Action.RejectResign();
      default -> throw new IllegalArgumentException(command);
    };
  }

  private static int num(String s, int i) {
    return Integer.parseInt(s.split("\\s+")[i]);
  }

  /** Applies every command, failing the test on the first refusal. */
  static Match run(Match m, String... commands) {
    for (String c : commands) {
      Result<Match> r = m.apply(action(m, c));
      assertThat(r.error()).as("'%s' refused", c).isNull();
      m = r.get();
    }
    return m;
  }

  /** Asserts that {@code command} is refused with a reason containing {@code why}; the match is unchanged. */
  static void refused(Match m, String command, String why) {
    Result<Match> r = m.apply(action(m, command));
    assertThat(r.isOk()).as("'%s' should be refused", command).isFalse();
    assertThat(r.error()).containsIgnoringCase(why);
  }

  static Match start(Rules rules) {
    return Match.start(rules).get();
  }

  /** Opening 3-1 won by player 0 (plays 8/5 6/5); player 1 is then on roll and may double. */
  static Match opened(Rules rules) {
    return run(start(rules), "rolloff 3 1", "move 8/5 6/5");
  }
}
