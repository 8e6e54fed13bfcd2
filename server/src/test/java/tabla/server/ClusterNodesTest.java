package tabla.server;

import tabla.server.kernel.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two nodes in one JVM on one PostgreSQL schema: each player of a game on a different node. The node that does
 * not run the game forwards its player's requests to the owner and gets the game's events through the
 * database's notices; when the owner stops, the other node takes the game over and play goes on.
 */
@RunsAlone // a game taken over within 5 s
class ClusterNodesTest {
  @Test
  void playersOnTwoNodesPlayOneGameAndTheSocketElsewhereSeesEveryVersion() throws Exception {
    try (TwoNodes nodes = TwoNodes.start(c -> c)) {
      TablaServer a = nodes.a();
      TablaServer b = nodes.b();
      ServerConfig config = nodes.config();
      ApiClient alice = new ApiClient(a.port()).registered("alice");
      ApiClient bob = new ApiClient(b.port()).registered("bob");
      long game = ApiClient.newGame(alice, bob, 3); // accepted on b: b runs it
      assertThat(owners(config, game)).containsExactly("b");

      ApiWebSocketTest.Socket aliceSocket = ApiWebSocketTest.Socket.open(alice, game); // on a: the game runs on b
      JsonNode first = aliceSocket.messages.poll(20, TimeUnit.SECONDS);
      assertThat(first).as("a snapshot fetched from the owner").isNotNull();
      assertThat(first.get("type").asText()).isEqualTo("snapshot");
      assertThat(first.get("snapshot").get("you").asInt()).isEqualTo(0);

      JsonNode end = ApiClient.playToEnd(game, new ApiClient[] {alice, bob}, new Random(17), 0.1, (action, after) -> { });
      int last = end.get("version").asInt();
      List<JsonNode> seen = untilVersion(aliceSocket, last);
      int version = first.get("snapshot").get("version").asInt();
      for (JsonNode m : seen) {
        int v = m.get("type").asText().equals("snapshot") ? m.get("snapshot").get("version").asInt() : m.get("version").asInt();
        if (m.get("type").asText().equals("event")) {
          assertThat(v).as("events in order, none missed").isEqualTo(version + 1);
        }
        version = v;
      }
      assertThat(version).isEqualTo(last);
      long events = seen.stream().filter(m -> m.get("type").asText().equals("event")).count();
      assertThat(events).as("the events themselves came through the notices (a snapshot only now and then)")
          .isGreaterThanOrEqualTo(seen.size() * 8L / 10);
      assertThat(epochs(config, game)).as("every action written by b, under its one epoch").containsOnly(1L);
      assertThat(forwarded(alice)).as("alice's actions, sent by a to b").isPositive();
      assertThat(forwarded(bob)).as("b ran every request it got").isZero();
      aliceSocket.ws.abort();
    }
  }

  /** The node's count of requests it sent to another node, from its /metrics. */
  private static long forwarded(ApiClient on) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^tabla_cluster_forwarded_total(?:\\{[^}]*\\})? (\\S+)$")
        .matcher(on.get("/metrics").body());
    assertThat(m.find()).as("tabla_cluster_forwarded_total in /metrics").isTrue();
    return (long) Double.parseDouble(m.group(1));
  }

  @Test
  void whenTheOwnerStopsTheOtherNodeTakesTheGameOverAndPlayGoesOn() throws Exception {
    TestDb.POSTGRES.assume();
    ServerConfig config = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    try (TablaServer a = TablaServer.start(config, TwoNodes.node("a"))) {
      ApiClient alice = new ApiClient(a.port()).registered("alice");
      long game;
      ApiClient bobOnA;
      try (TablaServer b = TablaServer.start(config, TwoNodes.node("b"))) {
        ApiClient bob = new ApiClient(b.port()).registered("bob");
        game = ApiClient.newGame(alice, bob, 5);
        bobOnA = bob.at(a.port());
        assertThat(owners(config, game)).containsExactly("b");
        // a few actions through a, forwarded to b
        JsonNode s = alice.snapshot(game);
        for (int i = 0; i < 4 && s.get("status").asText().equals("playing"); i++) {
          ApiClient p = s.get("turn").asInt() == 0 ? alice : bobOnA;
          JsonNode mine = p.snapshot(game);
          assertThat(p.act(game, mine.get("version").asInt(), ApiClient.randomAction(mine, new Random(i), 0)).status())
              .isEqualTo(200);
          s = alice.snapshot(game);
        }
      } // b stops: it gives its games back
      long stopped = System.nanoTime();
      while (!owners(config, game).contains("a")) {
        assertThat(System.nanoTime() - stopped).as("taken over within 5 s").isLessThan(TimeUnit.SECONDS.toNanos(5));
        Thread.sleep(50);
      }
      JsonNode end = ApiClient.playToEnd(game, new ApiClient[] {alice, bobOnA}, new Random(5), 0, (x, y) -> { });
      assertThat(end.get("status").asText()).isEqualTo("finished");
      assertThat(owners(config, game)).containsExactly("b", "a");
      List<Long> epochs = epochs(config, game);
      assertThat(epochs).as("b's epoch, then a's: never back").isSorted().containsOnly(1L, 2L).contains(2L);
    }
  }

  /** The messages of {@code s} until one at {@code version} (an event, or a snapshot). */
  static List<JsonNode> untilVersion(ApiWebSocketTest.Socket s, int version) throws InterruptedException {
    List<JsonNode> seen = new ArrayList<>();
    while (true) {
      JsonNode m = s.messages.poll(20, TimeUnit.SECONDS);
      assertThat(m).as("a message up to version %d; seen %s", version, seen.size()).isNotNull();
      seen.add(m);
      JsonNode v = m.get("type").asText().equals("snapshot") ? m.get("snapshot").get("version") : m.get("version");
      if (v.asInt() == version) return seen;
    }
  }

  /** The nodes that took the game, in the order of their epochs. */
  static List<String> owners(ServerConfig c, long game) throws Exception {
    return column(c, "SELECT owner FROM game_lease_log WHERE game_id = " + game + " ORDER BY epoch", String.class);
  }

  static List<Long> epochs(ServerConfig c, long game) throws Exception {
    return column(c, "SELECT epoch FROM game_events WHERE game_id = " + game + " ORDER BY seq", Long.class);
  }

  private static <T> List<T> column(ServerConfig c, String sql, Class<T> type) throws Exception {
    try (Connection con = DriverManager.getConnection(c.dbUrl(), c.dbUser(), c.dbPassword());
        Statement st = con.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      List<T> out = new ArrayList<>();
      while (rs.next()) out.add(rs.getObject(1, type));
      return out;
    }
  }
}
