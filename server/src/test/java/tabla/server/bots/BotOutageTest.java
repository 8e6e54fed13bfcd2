package tabla.server.bots;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.ServerConfig;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.ops.TcpProxy;

/**
 * A bot while PostgreSQL is unreachable (cut by a relay): its streams end with a last line that says why and when to
 * open them again (not a silent cut), its actions and a new stream are the API's 503 in JSON with the code and
 * Retry-After; once the database is back, the stream opens again and tells the whole state.
 */
class BotOutageTest {
  private static final long WAIT = 30_000;

  @Test
  @Timeout(180)
  void streamsEndSayingTheDatabaseIsAwayAndOpenAgainOnceItIsBack() {
    ServerConfig base = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    try (TcpProxy proxy = TcpProxy.toDatabaseOf(base);
        TablaServer server = TablaServer.start(proxy.through(base))) {
      BotApiTest.Bot bot = BotApiTest.bot(new ApiClient(server.port()).registered("bot"));
      long gameId = BotApiTest.challengedAndAccepted(server.port(), bot);

      try (BotStream events = bot.stream("/api/bot/stream/event");
          BotStream game = bot.stream("/api/bot/game/" + gameId + "/stream")) {
        assertThat(events.json(WAIT).get("type").asText()).isEqualTo("gameStart");
        assertThat(game.json(WAIT).get("type").asText()).isEqualTo("snapshot");

        proxy.cut();
        // the event stream's next look meets the database away; the game stream's next keep-alive (its token's check)
        for (BotStream s : List.of(events, game)) {
          JsonNode last = lastLine(s);
          assertThat(last.get("type").asText()).isEqualTo("unavailable");
          assertThat(last.get("code").asText()).isEqualTo("site.database_down");
          assertThat(last.get("retryAfter").asLong()).isEqualTo(DatabaseOutage.RETRY_SECONDS);
          assertThat(last.get("error").asText()).isEqualTo(DatabaseOutage.MESSAGE);
        }
        // meanwhile an action and a new stream: the API's 503, in JSON, with the code and Retry-After
        Resp act = bot.post("/api/bot/game/" + gameId + "/roll", "{}");
        assertThat(act.status()).as("%s", act).isEqualTo(503);
        assertThat(act.json().get("code").asText()).isEqualTo("site.database_down");
        assertThat(act.headers().firstValue("Retry-After")).contains(String.valueOf(DatabaseOutage.RETRY_SECONDS));
        try (BotStream refused = bot.stream("/api/bot/stream/event")) {
          assertThat(refused.status).isEqualTo(503);
          assertThat(refused.errorBody).contains("\"code\":\"site.database_down\"");
        }

        proxy.restore();
        long end = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < end) {
          try (BotStream again = bot.stream("/api/bot/stream/event")) {
            if (again.status == 200) {
              JsonNode first = again.json(WAIT);
              assertThat(first.get("type").asText()).as("the whole state again").isEqualTo("gameStart");
              assertThat(first.get("game").get("id").asLong()).isEqualTo(gameId);
              return;
            }
            assertThat(again.status).isEqualTo(503);
          }
          sleep(250);
        }
        throw new AssertionError("the event stream did not open again within 60 s of the database's return");
      }
    }
  }

  /** The stream's lines until it ends; its last one (fails when it ended without one, or never ended). */
  private static JsonNode lastLine(BotStream s) {
    List<JsonNode> seen = new ArrayList<>();
    long end = System.currentTimeMillis() + WAIT;
    while (System.currentTimeMillis() < end) {
      String l = s.line(end - System.currentTimeMillis());
      if (l == null) break;
      if (l.equals(BotStream.END)) {
        assertThat(seen).as("a last line before the end").isNotEmpty();
        return seen.get(seen.size() - 1);
      }
      if (!l.isEmpty()) seen.add(readJson(l));
    }
    throw new AssertionError("the stream did not end within " + WAIT + " ms: " + seen);
  }

  private static JsonNode readJson(String l) {
    try {
      return ApiClient.JSON.readTree(l);
    } catch (java.io.IOException e) {
      throw new AssertionError("not one JSON text a line: " + l, e);
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
