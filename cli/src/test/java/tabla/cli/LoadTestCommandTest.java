package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The load test plays real matches through a server of its own, actions over the socket or posted, and reads its think time. */
class LoadTestCommandTest {

  @ParameterizedTest
  @ValueSource(strings = {"socket", "http"})
  void aShortClosedLoopRunPlaysMatchesWithoutErrors(String actions) {
    PrintStream out = System.out;
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    int rc;
    try {
      System.setOut(new PrintStream(buf, true));
      rc = Main.run("loadtest", "--games", "3", "--users", "4", "--seconds", "4", "--match-length", "1",
          "--actions", actions);
    } finally {
      System.setOut(out);
    }
    String text = buf.toString();
    assertThat(rc).as(text).isZero();
    assertThat(text).contains("games held at once: 3 (").contains("errors: 0");
    // both sockets of each game, but for a 1-point match that ended in the run's last moment: its sockets are closed
    // before its pair's next match opens two more, one after the other (the run at 564e017 read 4, 2 matches finished)
    Matcher open = Pattern.compile("\\((\\d+) WebSockets open at the end\\)").matcher(text);
    assertThat(open.find()).as(text).isTrue();
    assertThat(Integer.parseInt(open.group(1))).as(text).isBetween(2, 6);
    Matcher m = Pattern.compile("actions accepted: (\\d+)").matcher(text);
    assertThat(m.find()).as(text).isTrue();
    assertThat(Integer.parseInt(m.group(1))).isPositive();
  }

  @Test
  void finishedReadsTheHeapAndRoomsAtTheStartAndAfterThatManyMatches() {
    String text = run("loadtest", "--games", "2", "--users", "4", "--finished", "3", "--match-length", "1", "--resign-from", "4");
    Matcher m = Pattern.compile("heap after a full GC: [\\d.]+ MB at the start, [\\d.]+ MB after (\\d+) finished matches "
        + "\\([-+][\\d.]+ MB\\); rooms in memory (\\d+) → (\\d+)").matcher(text);
    assertThat(m.find()).as(text).isTrue();
    assertThat(Integer.parseInt(m.group(1))).isGreaterThanOrEqualTo(3);
    // at most the two matches in play at each reading: a finished one leaves, and its pair's next one may or may not
    // be set up yet (a fast server finishes both before the first reading; what must not happen is rooms piling up)
    assertThat(Integer.parseInt(m.group(2))).isBetween(0, 4);
    assertThat(Integer.parseInt(m.group(3))).isBetween(0, 4);
  }

  @Test
  void finishedWantsTheServerOfItsOwn() {
    assertThat(run("loadtest", "--finished", "3", "--url", "http://127.0.0.1:1")).contains("leave out --url");
  }

  /** Runs the CLI, returning what it printed (both streams). */
  private static String run(String... args) {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(buf, true));
      System.setErr(new PrintStream(buf, true));
      Main.run(args);
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    return buf.toString();
  }

  @Test
  void thinkTimeIsARangeOfSeconds() {
    assertThat(LoadTestCommand.think("2-6")).isEqualTo(new LoadGame.Think(2_000, 6_000));
    assertThat(LoadTestCommand.think("0")).isEqualTo(LoadGame.Think.NONE);
    assertThatThrownBy(() -> LoadTestCommand.think("6-2")).isInstanceOf(IllegalArgumentException.class);
  }
}
