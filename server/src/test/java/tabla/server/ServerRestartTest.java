package tabla.server;

import tabla.server.kernel.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/**
 * The server process is killed with SIGKILL at random moments while scripted games run against it,
 * then started again on the same database. Every action whose answer reached the client survives;
 * one whose answer never came is either wholly applied or not at all; the board and score are what
 * the client last saw (or one action further); every game plays on to its end with its dice still
 * the ones its commitment fixed; and the computer takes up a turn it had not played when killed. (A crash between a
 * game's end and its seed's reveal: {@link SeedRevealAfterCrashTest}, beside the other classes.)
 */
@RunsAlone // over 200 actions acknowledged between kills spaced by the clock
class ServerRestartTest {
  /** Six kills at random moments on each database: each restart is a JVM start, the most of this test's time. */
  private static final int KILLS = 6;
  private static final long SEED = 77L;

  @ParameterizedTest
  @EnumSource(TestDb.class)
  @Timeout(180)
  void sigkillAtRandomMomentsLosesNoAcceptedAction(TestDb db) throws Exception {
    ServerConfig config = db.freshConfig(TestServers.DICE_SEED).withPort(ServerProcess.freePort());
    Path dir = TestDb.tempDir("tabla-restart-");
    try (ServerProcess server = new ServerProcess(dir.resolve("server.log"))) {
      int port = server.start(TestDb.env(config));
      assertThat(port).isEqualTo(config.port());

      List<GameDriver> drivers = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        ApiClient a = new ApiClient(port).registered("r" + i + "a");
        ApiClient b = new ApiClient(port).registered("r" + i + "b");
        drivers.add(new GameDriver("people-" + i, new ApiClient[] {a, b}, i == 0 ? 3 : 1, new Random(SEED + i)));
      }
      drivers.add(new GameDriver("computer-0", new ApiClient[] {new ApiClient(port).registered("rc"), null}, 1,
          new Random(SEED + 10)));
      drivers.add(new GameDriver("computer-1", new ApiClient[] {new ApiClient(port).guest(), null}, 1,
          new Random(SEED + 11)));
      List<Thread> threads = new ArrayList<>();
      for (GameDriver d : drivers) {
        Thread t = new Thread(d, "driver-" + d.name);
        t.setDaemon(true);
        t.start();
        threads.add(t);
      }

      Random chaos = new Random(SEED);
      for (int k = 0; k < KILLS && GameDriver.FAILURES.isEmpty(); k++) {
        Thread.sleep(250 + chaos.nextInt(750));
        server.kill();
        if (chaos.nextBoolean()) Thread.sleep(chaos.nextInt(300)); // clients meet a closed port a while
        server.start(TestDb.env(config));
      }
      drivers.forEach(d -> d.stop = true);
      for (Thread t : threads) t.join(60_000);
      assertNoFailures(server);
      for (Thread t : threads) assertThat(t.isAlive()).as("%s finished its game", t.getName()).isFalse();

      int acked = 0;
      int inFlight = 0;
      for (GameDriver d : drivers) {
        assertThat(d.finished).as("%s finished games", d.name).isNotEmpty();
        assertThat(d.interruptions).as("%s met the kills", d.name).isPositive();
        acked += d.acked;
        inFlight += d.inFlightApplied + d.inFlightLost;
      }
      System.out.printf("restart test on %s: %d kills, %d acknowledged actions, %d cut off in flight "
              + "(%d applied, %d not), %d games finished%n", db, KILLS, acked, inFlight,
          drivers.stream().mapToInt(d -> d.inFlightApplied).sum(), drivers.stream().mapToInt(d -> d.inFlightLost).sum(),
          drivers.stream().mapToInt(d -> d.finished.size()).sum());
      assertThat(server.starts()).isEqualTo(KILLS + 1);
      assertThat(acked).isGreaterThan(200);
      assertThat(inFlight).as("actions whose answer a kill cut off").isPositive();

      computerResumesItsTurnAfterARestart(server, config, port);
    }
  }

  /**
   * Without the test seed the computer waits 400 ms before it moves: kill the server right after
   * handing it the turn, check in the database that its move was not made, restart, and it moves.
   */
  private static void computerResumesItsTurnAfterARestart(ServerProcess server, ServerConfig config, int port) {
    Map<String, String> env = TestDb.env(config.withTestDiceSeed(null));
    server.kill();
    server.start(env);
    ApiClient human = new ApiClient(port).registered("resume");
    long game = human.computerGame(5, "intermediate");
    Random rnd = new Random(SEED);
    int kills = 0;
    for (int step = 0; ; step++) {
      assertThat(step).as("steps to catch the computer's turn").isLessThan(100);
      JsonNode s = human.snapshot(game);
      while (s.get("turn").asInt(-1) != 0) s = ApiClient.awaitChange(human, game, s.get("version").asInt());
      Resp r = human.act(game, s.get("version").asInt(), ApiClient.randomAction(s, rnd, 0));
      assertThat(r.status()).as("%s", r).isEqualTo(200);
      JsonNode handed = r.json();
      if (handed.get("turn").asInt(-1) != 1) continue; // still the human's turn
      server.kill();
      kills++;
      int stored = storedVersion(config, game);
      assertThat(stored).isGreaterThanOrEqualTo(handed.get("version").asInt());
      server.start(env);
      if (stored > handed.get("version").asInt()) { // the computer was quicker than the kill: again
        assertThat(kills).as("kills before the computer's move").isLessThan(4);
        continue;
      }
      // Stored: the human's action, and the turn is the computer's. It must take it up by itself.
      JsonNode after = handed;
      do {
        after = ApiClient.awaitChange(human, game, after.get("version").asInt());
      } while (after.get("turn").asInt(-1) == 1);
      JsonNode h0 = handed.get("history");
      JsonNode h1 = after.get("history");
      assertThat(h1.size()).as("the computer's play is in the history").isGreaterThan(h0.size());
      for (int i = 0; i < h1.size(); i++) {
        if (i < h0.size()) assertThat(h1.get(i)).isEqualTo(h0.get(i));
        else assertThat(h1.get(i).get("player").asInt()).as("new entry %s", h1.get(i)).isNotEqualTo(0);
      }
      return;
    }
  }

  /** The number of actions stored for a game, read straight from the database of a dead server. */
  private static int storedVersion(ServerConfig config, long game) {
    try (Connection c = DriverManager.getConnection(config.dbUrl(), config.dbUser(), config.dbPassword());
        PreparedStatement st = c.prepareStatement("SELECT COUNT(*) FROM game_events WHERE game_id = ?")) {
      st.setLong(1, game);
      try (ResultSet rs = st.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static void assertNoFailures(ServerProcess server) {
    if (GameDriver.FAILURES.isEmpty()) return;
    AssertionError e = new AssertionError(GameDriver.FAILURES.size() + " driver(s) failed; server log:\n"
        + server.logTail(), GameDriver.FAILURES.peek());
    GameDriver.FAILURES.stream().skip(1).forEach(e::addSuppressed);
    GameDriver.FAILURES.clear();
    throw e;
  }
}
