package tabla.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import tabla.server.kernel.ServerConfig;
import tabla.server.admin.AdminToken;
import tabla.server.ops.Backup;

/**
 * The running server on this machine, reached with the admin token it wrote into its data folder (only
 * someone who can read that folder can use it): the admin commands and a backup while the site runs.
 */
final class LocalServer {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final AdminToken.Local local;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private LocalServer(AdminToken.Local local) {
    this.local = local;
  }

  static LocalServer connect(ServerConfig config) {
    Path file = AdminToken.file(config.site().dataDir());
    if (!Files.isReadable(file)) {
      throw new IllegalStateException("no running server found (" + file + " is missing): start it with ./tabla serve, "
          + "or set TABLA_DATA to its data folder");
    }
    return new LocalServer(AdminToken.read(file));
  }

  /** True when an H2 failure says another process (the server) holds the database. */
  static boolean inUse(Exception e) {
    return e.getMessage() != null && e.getMessage().contains("in use");
  }

  Path backup(Path target, Backup.Format format) throws IOException, InterruptedException {
    ObjectNode body = JSON.createObjectNode().put("file", target.toAbsolutePath().toString()).put("format", format.name());
    return Path.of(post("/api/admin/backup", body).path("file").asText());
  }

  /** POSTs JSON to an admin route; a refusal becomes an exception with the server's sentence. */
  JsonNode post(String path, ObjectNode body) throws IOException, InterruptedException {
    HttpRequest req = HttpRequest.newBuilder(URI.create(local.url() + path))
        .timeout(Duration.ofMinutes(10))
        .header("Content-Type", "application/json")
        .header(AdminToken.HEADER, local.token())
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
        .build();
    HttpResponse<String> res;
    try {
      res = http.send(req, HttpResponse.BodyHandlers.ofString());
    } catch (java.net.ConnectException e) {
      throw new IllegalStateException("the server at " + local.url() + " does not answer: is it running?");
    }
    JsonNode json = res.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(res.body());
    if (res.statusCode() >= 400) {
      throw new IllegalStateException("the server refused (" + res.statusCode() + "): " + json.path("error").asText(res.body()));
    }
    return json;
  }
}
