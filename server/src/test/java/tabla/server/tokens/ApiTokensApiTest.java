package tabla.server.tokens;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.LoggerFactory;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.TestDb;
import tabla.server.TestServers;

/** Personal API tokens over HTTP (issue 27): shown once, bearer auth, scopes, immediate revocation, never logged. */
class ApiTokensApiTest {
  private static final TestServers SERVERS = new TestServers();
  private static final String SEEK = "{\"rules\":{\"matchLength\":3},\"mode\":\"live\"}";

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aTokenActsAsItsAccountUntilRevokedAndTheListNeverShowsTheSecret(TestDb db) {
    ApiClient owner = SERVERS.client(db).registered("tok");
    Resp made = owner.post("/api/tokens", Map.of("name", "my engine", "scopes", List.of("read", "play")));
    assertThat(made.status()).as("%s", made).isEqualTo(201);
    String secret = made.json().get("secret").asText();
    assertThat(secret).startsWith(ApiTokens.PREFIX).hasSizeGreaterThan(40);
    assertThat(made.json().get("token").get("scopes")).extracting(JsonNode::asText).containsExactly("read", "play");
    long id = made.json().get("token").get("id").asLong();

    Resp list = owner.get("/api/tokens");
    assertThat(list.status()).isEqualTo(200);
    assertThat(list.json().get("tokens")).hasSize(1);
    assertThat(list.json().get("tokens").get(0).get("name").asText()).isEqualTo("my engine");
    assertThat(list.body()).doesNotContain(secret).doesNotContain(ApiTokens.hash(secret));

    ApiClient program = SERVERS.client(db); // no cookie: the token alone
    Resp me = bearer(program, secret, program.request("/api/me").GET());
    assertThat(me.status()).as("%s", me).isEqualTo(200);
    assertThat(me.json().get("user").get("name").asText()).isEqualTo(owner.name());
    // play scope: a change without any CSRF header or cookie
    Resp seek = bearer(program, secret, program.request("/api/seeks").header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(SEEK)));
    assertThat(seek.status()).as("%s", seek).isEqualTo(201);

    assertThat(owner.delete("/api/tokens/" + id).status()).isEqualTo(204);
    Resp after = bearer(program, secret, program.request("/api/me").GET());
    assertThat(after.status()).as("refused at once after revocation: %s", after).isEqualTo(401);
    assertThat(after.body()).doesNotContain(secret);
    assertThat(owner.get("/api/tokens").json().get("tokens")).isEmpty();
    assertThat(owner.delete("/api/tokens/" + id).status()).as("revoked already").isEqualTo(404);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aReadTokenReadsButCannotActAndNoTokenManagesTheAccount(TestDb db) {
    ApiClient owner = SERVERS.client(db).registered("tokr");
    String read = owner.post("/api/tokens", Map.of("name", "reader", "scopes", List.of("read")))
        .json().get("secret").asText();
    ApiClient program = SERVERS.client(db);
    assertThat(bearer(program, read, program.request("/api/seeks").GET()).status()).isEqualTo(200);
    int seeksBefore = owner.get("/api/seeks").json().get("seeks").size();

    Resp act = bearer(program, read, program.request("/api/seeks").header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(SEEK)));
    assertThat(act.status()).as("%s", act).isEqualTo(403);
    assertThat(act.error()).contains("'play' scope");
    assertThat(owner.get("/api/seeks").json().get("seeks")).as("nothing created").hasSize(seeksBefore);

