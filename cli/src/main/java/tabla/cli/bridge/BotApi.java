package tabla.cli.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
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
   * How a stream ended: its reader stopped it, the site said it restarts or cannot reach its database, or it just
   * ended (a cut, a game moved).
   */
  record Ended(How how, long retryAfterSeconds) {
    enum How { STOPPED, REOPEN, RESTARTING, UNAVAILABLE, CUT }
  }

  /**
   * Reads the NDJSON stream at {@code path}, handing each JSON line to {@code line} and each keep-alive (an empty line)
   * as a missing node, until the server ends it or {@code line} throws {@link Stop}. The server's last line at its stop,
   * {@code {"type":"restarting","retryAfter":N}}, ends the reading as {@link Ended.How#RESTARTING}; its last line when
   * its database is away, {@code {"type":"unavailable","retryAfter":N}}, as {@link Ended.How#UNAVAILABLE}. A refused stream is a
   * {@link Refused}; a connection that fails or breaks, an {@link IOException}.
   */
  Ended stream(String path, Consumer<JsonNode> line) throws IOException, InterruptedException {
    HttpRequest req = HttpRequest.newBuilder(base.resolve(path.substring(1)))
        .header("Authorization", "Bearer " + token).GET().build();
    HttpResponse<InputStream> r = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
    try (InputStream body = r.body()) {
      if (r.statusCode() != 200) {
        String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
        throw new Refused(r.statusCode(), path + " answered " + r.statusCode() + ": " + text);
      }
      BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
      for (String l; (l = in.readLine()) != null; ) {
        JsonNode m = l.isBlank() ? MissingNode.getInstance() : JSON.readTree(l);
        String type = m.path("type").asText();
        if (type.equals("restarting") || type.equals("unavailable")) {
          return new Ended(type.equals("restarting") ? Ended.How.RESTARTING : Ended.How.UNAVAILABLE,
              m.path("retryAfter").asLong(RETRY_WITHOUT_WORD));
        }
        try {
          line.accept(m);
        } catch (Stop s) {
          return new Ended(s.reopen ? Ended.How.REOPEN : Ended.How.STOPPED, 0);
        }
      }
    }
    return new Ended(Ended.How.CUT, 0);
  }

  /** The wait a {@code restarting} or {@code unavailable} line without its {@code retryAfter} asks for. */
  private static final long RETRY_WITHOUT_WORD = 5;

  /** A stream the site refused: 401 (the token is revoked or wrong) and other 4xx but 429 stay refused. */
  static final class Refused extends IOException {
    final int status;

    Refused(int status, String message) {
      super(message);
      this.status = status;
    }

    /** Whether asking again will not help. */
    boolean lasting() {
      return status >= 400 && status < 500 && status != 408 && status != 429;
    }
  }

  /** Thrown by a stream's reader to stop reading it: {@link #DONE} for good, {@link #REOPEN} to open it again. */
  static final class Stop extends RuntimeException {
    static final Stop DONE = new Stop(false);
    static final Stop REOPEN = new Stop(true);
    final boolean reopen;

    private Stop(boolean reopen) {
      super(null, null, false, false);
      this.reopen = reopen;
    }
  }
}
