package tabla.cli.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.format.PositionId;

/**
 * The gnubg engine's decisions on snapshots made here (gnubg at 0-ply; skipped without /usr/games/gnubg), and how
 * the process around it fails: gnubg missing, gnubg dying, gnubg silent.
 */
class GnubgEngineTest {
  private static final int[] START = side(24, 2, 13, 5, 8, 3, 6, 5);
  private static final int[] RACE_AHEAD = side(1, 3, 2, 3, 3, 3, 4, 3, 5, 3); // 45 pips
  private static final int[] RACE_BEHIND = side(4, 5, 5, 5, 6, 5); // 75 pips, no contact with the above
  private static GnubgEngine engine;

  @BeforeAll
  static void start() {
    if (Files.isExecutable(Path.of(GnubgProcess.DEFAULT))) {
      engine = new GnubgEngine(Path.of(GnubgProcess.DEFAULT), 0, Duration.ofSeconds(120));
    }
  }

  @AfterAll
  static void stop() {
    if (engine != null) engine.close();
  }

  @Test
  void playsTheBookOpeningThreeOneFromEitherSeat() {
    assumeGnubg();
    for (int seat = 0; seat < 2; seat++) {
      ObjectNode snap = snapshot(seat, "MOVE", seat, START, START, 3, 1);
      ObjectNode a = engine.decide(snap);
      assertThat(a.get("type").asText()).isEqualTo("move");
      assertThat(a.get("move").asText()).as("seat %d", seat).isIn("8/5 6/5", "6/5 8/5");
    }
  }

  @Test
  void doublesAndDropsAClearRaceLeadButNotTheStart() {
    assumeGnubg();
    assertThat(engine.decide(snapshot(1, "ROLL", 1, RACE_AHEAD, RACE_BEHIND, 0, 0)).get("type").asText()).isEqualTo("double");
    assertThat(engine.decide(snapshot(0, "ROLL", 0, START, START, 0, 0)).get("type").asText()).isEqualTo("roll");
    // offered by the side far ahead in the race, the double is dropped; at the start it is taken
    assertThat(engine.decide(snapshot(0, "DOUBLE_OFFERED", 1, RACE_AHEAD, RACE_BEHIND, 0, 0)).get("type").asText())
        .isEqualTo("drop");
    assertThat(engine.decide(snapshot(1, "DOUBLE_OFFERED", 0, START, START, 0, 0)).get("type").asText()).isEqualTo("take");
  }

  @Test
  void saysClearlyWhenGnubgIsNotInstalled() {
    assertThatThrownBy(() -> GnubgProcess.locate("/nonexistent/gnubg")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("GNU Backgammon is not installed").hasMessageContaining("apt-get install gnubg");
  }

  @Test
  void theBridgeRefusesPliesGnubgDoesNotHave() {
    assertThatThrownBy(() -> tabla.cli.BotBridgeEngines.of("gnubg:9", 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the gnubg engine's plies are 0 to 4, not '9'");
    assertThatThrownBy(() -> tabla.cli.BotBridgeEngines.of("gnubgx", 1)).hasMessageContaining("gnubg[:PLIES]");
  }

  @Test
  void aGnubgThatDiesIsStartedAgainOnceThenTheEngineSaysWhy(@TempDir Path dir) throws Exception {
    Path fake = program(dir, "echo 'no weights here' >&2; exit 3");
    try (GnubgProcess p = new GnubgProcess(fake, Duration.ofSeconds(5))) {
      assertThatThrownBy(() -> p.ask(BotApi.JSON.createObjectNode().put("op", "cube")))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("failed twice").hasMessageContaining("exited at its start (exit 3)")
          .hasMessageContaining("no weights here");
    }
  }

  @Test
  void aGnubgThatNeverAnswersIsGivenUpOnAfterItsPatience(@TempDir Path dir) throws Exception {
    // connects, says the key, reads the questions and never answers (until the bridge hangs up)
    Path fake = program(dir, "exec 3<>/dev/tcp/127.0.0.1/$TABLA_GNUBG_PORT; echo \"$TABLA_GNUBG_KEY\" >&3; cat <&3 >/dev/null");
    try (GnubgProcess p = new GnubgProcess(fake, Duration.ofSeconds(1))) {
      assertThatThrownBy(() -> p.ask(BotApi.JSON.createObjectNode().put("op", "cube")))
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("gave no answer in 1 s");
    }
  }

  private static void assumeGnubg() {
    assumeTrue(engine != null, "GNU Backgammon is not installed at " + GnubgProcess.DEFAULT);
  }

  private static Path program(Path dir, String body) throws Exception {
    Path p = dir.resolve("gnubg");
    Files.writeString(p, "#!/bin/bash\n" + body + "\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
    return p;
  }

  /** A side's checkers in its own numbering (0 off, 25 bar) from (point, count) pairs; the rest borne off. */
  private static int[] side(int... pointCount) {
    int[] s = new int[Position.SIDE];
    int on = 0;
    for (int i = 0; i < pointCount.length; i += 2) {
      s[pointCount[i]] = pointCount[i + 1];
      on += pointCount[i + 1];
    }
    s[0] = 15 - on;
    return s;
  }

  /**
   * The snapshot of a 5-point match at 0-0, cube centred, as seat {@code you} sees it in {@code phase} with
   * {@code onMove} on roll holding {@code mover} against {@code other} (and the dice d1 d2 for a MOVE, whose
   * legalPlays core lists).
   */
  private static ObjectNode snapshot(int you, String phase, int onMove, int[] mover, int[] other, int d1, int d2) {
    ObjectNode s = BotApi.JSON.createObjectNode().put("you", you).put("phase", phase).put("version", 1);
    s.putObject("rules").put("matchLength", 5).put("cube", true);
    s.putArray("score").add(0).add(0);
    s.put("crawford", false);
    s.putObject("cube").put("value", 1).putNull("owner");
    ObjectNode board = s.putObject("board");
    ArrayNode p0 = board.putArray("p0");
    ArrayNode p1 = board.putArray("p1");
    for (int i = 0; i < Position.SIDE; i++) {
      p0.add(onMove == 0 ? mover[i] : other[i]);
      p1.add(onMove == 1 ? mover[i] : other[i]);
    }
    s.put("positionId", PositionId.encode(Position.of(mover, other).get()));
    ArrayNode actions = s.putArray("actions");
    switch (phase) {
      case "ROLL" -> actions.add("roll").add("double");
      case "DOUBLE_OFFERED" -> actions.add("take").add("drop");
      default -> actions.add("move");
    }
    if (phase.equals("MOVE")) {
      s.putArray("dice").add(d1).add(d2);
      ArrayNode legal = s.putArray("legalPlays");
      for (Play p : SnapshotGame.toMove(s, onMove).legalPlays()) {
        legal.addObject().put("move", Notation.write(p)).put("positionId", PositionId.encode(p.result()));
      }
    }
    return s;
  }
}