    String play = owner.post("/api/tokens", Map.of("name", "player", "scopes", List.of("play")))
        .json().get("secret").asText();
    for (String secret : List.of(read, play)) {
      assertThat(bearer(program, secret, program.request("/api/tokens").GET()).status()).isEqualTo(403);
      Resp mint = bearer(program, secret, program.request("/api/tokens").header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"x\",\"scopes\":[\"play\"]}")));
      assertThat(mint.status()).as("a token cannot make tokens: %s", mint).isEqualTo(403);
      assertThat(bearer(program, secret, program.request("/api/logout")
          .POST(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(403);
    }
    assertThat(owner.get("/api/tokens").json().get("tokens")).hasSize(2);
    // the owner's cookie session is untouched by all this
    assertThat(owner.get("/api/me").status()).isEqualTo(200);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void badTokensAndBadRequestsAreRefusedClearly(TestDb db) {
    ApiClient program = SERVERS.client(db);
    for (String wrong : List.of("", "nonsense", ApiTokens.PREFIX + "A".repeat(43), ApiTokens.PREFIX + "x".repeat(5000))) {
      Resp r = bearer(program, wrong, program.request("/api/me").GET());
      assertThat(r.status()).as("'%s…'", wrong.substring(0, Math.min(10, wrong.length()))).isEqualTo(401);
    }
    ApiClient owner = SERVERS.client(db).registered("tokb");
    assertThat(owner.post("/api/tokens", Map.of("name", "x", "scopes", List.of("admin"))).status()).isEqualTo(400);
    assertThat(owner.post("/api/tokens", Map.of("name", "x", "scopes", List.of())).status()).isEqualTo(400);
    assertThat(owner.post("/api/tokens", Map.of("name", " ", "scopes", List.of("read"))).status()).isEqualTo(400);
    assertThat(owner.post("/api/tokens", Map.of("name", "n".repeat(41), "scopes", List.of("read"))).status())
        .isEqualTo(400);
    Resp noCsrf = owner.postRaw("/api/tokens", "{\"name\":\"x\",\"scopes\":[\"read\"]}", false);
    assertThat(noCsrf.status()).as("the cookie session still needs its CSRF header").isEqualTo(403);
    assertThat(owner.get("/api/tokens").json().get("tokens")).isEmpty();
    assertThat(SERVERS.client(db).guest().post("/api/tokens", Map.of("name", "g", "scopes", List.of("read")))
        .status()).isEqualTo(403);
    for (int i = 0; i < ApiTokens.MAX_PER_ACCOUNT; i++) {
      assertThat(owner.post("/api/tokens", Map.of("name", "t" + i, "scopes", List.of("read"))).status()).isEqualTo(201);
    }
    assertThat(owner.post("/api/tokens", Map.of("name", "one more", "scopes", List.of("read"))).status())
        .isEqualTo(409);
  }

  /** The access log and every other line, while a token is made, used, misused and revoked: never its secret. */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void noLogLineCarriesTheSecret(TestDb db) {
    Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    ListAppender<ILoggingEvent> lines = new ListAppender<>();
    lines.start();
    root.addAppender(lines);
    try {
      ApiClient owner = SERVERS.client(db).registered("tokl");
      Resp made = owner.post("/api/tokens", Map.of("name", "logged?", "scopes", List.of("read")));
      String secret = made.json().get("secret").asText();
      ApiClient program = SERVERS.client(db);
      bearer(program, secret, program.request("/api/me").GET());
      bearer(program, secret, program.request("/api/seeks?token=x").POST(HttpRequest.BodyPublishers.ofString(SEEK)));
      bearer(program, secret, program.request("/api/games/not-a-number").GET());
      bearer(program, secret, program.request("/api/no/such/route").GET());
      owner.delete("/api/tokens/" + made.json().get("token").get("id").asLong());
      bearer(program, secret, program.request("/api/me").GET());

      List<String> access = lines.list.stream().filter(e -> e.getLoggerName().equals("tabla.access"))
          .map(ILoggingEvent::getFormattedMessage).toList();
      assertThat(access).as("the access log saw the requests (so this test can see a leak)")
          .anyMatch(l -> l.contains("GET /api/me 200")).anyMatch(l -> l.contains("GET /api/me 401"));
      String secretPart = secret.substring(ApiTokens.PREFIX.length());
      for (ILoggingEvent e : lines.list) {
        assertThat(e.getFormattedMessage()).doesNotContain(secretPart);
        for (IThrowableProxy t = e.getThrowableProxy(); t != null; t = t.getCause()) {
          assertThat(String.valueOf(t.getMessage())).doesNotContain(secretPart);
        }
      }
    } finally {
      root.detachAppender(lines);
    }
  }

  private static Resp bearer(ApiClient c, String secret, HttpRequest.Builder b) {
    return c.send(b.header("Authorization", "Bearer " + secret));
  }
}
