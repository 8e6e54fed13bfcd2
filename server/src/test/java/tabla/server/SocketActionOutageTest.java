package tabla.server;

import tabla.server.kernel.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiWebSocketTest.Socket;
import tabla.server.ops.TcpProxy;

/**
 * PostgreSQL unreachable while a player acts over the game's socket: the action is refused with the same 503 and
 * sentence as over HTTP, within 2 s, and nothing was stored; once the database is back the same action, on the same
 * socket, is accepted.
 */
@RunsAlone // a socket action answered within 2 s while PostgreSQL is cut off
class SocketActionOutageTest {

  @Test
  @Timeout(120)
  void anActionDuringAnOutageIsA503AndWorksOnceTheDatabaseIsBack() throws Exception {
    ServerConfig base = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    URI pg = URI.create(base.dbUrl().substring("jdbc:".length()));
    try (TcpProxy proxy = new TcpProxy(pg.getHost(), pg.getPort() > 0 ? pg.getPort() : 5432)) {
      String url = base.dbUrl().replaceFirst("//[^/]+/", "//127.0.0.1:" + proxy.port() + "/");
      try (TablaServer server = TablaServer.start(base.withDb(url, base.dbUser(), base.dbPassword()))) {
        ApiClient alice = new ApiClient(server.port()).registered("alice");
        ApiClient bob = new ApiClient(server.port()).registered("bob");
        long game = ApiClient.newGame(alice, bob, 1);
        JsonNode s = alice.snapshot(game);
        ApiClient toAct = s.get("turn").asInt() == 0 ? alice : bob;
        JsonNode mine = toAct.snapshot(game);
        int v = mine.get("version").asInt();
        ObjectNode m = ApiClient.JSON.createObjectNode().put("type", "action").put("ref", 1).put("csrf", toAct.csrf);
        m.set("action", ApiClient.randomAction(mine, new Random(1), 0).put("version", v));
        Socket socket = Socket.open(toAct, game);
        try {
          socket.next(); // the snapshot
          proxy.cut();
          long t0 = System.nanoTime();
          socket.send(ApiClient.write(m));
          JsonNode r = socket.next();
          long millis = (System.nanoTime() - t0) / 1_000_000;
          assertThat(r.get("type").asText()).as("%s", r).isEqualTo("refused");
          assertThat(r.get("status").asInt()).as("%s", r).isEqualTo(503);
          assertThat(r.get("error").asText()).contains("cannot reach its database");
          assertThat(millis).as("answered within 2 s").isLessThan(2000);
          socket.assertQuiet(); // no event: nothing was stored

          proxy.restore();
          long end = System.nanoTime() + 60_000_000_000L;
          JsonNode answer;
          do {
            Thread.sleep(250);
            socket.send(ApiClient.write(m));
            do answer = socket.next(); while (answer.get("type").asText().equals("event"));
          } while (answer.get("type").asText().equals("refused") && answer.get("status").asInt() == 503
              && System.nanoTime() < end);
          assertThat(answer.get("type").asText()).as("the same action once it is back: %s", answer).isEqualTo("answer");
          assertThat(alice.snapshot(game).get("version").asInt()).isGreaterThan(v);
        } finally {
          socket.close();
        }
      }
    }
  }
}
