package tabla.cli.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tabla.server.TablaServer;
import tabla.server.kernel.ServerConfig;

/**
 * Two bridges play a 5-point match with the cube on a running server through the bot API (issue 27): Tabla's own
 * engine on both sides (strong against random), and GNU Backgammon against Tabla's strong bot: every action they
 * sent was accepted (legal), the streams never disagreed with themselves, and what each bridge saw of the match is
 * the record the site stored. The site restarting under two bridges in the middle of a match stops neither.
 */
class BotBridgeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path serverDir;
  private static TablaServer server;
  private static String url;

  @BeforeAll
  static void start() {
    server = TablaServer.start(config(0));
    url = "http://localhost:" + server.port();
  }

  private static ServerConfig config(int port) {
    // the tests sign up more players from one address than a site allows an hour (as the server's tests do, unlimited)
    return new ServerConfig(port, ServerConfig.h2Url(serverDir), "tabla", "", 1L,
        tabla.server.kernel.SiteSettings.defaults().withDataDir(serverDir))
        .withLimits(tabla.server.kernel.http.RateLimits.defaults().withoutCreationLimits());
  }

  @AfterAll
  static void stop() {
    if (server != null) server.close();
  }

  @Test
  void twoTablaBridgesPlayAMatchWithTheCubeAndSeeWhatTheSiteStored(@TempDir Path dir) throws Exception {
    JsonNode storedHistory = match("bridgea", "tabla:strong", "bridgeb", "tabla:random", dir, null).history();
    // the strong side doubles the random one, which always takes: the cube was played
    assertThat(storedHistory.findValuesAsText("type")).contains("move", "double", "take", "result");
  }

  /** GNU Backgammon (0-ply) through the bridge against Tabla's strong bot through its own: the acceptance of issue 27. */
  @Test
  void gnubgThroughTheBridgePlaysAMatchWithTheCubeAgainstTablasBot(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(Path.of(GnubgProcess.DEFAULT)), "GNU Backgammon is not installed at " + GnubgProcess.DEFAULT);
    Played m = match("gnubgbot", "gnubg:0", "tablabot", "tabla:strong", dir, null);
    assertThat(m.history().findValuesAsText("type")).contains("move", "result");
    // the match's dice are the test server's seeded ones: gnubg's cube decisions are in it (it doubled, took and dropped)
    List<String> gnubgCube = new java.util.ArrayList<>();
    for (JsonNode e : m.history()) {
      String type = e.get("type").asText();
      if (e.get("player").asInt(-1) == m.seatA() && List.of("double", "take", "drop").contains(type)) gnubgCube.add(type);
    }
    assertThat(gnubgCube).as("gnubg's cube decisions in %s", m.history()).isNotEmpty();
  }

  /**
   * The server stops (each stream's last line says it restarts) and starts again on its port and database while the
   * match is under way: both bridges open their streams again, play the match to its end, every action accepted, and
   * what each saw (a snapshot at each return that agrees with what it had built) is the stored record.
   */
  @Test
  void theSiteRestartsUnderTwoBridgesAndTheyPlayTheMatchOn(@TempDir Path dir) throws Exception {
    Played m = match("restarta", "tabla:strong", "restartb", "tabla:random", dir, BotBridgeTest::restartWhilePlaying);
    for (String log : List.of(m.logA(), m.logB())) {
      assertThat(log).contains("the site is restarting: opening it again in 5 s", "events: the stream is back")
          .containsPattern("game \\d+: the stream is back");
    }
  }

  /** Once the match in {@code log}'s game has a few entries: the server stopped and started again, the match not over. */
  private static void restartWhilePlaying(String token, ByteArrayOutputStream log) throws Exception {
    java.util.regex.Pattern playing = java.util.regex.Pattern.compile("game (\\d+): playing");
    long game = Long.parseLong(until(() -> {
      java.util.regex.Matcher g = playing.matcher(log.toString());
      return g.find() ? g.group(1) : null;
    }));
    BotApi api = new BotApi(url, token);
    until(() -> api.get("/api/games/" + game).body().path("history").size() >= 6 ? true : null);
    int port = server.port();
    server.close();
    server = TablaServer.start(config(port));
    // a client of its own: the first one's pooled connection was to the stopped server (once a 30 s time-out in CI)
    assertThat(new BotApi(url, token).get("/api/games/" + game).body().path("status").asText()).isEqualTo("playing");
  }

  private interface Probe<T> {
    T get() throws Exception;
  }

  /** What {@code probe} gives once it gives something (null: not yet), looked for up to a minute. */
  private static <T> T until(Probe<T> probe) throws Exception {
    long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    for (T t; System.nanoTime() < end; Thread.sleep(20)) if ((t = probe.get()) != null) return t;
    throw new AssertionError("not within a minute");
  }

  /** A token the site does not know ends the bridge at once with the reason, instead of its asking again and again. */
  @Test
  void aRefusedTokenEndsTheBridgeWithTheReason() {
    BotBridge bridge = new BotBridge(url, "not-a-token", tabla.cli.BotBridgeEngines.of("tabla:random", 7),
        new BotBridge.Options(1, 1, null, null, null, new PrintStream(new ByteArrayOutputStream(), true)));
    assertThatThrownBy(bridge::run).isInstanceOf(java.io.IOException.class)
        .hasMessageContaining(BotBridge.TOKEN_REFUSED).hasMessageContaining("401");
  }

  /**
   * A token revoked under a running bridge: its event stream ends at the next keep-alive, and the bridge, opening it
   * again, meets the 401 and ends with the reason instead of asking again and again.
   */
  @Test
  void aTokenRevokedUnderARunningBridgeEndsItWithTheReason() throws Exception {
    TestBots.Bot bot = TestBots.bot(url, "revoked");
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    BotBridge bridge = new BotBridge(url, bot.token(), tabla.cli.BotBridgeEngines.of("tabla:random", 7),
        new BotBridge.Options(1, 1, null, null, null, new PrintStream(log, true)));
    ExecutorService one = Executors.newSingleThreadExecutor();
    try {
      Future<BotBridge.Outcome> running = one.submit(bridge::run);
      // the first keep-alive (5 s) says the stream is open
      until(() -> log.toString().contains("events: the stream is open") || running.isDone() ? true : null);
      assertThat(running.isDone()).as(log.toString()).isFalse();
      bot.revoke().run();
      assertThatThrownBy(() -> running.get(1, TimeUnit.MINUTES)).hasCauseInstanceOf(java.io.IOException.class)
          .hasMessageContaining(BotBridge.TOKEN_REFUSED);
    } finally {
      one.shutdownNow();
    }
  }

  /** What to do while the bridges play: the first's token and log. */
  private interface During {
    void run(String token, ByteArrayOutputStream log) throws Exception;
  }

  /**
   * {@code first} (with {@code engineA}) challenges {@code second} to a 5-point match with the cube and both bridges
   * play it: every action accepted, no stream disagreed, and what each saw is the stored record, which it returns
   * with the first's seat and both logs; {@code during} (null: nothing) runs while they play.
   */
  private static Played match(String firstName, String engineA, String secondName, String engineB, Path dir,
      During during) throws Exception {
    String first = TestBots.account(url, firstName);
    String second = TestBots.account(url, secondName);
    ExecutorService both = Executors.newFixedThreadPool(2);
    ByteArrayOutputStream logA = new ByteArrayOutputStream();
    ByteArrayOutputStream logB = new ByteArrayOutputStream();
    try {
      Future<BotBridge.Outcome> b = both.submit(() -> bridge(second, engineB, null, dir.resolve("b"), logB));
      Thread.sleep(300); // the challenged bridge listens first (it would also find the challenge on connecting)
      Future<BotBridge.Outcome> a = both.submit(() -> bridge(first, engineA, secondName, dir.resolve("a"), logA));
      if (during != null) during.run(first, logA);
      BotBridge.Outcome outA = outcome(a, logA);
      BotBridge.Outcome outB = outcome(b, logB);
      assertThat(outA).as(logA.toString()).isEqualTo(new BotBridge.Outcome(1, 0, 0));
      assertThat(outB).as(logB.toString()).isEqualTo(new BotBridge.Outcome(1, 0, 0));
    } finally {
      both.shutdownNow();
    }
    List<Path> seenA = files(dir.resolve("a"));
    assertThat(seenA).hasSize(1);
    JsonNode a = JSON.readTree(seenA.get(0).toFile());
    JsonNode b = JSON.readTree(files(dir.resolve("b")).get(0).toFile());
    assertThat(a.get("id")).isEqualTo(b.get("id"));
    assertThat(a.get("seat").asInt()).isEqualTo(1 - b.get("seat").asInt());

    JsonNode stored = new BotApi(url, first).get("/api/games/" + a.get("id").asLong()).body();
    assertThat(stored.get("status").asText()).isEqualTo("finished");
    assertThat(stored.get("rules").get("matchLength").asInt()).isEqualTo(5);
    assertThat(stored.get("rules").get("cube").asBoolean()).isTrue();
    JsonNode storedHistory = BotBridge.GameView.plain(stored.get("history"));
    assertThat(a.get("history")).as("what the first bridge saw is the stored record").isEqualTo(storedHistory);
    assertThat(b.get("history")).as("and what the second saw").isEqualTo(storedHistory);
    return new Played(storedHistory, a.get("seat").asInt(), logA.toString(), logB.toString());
  }

  private record Played(JsonNode history, int seatA, String logA, String logB) {}

  private static BotBridge.Outcome outcome(Future<BotBridge.Outcome> f, ByteArrayOutputStream log) throws Exception {
    try {
      return f.get(2, TimeUnit.MINUTES);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("the bridge did not finish; it said:\n" + log, e);
    }
  }

  private static BotBridge.Outcome bridge(String token, String engine, String challenge, Path records,
      ByteArrayOutputStream log) throws Exception {
    JsonNode rules = JSON.createObjectNode().put("matchLength", 5).put("cube", true);
    return new BotBridge(url, token, tabla.cli.BotBridgeEngines.of(engine, 7),
        new BotBridge.Options(1, 1, challenge, rules, records, new PrintStream(log, true))).run();
  }

  private static List<Path> files(Path dir) throws Exception {
    try (var s = Files.list(dir)) {
      return s.toList();
    }
  }
}
