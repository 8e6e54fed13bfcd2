package tabla.server.rollouts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.bot.Bots;
import tabla.bot.rollout.Rollout;
import tabla.bot.rollout.RolloutResult;
import tabla.bot.rollout.RolloutSettings;
import tabla.core.format.ToRoll;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.records.RecordsApiTest;

/** Rollouts over HTTP (issue 29 item 3): queued jobs with progress, a bound per account, cancel, owners only. */
class RolloutsApiTest {
  private static final TestServers SERVERS = new TestServers();
  /** A 5-point match at 2-1, the cube at 2 on the side not on roll: the opening position. */
  private static final String MATCH = "4HPwATDgc/ABMA:EQGgACAACAAA";

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aCubefulRolloutEndsWithTheEnginesFiguresAndOnlyItsOwnerSeesIt(TestDb db) throws Exception {
    ApiClient me = SERVERS.client(db).registered("roll");
    Resp started = me.post("/api/rollouts", Map.of("position", MATCH, "trials", 36, "truncate", 4, "cubeful", true));
    assertThat(started.status()).as("%s", started).isEqualTo(202);
    assertThat(started.json().get("state").asText()).isIn("queued", "running");
    assertThat(started.json().get("position").asText()).as("kept as gnubg writes it").startsWith("4HPwATDgc/ABMA:");
    long id = started.json().get("id").asLong();

    ApiClient other = SERVERS.client(db).registered("rollnot");
    assertThat(other.get("/api/rollouts/" + id).status()).as("another account's").isEqualTo(403);
    assertThat(other.post("/api/rollouts/" + id + "/cancel", null).status()).isEqualTo(403);
    assertThat(other.get("/api/rollouts").json().get("rollouts")).isEmpty();

    JsonNode done = waitForEnd(me, id);
    assertThat(done.get("state").asText()).as("%s", done).isEqualTo("done");
    // The site's job is the engine's rollout at these settings (seed 1, one thread): the same figures exactly.
    RolloutResult expected = Rollout.run(Bots.standard(), ToRoll.fromId(MATCH).get(),
        new RolloutSettings(36, 4, true, true, true, false, 1, 1), p -> {}, () -> false).get();
    JsonNode r = done.get("result");
    assertThat(r.get("trials").asInt()).isEqualTo(36);
    assertThat(r.get("complete").asBoolean()).isTrue();
    assertThat(r.get("cubeful").asDouble()).isEqualTo(expected.cubeful());
    assertThat(r.get("cubefulError").asDouble()).isEqualTo(expected.cubefulError());
    assertThat(r.get("equity").asDouble()).isEqualTo(expected.equity());
    for (int k = 0; k < 5; k++) {
      assertThat(r.get("probabilities").get(k).asDouble()).isEqualTo(expected.probabilities()[k]);
      assertThat(r.get("probabilityErrors").get(k).asDouble()).isEqualTo(expected.probabilityErrors()[k]);
    }
    assertThat(done.get("done").asInt()).isEqualTo(36);
    assertThat(done.get("equity").asDouble()).as("the headline is the cubeful equity").isEqualTo(expected.cubeful());
    assertThat(me.get("/api/rollouts").json().get("rollouts")).extracting(j -> j.get("id").asLong())
        .containsExactly(id);
    assertThat(me.post("/api/rollouts/" + id + "/cancel", null).status()).as("it has ended").isEqualTo(409);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void anAccountHasOneRunningAndTwoWaitingShowsProgressAndCancels(TestDb db) throws Exception {
    ApiClient me = SERVERS.client(db).registered("rollq");
    // the most trials, truncated so that a block of 36 (what a cancel waits for) is quick, yet the whole takes a while
    Map<String, Object> long_ = Map.of("position", "4HPwATDgc/ABMA", "trials", Rollouts.MAX_TRIALS, "truncate", 10);
    long a = me.post("/api/rollouts", long_).json().get("id").asLong();
    JsonNode running = null;
    for (int i = 0; i < 600; i++) { // a minute at most for its first block of 36 trials
      running = me.get("/api/rollouts/" + a).json();
      if (running.get("done").asInt() > 0) break;
      Thread.sleep(100);
    }
    assertThat(running.get("state").asText()).as("%s", running).isEqualTo("running");
    assertThat(running.get("done").asInt()).isPositive().isLessThan(Rollouts.MAX_TRIALS);
    assertThat(running.get("equity").isNumber()).isTrue();
    assertThat(running.get("equityError").asDouble()).isPositive();

    Resp b = me.post("/api/rollouts", long_);
    Resp c = me.post("/api/rollouts", long_);
    assertThat(b.json().get("state").asText()).as("%s", b).isEqualTo("queued");
    assertThat(c.json().get("state").asText()).as("%s", c).isEqualTo("queued");
    Resp d = me.post("/api/rollouts", long_);
    assertThat(d.status()).as("%s", d).isEqualTo(429);
    assertThat(d.error()).contains("3 rollouts");
    assertThat(me.get("/api/rollouts").json().get("rollouts")).as("the refused one left nothing").hasSize(3);

    Resp cancelledC = me.post("/api/rollouts/" + c.json().get("id").asLong() + "/cancel", null);
    assertThat(cancelledC.json().get("state").asText()).as("%s", cancelledC).isEqualTo("cancelled");
    assertThat(cancelledC.json().get("result").isNull()).as("it never ran").isTrue();
    assertThat(me.post("/api/rollouts/" + a + "/cancel", null).json().get("state").asText()).isEqualTo("cancelled");
    JsonNode endA = waitForEnd(me, a);
    assertThat(endA.get("state").asText()).isEqualTo("cancelled");
    assertThat(endA.get("result").get("complete").asBoolean()).as("stopped part way").isFalse();
    assertThat(endA.get("result").get("trials").asInt()).isPositive().isLessThan(Rollouts.MAX_TRIALS);
    long bId = b.json().get("id").asLong();
    me.post("/api/rollouts/" + bId + "/cancel", null);
    assertThat(waitForEnd(me, bId).get("state").asText()).isEqualTo("cancelled");
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void badInputIsRefusedWithAReasonAndNothingIsStored(TestDb db) throws Exception {
    ApiClient me = SERVERS.client(db).registered("rollbad");
    assertThat(me.post("/api/rollouts", Map.of("position", "nonsense")).error()).contains("does not read");
    Resp over = me.post("/api/rollouts", Map.of("position", MATCH, "trials", Rollouts.MAX_TRIALS + 1));
    assertThat(over.status()).isEqualTo(400);
    assertThat(over.error()).contains("trials").contains(String.valueOf(Rollouts.MAX_TRIALS));
    assertThat(me.post("/api/rollouts", Map.of("position", MATCH, "truncate", -1)).status()).isEqualTo(400);
    assertThat(me.post("/api/rollouts", Map.of("position", MATCH, "cubeful", "yes")).status()).isEqualTo(400);
    assertThat(me.post("/api/rollouts", Map.of("position", MATCH, "seed", 7)).error()).contains("unknown field");
    assertThat(me.post("/api/rollouts", Map.of()).error()).contains("name the position");
    // dice already rolled: a rollout starts before the roll
    assertThat(me.post("/api/rollouts", Map.of("position", "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"))
        .status()).isEqualTo(400);
    assertThat(me.post("/api/rollouts", Map.of("record", 987654321, "game", 1, "move", 1)).status()).isEqualTo(404);
    assertThat(SERVERS.client(db).guest().post("/api/rollouts", Map.of("position", MATCH)).status()).isEqualTo(403);
    assertThat(me.get("/api/rollouts/987654321").status()).isEqualTo(404);
    assertThat(me.get("/api/rollouts").json().get("rollouts")).as("nothing stored").isEmpty();

    // a record's position: the move must be one of the game's
    String sgf = Files.readString(RecordsApiTest.MATCH7);
    long rec = RecordsApiTest.upload(me, "", sgf).json().get("id").asLong();
    assertThat(me.post("/api/rollouts", Map.of("record", rec, "game", 1, "move", 9999)).error()).contains("moves");
    Resp fromRecord = me.post("/api/rollouts", Map.of("record", rec, "game", 1, "move", 3, "trials", 36,
        "truncate", 2));
    assertThat(fromRecord.status()).as("%s", fromRecord).isEqualTo(202);
    assertThat(waitForEnd(me, fromRecord.json().get("id").asLong()).get("state").asText()).isEqualTo("done");
  }

  /** On H2 only: a match played through the API takes seconds, and nothing here is the database's. */
  @org.junit.jupiter.api.Test
  void theReplaysHintNamesThePositionOfAPlayAndItRollsOut() throws Exception {
    TestDb db = TestDb.H2;
    ApiClient a = SERVERS.client(db).registered("rolla");
    ApiClient b = SERVERS.client(db).registered("rollb");
    long game = ApiClient.newGame(a, b, 1);
    // a few plays, then one side resigns: a finished match with a play to look back on, quickly
    java.util.Random rnd = new java.util.Random(29);
    ApiClient.playUntil(game, new ApiClient[] {a, b}, rnd, snap -> {
      for (JsonNode e : snap.get("history")) if (e.get("type").asText().equals("move")) return true;
      return false;
    });
    ApiClient.loserResigns(game, a, b, rnd);
    JsonNode history = a.snapshot(game).get("history");
    int line = 0;
    while (!history.get(line).get("type").asText().equals("move") || history.get(line).get("text").asText()
        .endsWith("pass")) {
      line++;
    }
    Resp hint = a.get("/api/games/" + game + "/hint?at=" + line);
    assertThat(hint.status()).as("%s", hint).isEqualTo(200);
    String position = hint.json().get("position").asText();
    var root = ToRoll.fromId(position);
    assertThat(root.isOk()).as(position).isTrue();
    assertThat(root.get().mover()).as("the player of the play is on roll").isEqualTo(history.get(line).get("player")
        .asInt());
    Resp started = a.post("/api/rollouts", Map.of("position", position, "trials", 36, "truncate", 2));
    assertThat(started.status()).as("%s", started).isEqualTo(202);
    assertThat(waitForEnd(a, started.json().get("id").asLong()).get("state").asText()).isEqualTo("done");
  }

  /** Polls the rollout until it is neither queued nor running. */
  static JsonNode waitForEnd(ApiClient c, long id) throws InterruptedException {
    for (int i = 0; i < 1200; i++) {
      JsonNode s = c.get("/api/rollouts/" + id).json();
      String state = s.get("state").asText();
      if (!state.equals("queued") && !state.equals("running") && s.get("finished").isTextual()) return s;
      Thread.sleep(100);
    }
    throw new AssertionError("rollout " + id + " did not end within two minutes");
  }
}
