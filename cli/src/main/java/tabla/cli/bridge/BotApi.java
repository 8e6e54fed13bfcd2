package tabla.cli.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Consumer;

/** The bot API of one Tabla site as one bot token reaches it (docs/api.md "Bots"): its posts and its NDJSON streams. */
final class BotApi {
  static final ObjectMapper JSON = new ObjectMapper();

  /** An answer: its status and JSON body (an empty object for none). */
  record Answer(int status, JsonNode body) {
    String error() {
      return body.path("error").asText(body.toString());
    }
  }

  private final URI base;
  private final String token;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  BotApi(String url, String token) {
    this.base = URI.create(url.endsWith("/") ? url : url + "/");
    this.token = token;
  }

  Answer post(String path, Object body) throws IOException, InterruptedException {
    HttpRequest req = HttpRequest.newBuilder(base.resolve(path.substring(1))).timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body == null ? "" : JSON.writeValueAsString(body))).build();
    HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
    return new Answer(r.statusCode(), r.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(r.body()));
  }

  Answer get(String path) throws IOException, InterruptedException {
    HttpRequest req = HttpRequest.newBuilder(base.resolve(path.substring(1))).timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + token).GET().build();
    HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
    return new Answer(r.statusCode(), r.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(r.body()));
  }

  /**
   * Reads the NDJSON stream at {@code path}, handing each JSON line to {@code line} (keep-alives skipped), until the
   * server ends it or {@code line} throws {@link Stop}. A refused stream is an {@link IOException} with the reason.
   */
  void stream(String path, Consumer<JsonNode> line) throws IOException, InterruptedException {
    HttpRequest req = HttpRequest.newBuilder(base.resolve(path.substring(1)))
        .header("Authorization", "Bearer " + token).GET().build();
    HttpResponse<InputStream> r = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
    try (InputStream body = r.body()) {
      if (r.statusCode() != 200) {
        String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
        throw new IOException(path + " answered " + r.statusCode() + ": " + text);
      }
      BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
      for (String l; (l = in.readLine()) != null; ) {
        if (l.isBlank()) continue;
        try {
          line.accept(JSON.readTree(l));
        } catch (Stop s) {
          return;
        }
      }
    }
  }

  /** Thrown by a stream's reader to stop reading it. */
  static final class Stop extends RuntimeException {
    Stop() {
      super(null, null, false, false);
    }
  }
}
