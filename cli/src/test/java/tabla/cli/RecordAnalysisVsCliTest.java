package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tabla.server.TablaServer;
import tabla.server.kernel.ServerConfig;
import tabla.server.kernel.SiteSettings;

/**
 * Issue 27's acceptance: a 7-point gnubg .sgf uploaded on the site and analysed there gives each player the figures
 * {@code ./tabla analyse} prints for the same file at the same depth (0-ply here, to keep the test quick).
 */
class RecordAnalysisVsCliTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path MATCH7 = Path.of("../core/src/test/resources/records/gnubg_match7.sgf");
  /** "error %8.3f EMG | error rate %6.1f": a player's chequer or cube loss and rate as the command prints them. */
  private static final Pattern FIGURES = Pattern.compile("error\\s+(-?[0-9.]+) EMG \\| error rate\\s+(-?[0-9.]+)");

  @Test
  void theSitesFiguresForAnUploadedSgfAreTheCommands(@TempDir Path data) throws Exception {
    MainHelpTest.Run cli = MainHelpTest.run("analyse", "--plies", "0", MATCH7.toString());
    assertThat(cli.rc()).as(cli.err()).isZero();
    List<String> printed = new ArrayList<>();
    Matcher m = FIGURES.matcher(cli.out());
    while (m.find()) printed.add(m.group(1) + " " + m.group(2));
    assertThat(printed).as(cli.out()).hasSize(4); // per player: chequer play, then the cube
    assertThat(printed).as("some play lost equity: %s", cli.out()).anyMatch(f -> !f.matches("-?0\\.000 .*"));

    SiteSettings site = SiteSettings.defaults().withDataDir(data);
    try (TablaServer server = TablaServer.start(new ServerConfig(0, ServerConfig.h2Url(data), "tabla", "", null, site))) {
      Site s = new Site(server.port());
      JsonNode me = s.send(s.json("/api/register", "{\"name\":\"analyst\",\"password\":\"correct horse battery\"}"));
      s.csrf = me.get("csrf").asText();
      long id = s.send(s.text("/api/records", Files.readString(MATCH7))).get("id").asLong();
      assertThat(s.send(s.text("/api/records/" + id + "/analysis?plies=0", "")).get("state").asText())
          .isIn("queued", "running");
      JsonNode status = null;
      for (int i = 0; i < 600; i++) {
        status = s.send(s.get("/api/records/" + id + "/analysis"));
        if (status.get("state").asText().equals("done")) break;
        assertThat(status.get("state").asText()).as("%s", status).isIn("queued", "running");
        Thread.sleep(100);
      }
      assertThat(status.get("state").asText()).as("done within a minute: %s", status).isEqualTo("done");
      List<String> site0 = new ArrayList<>();
      for (JsonNode p : status.get("analysis").get("players")) {
        site0.add(String.format("%.3f %.1f", -p.get("lossEmg").asDouble(), -p.get("errorRateMemg").asDouble()));
        site0.add(String.format("%.3f %.1f", -p.get("cubeLossEmg").asDouble(), -p.get("cubeErrorRateMemg").asDouble()));
      }
      assertThat(site0).isEqualTo(printed);
    }
  }

  /** A browser's session on the test server: its cookie and CSRF token. */
  private static final class Site {
    final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
    final URI base;
    String csrf;

    Site(int port) {
      base = URI.create("http://127.0.0.1:" + port);
    }

    HttpRequest get(String path) {
      return HttpRequest.newBuilder(base.resolve(path)).GET().build();
    }

    HttpRequest json(String path, String body) {
      return HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    HttpRequest text(String path, String body) {
      return HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "text/plain").header("X-CSRF-Token", csrf)
          .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    JsonNode send(HttpRequest r) throws Exception {
      HttpResponse<String> a = http.send(r, HttpResponse.BodyHandlers.ofString());
      assertThat(a.statusCode()).as("%s %s: %s", r.method(), r.uri(), a.body()).isBetween(200, 299);
      return JSON.readTree(a.body());
    }
  }
}
