package tabla.server.records;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.bot.Analysis;
import tabla.core.record.SgfFormat;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.games.Analyses;

/** Uploaded records over HTTP (issue 27): read and replayed before they are stored, listed, shown, analysed. */
public class RecordsApiTest {
  private static final TestServers SERVERS = new TestServers();
  public static final Path MATCH7 = Path.of("../core/src/test/resources/records/gnubg_match7.sgf");

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  public static Resp upload(ApiClient c, String query, String text) {
    HttpRequest.Builder b = c.request("/api/records" + query).header("Content-Type", "text/plain; charset=utf-8")
        .POST(HttpRequest.BodyPublishers.ofString(text));
    if (c.csrf != null) b.header("X-CSRF-Token", c.csrf);
    return c.send(b);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void anUploadedSgfIsStoredListedAndShownAsTheMatchItHolds(TestDb db) throws IOException {
    ApiClient me = SERVERS.client(db).registered("rec");
    String sgf = Files.readString(MATCH7);
    Resp made = upload(me, "", sgf); // the format told from the text
    assertThat(made.status()).as("%s", made).isEqualTo(201);
    assertThat(made.json().get("format").asText()).isEqualTo("sgf");
    long id = made.json().get("id").asLong();

    Resp shown = me.get("/api/records/" + id);
    assertThat(shown.status()).as("%s", shown).isEqualTo(200);
    var match = SgfFormat.read(sgf).get();
    assertThat(shown.json().get("players")).extracting(JsonNode::asText)
        .containsExactly(match.info().player0(), match.info().player1());
    assertThat(shown.json().get("matchLength").asInt()).isEqualTo(7);
    assertThat(shown.json().get("score")).extracting(JsonNode::asInt)
        .containsExactly(match.match().score(0), match.match().score(1));
    JsonNode games = shown.json().get("games");
    assertThat(games).hasSize((int) match.match().games().stream().filter(g -> !g.events().isEmpty()).count());
    int actions = match.match().games().stream().mapToInt(g -> g.events().size()).sum();
    int lines = 0;
    for (JsonNode g : games) lines += g.get("lines").size();
    assertThat(lines).as("every action of the record").isEqualTo(actions);
    assertThat(games.get(0).get("lines").get(0).get("action").asText()).startsWith("rolloff ");

    Resp list = me.get("/api/records");
    assertThat(list.json().get("records")).extracting(r -> r.get("id").asLong()).containsExactly(id);
    assertThat(list.json().get("more").asBoolean()).isFalse();
    assertThat(SERVERS.client(db).registered("other").get("/api/records").json().get("records"))
        .as("another account lists its own").isEmpty();

    assertThat(me.delete("/api/records/" + id).status()).isEqualTo(204);
    assertThat(me.get("/api/records/" + id).status()).isEqualTo(404);
    assertThat(me.get("/api/records/" + id + "/analysis").status()).isEqualTo(404);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aMalformedRecordIsRefusedNamingItsLineAndNothingIsStored(TestDb db) throws IOException {
    ApiClient me = SERVERS.client(db).registered("recbad");
    String sgf = Files.readString(MATCH7);
    // the first move of the record made illegal: a 2-1 played from points where that side has no checker
    int at = sgf.indexOf(";B[");
    int lineNo = (int) sgf.substring(0, at).chars().filter(ch -> ch == '\n').count() + 1;
    String broken = sgf.substring(0, at) + ";B[21cdde]" + sgf.substring(sgf.indexOf(']', at) + 1);
    Resp bad = upload(me, "?format=sgf", broken);
    assertThat(bad.status()).as("%s", bad).isEqualTo(400);
    assertThat(bad.error()).contains("line " + lineNo);
    assertThat(upload(me, "", "hello\nworld").error()).contains("format");
    assertThat(upload(me, "?format=docx", sgf).status()).isEqualTo(400);
    assertThat(me.get("/api/records").json().get("records")).as("nothing stored").isEmpty();

    Resp large = tooLarge(me, sgf + " ".repeat(Records.MAX_BYTES));
    assertThat(large.status()).isEqualTo(413);
    // said in the page's language: the code and the bound in kB (docs/api.md, site.too_large)
    assertThat(large.json().path("code").asText()).as("%s", large).isEqualTo("site.too_large");
    assertThat(large.json().path("args").path("kb").asInt()).isEqualTo(Records.MAX_BYTES / 1024);
    assertThat(upload(SERVERS.client(db).guest(), "", sgf).status()).as("guests keep none").isEqualTo(403);
  }

  /**
   * The server answers 413 from the Content-Length and closes the connection: a client still writing the body may see
   * the connection end before the answer. Nothing changed; sent again, three times at most.
   */
  private static Resp tooLarge(ApiClient c, String text) {
    for (int tries = 1; ; tries++) {
      try {
        return upload(c, "?format=sgf", text);
      } catch (java.io.UncheckedIOException e) {
        if (tries == 3) throw e;
      }
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aRecordLargerThanAJsonRequestIsAccepted(TestDb db) throws IOException {
    ApiClient me = SERVERS.client(db).registered("recbig");
    String big = Files.readString(MATCH7.resolveSibling("sample_match7_randombot_vs_gnubg0ply.sgf"));
    assertThat(big.length()).as("over the 64 kB of any other request").isGreaterThan(64 * 1024);
    Resp made = upload(me, "", big);
    assertThat(made.status()).as("%s", made).isEqualTo(201);
    assertThat(me.get("/api/records/" + made.json().get("id").asLong()).json().get("games")).isNotEmpty();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aPlayTokenUploadsAndAReadTokenCannot(TestDb db) throws IOException {
    ApiClient owner = SERVERS.client(db).registered("rectok");
    String play = owner.post("/api/tokens", Map.of("name", "up", "scopes", List.of("play"))).json().get("secret")
        .asText();
    String read = owner.post("/api/tokens", Map.of("name", "rd", "scopes", List.of("read"))).json().get("secret")
        .asText();
    String sgf = Files.readString(MATCH7);
    ApiClient program = SERVERS.client(db);
    Resp refused = program.send(program.request("/api/records").header("Authorization", "Bearer " + read)
        .POST(HttpRequest.BodyPublishers.ofString(sgf)));
    assertThat(refused.status()).as("%s", refused).isEqualTo(403);
    Resp made = program.send(program.request("/api/records").header("Authorization", "Bearer " + play)
        .POST(HttpRequest.BodyPublishers.ofString(sgf)));
    assertThat(made.status()).as("%s", made).isEqualTo(201);
    assertThat(owner.get("/api/records").json().get("records")).hasSize(1);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theAnalysisJobEndsWithTheBotsFiguresForTheRecord(TestDb db) throws Exception {
    ApiClient me = SERVERS.client(db).registered("recan");
    String sgf = Files.readString(MATCH7);
    long id = upload(me, "", sgf).json().get("id").asLong();
    assertThat(me.get("/api/records/" + id + "/analysis").json().get("state").asText()).isEqualTo("none");
    ApiClient other = SERVERS.client(db).registered("recnot");
    assertThat(other.post("/api/records/" + id + "/analysis?plies=0", null).status()).as("not the owner")
        .isEqualTo(403);
    assertThat(me.post("/api/records/" + id + "/analysis?plies=3", null).status()).isEqualTo(400);

    Resp started = me.post("/api/records/" + id + "/analysis?plies=0", null);
    assertThat(started.status()).as("%s", started).isEqualTo(202);
    assertThat(started.json().get("state").asText()).isIn("queued", "running");
    JsonNode done = waitForAnalysis(me, id);
    assertThat(done.get("state").asText()).as("%s", done).isEqualTo("done");

    Analyses.View expected = Analyses.View.of(Analysis.analyse(SgfFormat.read(sgf).get().match(), 0), 0);
    JsonNode got = done.get("analysis");
    assertThat(got.get("plies").asInt()).isZero();
    assertThat(ApiClient.JSON.treeToValue(got.get("players"), JsonNode.class))
        .isEqualTo(ApiClient.JSON.valueToTree(expected.players()));
    assertThat(got.get("decisions")).hasSize(expected.decisions().size());
    assertThat(other.get("/api/records/" + id + "/analysis").json().get("state").asText())
        .as("readable by its link").isEqualTo("done");
  }

  /** Polls the job until it is neither queued nor running (an analysis at 0-ply takes a second or two). */
  static JsonNode waitForAnalysis(ApiClient c, long id) throws InterruptedException {
    for (int i = 0; i < 600; i++) {
      JsonNode s = c.get("/api/records/" + id + "/analysis").json();
      String state = s.get("state").asText();
      if (!state.equals("queued") && !state.equals("running")) return s;
      Thread.sleep(100);
    }
    throw new AssertionError("the analysis of record " + id + " did not end within a minute");
  }
}
