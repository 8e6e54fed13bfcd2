package tabla.server.ops;

import tabla.server.kernel.AddressRange;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.kernel.ServerConfig;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.http.RateLimits;

/** Health, readiness, metrics, security headers, Secure cookies and the client address behind a proxy. */
class OpsHttpTest {
  private static final TestServers SERVERS = new TestServers();
  /** Prometheus text: a name, optional labels, a value. */
  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(?:[^\"}]|\"(?:[^\"\\\\]|\\\\.)*\")*\\})? (\\S+)$");

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @Test
  void healthAndReadinessAnswer() {
    ApiClient c = SERVERS.client(TestDb.H2);
    Resp h = c.get("/healthz");
    assertThat(h.status()).isEqualTo(200);
    assertThat(h.json().get("status").asText()).isEqualTo("up");
    Resp r = c.get("/readyz");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.json().get("status").asText()).isEqualTo("ready");
  }

  @Test
  void metricsAreScrapedAndParsed() {
    ApiClient a = SERVERS.client(TestDb.H2).registered("m");
    ApiClient b = new ApiClient(SERVERS.port(TestDb.H2)).registered("m");
    long game = ApiClient.newGame(a, b, 1);
    Random rnd = new Random(3);
    int accepted = 0;
    for (int i = 0; i < 4; i++) {
      var s = a.snapshot(game);
      ApiClient p = s.get("turn").asInt() == 0 ? a : b;
      var mine = p.snapshot(game);
      if (p.act(game, mine.get("version").asInt(), ApiClient.randomAction(mine, rnd, 0)).status() == 200) accepted++;
    }
    Resp m = a.get("/metrics");
    assertThat(m.status()).isEqualTo(200);
    assertThat(m.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
    Map<String, Double> byName = new java.util.HashMap<>();
    List<String> series = new ArrayList<>();
    for (String line : m.body().split("\n")) {
      if (line.isBlank() || line.startsWith("#")) continue;
      Matcher x = SAMPLE.matcher(line);
      assertThat(x.matches()).as("a Prometheus sample line: %s", line).isTrue();
      double v = Double.parseDouble(x.group(3).replace("+Inf", "Infinity"));
      byName.merge(x.group(1), v, Double::sum);
      series.add(x.group(1) + (x.group(2) == null ? "" : x.group(2)));
    }
    assertThat(byName.get("tabla_actions_accepted_total")).isGreaterThanOrEqualTo(accepted).isPositive();
    assertThat(byName).containsKeys("tabla_sockets_open", "tabla_rooms_in_memory", "hikaricp_connections_active",
        "hikaricp_connections_max", "jvm_memory_used_bytes", "jvm_threads_live_threads", "process_cpu_usage");
    assertThat(byName.get("tabla_rooms_in_memory")).isGreaterThanOrEqualTo(1);
    assertThat(series).anySatisfy(s -> assertThat(s).startsWith("http_server_requests_seconds_bucket")
        .contains("route=\"/api/games/{id}/actions\"").contains("method=\"POST\"").contains("status=\"200\""));
    assertThat(series).as("never a raw path with a game id").noneMatch(s -> s.contains("route=\"/api/games/" + game));
  }

  @Test
  void everyRouteCarriesTheSecurityHeaders() {
    ApiClient c = SERVERS.client(TestDb.H2);
    List<Resp> answers = List.of(c.get("/"), c.get("/index.html"), c.get("/pages/app.js"), c.get("/css/style.css"),
        c.get("/api/me"), c.get("/api/variants"), c.get("/api/games/99999999"), c.get("/api/nothing-here"),
        c.get("/nothing-here.html"), c.get("/healthz"), c.get("/readyz"), c.get("/metrics"), c.get("/api/notices"),
        c.postRaw("/api/login", "{\"name\":\"x\",\"password\":\"y\"}", false), c.postRaw("/api/login", "{", false),
        c.postRaw("/api/games/1/actions", "{}", false));
    for (Resp r : answers) {
      assertThat(r.headers().firstValue("Content-Security-Policy")).as("CSP on %s", r).hasValue(SecurityHeaders.CSP);
      assertThat(r.headers().firstValue("X-Content-Type-Options")).as("nosniff on %s", r).hasValue("nosniff");
      assertThat(r.headers().firstValue("X-Frame-Options")).as("%s", r).hasValue("DENY");
      assertThat(r.headers().firstValue("Referrer-Policy")).as("%s", r).hasValue("same-origin");
      assertThat(r.headers().firstValue("Strict-Transport-Security")).as("no HSTS over http").isEmpty();
    }
    assertThat(SecurityHeaders.CSP).contains("frame-ancestors 'none'").contains("script-src 'self'")
        .doesNotContain("unsafe-inline").doesNotContain("unsafe-eval");
    assertThat(answers.stream().map(Resp::status)).contains(200, 401, 404, 400);
  }

  @Test
  void cookiesAreSecureOnlyWithAnHttpsPublicUrl() {
    ApiClient plain = SERVERS.client(TestDb.H2);
    assertThat(plain.register(ApiClient.uniqueName("plain"), ApiClient.PASSWORD).headers().firstValue("Set-Cookie").orElseThrow())
        .doesNotContainIgnoringCase("secure").containsIgnoringCase("HttpOnly");
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    try (TablaServer s = TablaServer.start(c.withSite(c.site().withPublicUrl("https://club.example.org")))) {
      ApiClient https = new ApiClient(s.port());
      Resp r = https.register(ApiClient.uniqueName("tls"), ApiClient.PASSWORD);
      assertThat(r.headers().allValues("Set-Cookie")).singleElement().asString().contains("; Secure").containsIgnoringCase("HttpOnly");
      assertThat(https.get("/healthz").headers().firstValue("Strict-Transport-Security")).hasValue("max-age=31536000");
    }
  }

  @Test
  void theRateLimitsAndTheFailedLoginLogSeeTheAddressATrustedProxyNames() {
    Logger security = (Logger) LoggerFactory.getLogger("tabla.security");
    ListAppender<ILoggingEvent> lines = new ListAppender<>();
    lines.start();
    security.addAppender(lines);
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    try (TablaServer proxied = TablaServer.start(c.withSite(c.site().withTrustedProxies(List.of(AddressRange.parse("127.0.0.1")))));
        TablaServer direct = TablaServer.start(TestDb.H2.freshConfig(TestServers.DICE_SEED))) {
      // Behind the proxy: failures from one client (on any accounts) lock that client out, and no one else.
      int perAddress = RateLimits.defaults().loginFailuresPerAddress().events();
      ApiClient p = new ApiClient(proxied.port());
      for (int i = 0; i < perAddress; i++) assertThat(failedLogin(p, "198.51.100.7", "u" + i).status()).isEqualTo(401);
      assertThat(failedLogin(p, "198.51.100.7", "u9").status()).isEqualTo(429);
      assertThat(failedLogin(p, "198.51.100.8", "u10").status()).as("another client behind the proxy").isEqualTo(401);
      // A forged left part of the header changes nothing: the proxy appended the real address.
      assertThat(failedLogin(p, "203.0.113.1, 198.51.100.7", "u11").status()).isEqualTo(429);
      assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage)
          .contains("login failed for 'u0' from 198.51.100.7", "login failed for 'u10' from 198.51.100.8");

      // Without trusted proxies the header is ignored: every failure counts against 127.0.0.1.
      ApiClient d = new ApiClient(direct.port());
      for (int i = 0; i < perAddress; i++) assertThat(failedLogin(d, "198.51.100." + i, "v" + i).status()).isEqualTo(401);
      assertThat(failedLogin(d, "198.51.100.99", "v9").status()).isEqualTo(429);
      assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).contains("login failed for 'v0' from 127.0.0.1");
      // A name cannot forge a log line: a line break is refused as input (400) and logs nothing; the rest is masked.
      int before = lines.list.size();
      assertThat(failedLogin(new ApiClient(proxied.port()), "198.51.100.50", "x' from 10.0.0.1\nfake").status()).isEqualTo(400);
      assertThat(lines.list).hasSize(before);
      failedLogin(new ApiClient(proxied.port()), "198.51.100.50", "x' from 10.0.0.1 fake");
      assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage)
          .contains("login failed for 'x??from?10?0?0?1?fake' from 198.51.100.50");
    } finally {
      security.detachAppender(lines);
    }
  }

  private static Resp failedLogin(ApiClient c, String forwardedFor, String name) {
    return c.send(c.request("/api/login").header("Content-Type", "application/json").header("X-Forwarded-For", forwardedFor)
        .POST(HttpRequest.BodyPublishers.ofString(ApiClient.write(Map.of("name", name, "password", "wrong password")))));
  }
}
