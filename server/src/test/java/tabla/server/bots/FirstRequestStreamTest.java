package tabla.server.bots;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.ServerConfig;

/**
 * After a restart the first request may be a bot's event stream, which lasts as long as the bot is connected. The
 * site must answer everyone else meanwhile (the first request of a kind is let through alone, FirstRequestGate, but
 * only until it is set up). Before, every other request waited behind the stream: BotBridgeTest's restart timed out.
 */
class FirstRequestStreamTest {
  @Test
  @Timeout(90)
  void aStreamAsTheFirstRequestAfterARestartHoldsNobodyUp() throws Exception {
    ServerConfig config = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    TablaServer first = TablaServer.start(config);
    BotApiTest.Bot bot;
    try {
      bot = BotApiTest.bot(new ApiClient(first.port()).registered("firststream"));
    } finally {
      first.close();
    }
    TablaServer server = TablaServer.start(config); // the same database: the bot's token still holds
    try {
      URI base = URI.create("http://127.0.0.1:" + server.port() + "/");
      try (BotStream events = BotStream.open(base, "/api/bot/stream/event", bot.secret())) {
        assertThat(events.status).as(events.errorBody).isEqualTo(200); // its answer began: the stream is running
        HttpResponse<String> other = HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve("/api/notices"))
            .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(other.statusCode()).isEqualTo(200);
      }
    } finally {
      server.close();
    }
  }
}
