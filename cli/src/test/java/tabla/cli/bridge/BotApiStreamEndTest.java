package tabla.cli.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How the bridge reads a stream's last line: the site's restart and its database away each end the reading with the
 * line's wait (the bridge opens the stream again after it), the lines before it handed on; a stream without such a
 * line was cut.
 */
class BotApiStreamEndTest {

  @Test
  void theLastLinesOfTheSiteEndTheReadingWithTheirWait() throws Exception {
    assertThat(read("{\"type\":\"unavailable\",\"code\":\"site.database_down\",\"retryAfter\":2,\"error\":\"the site cannot reach its database just now\"}"))
        .isEqualTo(new BotApi.Ended(BotApi.Ended.How.UNAVAILABLE, 2));
    assertThat(read("{\"type\":\"restarting\",\"retryAfter\":5}")).isEqualTo(new BotApi.Ended(BotApi.Ended.How.RESTARTING, 5));
    assertThat(read("{\"type\":\"gameFinish\",\"game\":{\"id\":8}}")).isEqualTo(new BotApi.Ended(BotApi.Ended.How.CUT, 0));
  }

  /** How a stream of a gameStart line, a keep-alive and {@code last} ends; the lines before it were handed on. */
  private static BotApi.Ended read(String last) throws Exception {
    HttpServer site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    site.createContext("/api/bot/stream/event", x -> {
      byte[] body = ("{\"type\":\"gameStart\",\"game\":{\"id\":7}}\n\n" + last + "\n").getBytes(StandardCharsets.UTF_8);
      x.sendResponseHeaders(200, body.length);
      try (OutputStream out = x.getResponseBody()) {
        out.write(body);
      }
    });
    site.start();
    try {
      List<JsonNode> seen = new ArrayList<>();
      BotApi.Ended end = new BotApi("http://127.0.0.1:" + site.getAddress().getPort(), "secret")
          .stream("/api/bot/stream/event", seen::add);
      assertThat(seen).hasSizeGreaterThanOrEqualTo(2);
      assertThat(seen.get(0).path("type").asText()).isEqualTo("gameStart");
      assertThat(seen.get(1).isMissingNode()).as("the keep-alive").isTrue();
      return end;
    } finally {
      site.stop(0);
    }
  }
}
