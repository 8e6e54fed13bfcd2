package tabla.server.bots;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;

/**
 * A bot's streams at the server's stop: each ends with a last line that says the site restarts (it just ended, as a
 * dropped connection or a game over does), so the bot knows to open it again, and the stop waits for none.
 */
class BotStreamStopTest {
  private static final long WAIT = 20_000;

  @Test
  @Timeout(60)
  void everyStreamOfABotEndsWithALineSayingTheSiteRestarts() throws Exception {
    TablaServer server = TablaServer.start(TestDb.H2.freshConfig(TestServers.DICE_SEED));
    CompletableFuture<Void> closing = null;
    try {
      BotApiTest.Bot bot = BotApiTest.bot(new ApiClient(server.port()).registered("bot"));
      long gameId = BotApiTest.challengedAndAccepted(server.port(), bot);

      try (BotStream events = bot.stream("/api/bot/stream/event");
          BotStream game = bot.stream("/api/bot/game/" + gameId + "/stream")) {
        assertThat(events.json(WAIT).get("type").asText()).isEqualTo("gameStart"); // both streams are running
        assertThat(game.json(WAIT).get("type").asText()).isEqualTo("snapshot");
        closing = CompletableFuture.runAsync(server::close);
        for (BotStream s : List.of(events, game)) {
          List<JsonNode> seen = new ArrayList<>();
          JsonNode last = null;
          for (JsonNode m; (m = s.json(WAIT)) != null; ) { // the lines until the stream ends
            seen.add(m);
            last = m;
          }
          assertThat(last).as("the last line of a stream: %s", seen).isNotNull();
          assertThat(last.get("type").asText()).isEqualTo("restarting");
          assertThat(last.get("retryAfter").asInt()).isPositive();
          assertThat(last.get("error").asText()).contains("restarting");
        }
      }
      closing.get(30, TimeUnit.SECONDS);
    } finally {
      if (closing == null) server.close();
    }
  }
}
