package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient.Resp;
import tabla.server.alerts.PushCrypto;
import tabla.server.alerts.PushEndpoint;
import tabla.server.alerts.PushStore;
import tabla.server.kernel.ServerConfig;

/**
 * Alerts by Web Push (issue 28): a correspondence move by one player reaches the other's browser as a message that a
 * push endpoint started by the test decrypts with the browser's keys (made by the test), signed with the site's VAPID
 * key; a kind turned off is not pushed; a subscription the push service calls gone (410) is forgotten; the
 * subscriptions' checks and bound.
 */
@Timeout(120)
class PushAlertsApiTest {
  private static TablaServer server;

  @BeforeAll
  static void start() {
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    server = TablaServer.start(c.withSite(c.site().withPublicUrl("http://tabla.example")));
  }

  @AfterAll
  static void stop() {
    if (server != null) server.close();
  }

  private static Resp send(ApiClient c, String method, Object body) {
    return c.send(c.request("/api/me/push").header("Content-Type", "application/json").header("X-CSRF-Token", c.csrf)
        .method(method, java.net.http.HttpRequest.BodyPublishers.ofString(ApiClient.write(body))));
  }

  private static JsonNode next(PushEndpoint browser) throws Exception {
    PushEndpoint.Received got = browser.next(20);
    assertThat(got).as("a push within 20 s").isNotNull();
    assertThat(got.text()).doesNotStartWith("UNDECRYPTABLE");
    return ApiClient.JSON.readTree(got.text());
  }

  @Test
  void aCorrespondenceMoveIsPushedToTheOtherPlayersBrowser() throws Exception {
    ApiClient ann = new ApiClient(server.port()).registered("ann");
    ApiClient ben = new ApiClient(server.port()).registered("ben");
    try (PushEndpoint browser = new PushEndpoint()) {
      String key = ben.get("/api/me/push").json().get("key").asText();
      assertThat(PushCrypto.unb64(key)).hasSize(65);
      assertThat(send(ben, "POST", browser.subscription()).status()).isEqualTo(204);
      assertThat(ben.get("/api/me/push").json().get("devices").asInt()).isEqualTo(1);

      long game = AlertMailApiTest.correspondence(ann, ben);
      AlertMailApiTest.untilTurnOf(game, ann, ben, new Random(28));
      PushEndpoint.Received raw = browser.next(20);
      assertThat(raw).as("a push within 20 s").isNotNull();
      JsonNode m = ApiClient.JSON.readTree(raw.text());
      assertThat(m.get("body").asText()).isEqualTo("Game " + game + " against " + ann.name() + ": it is your turn.");
      assertThat(m.get("url").asText()).isEqualTo("http://tabla.example/#/game/" + game);
      assertThat(m.get("title").asText()).isEqualTo("Tabla: your games");
      assertThat(m.get("kind").asText()).isEqualTo("turns");
      assertThat(raw.headers().get("Content-encoding")).containsExactly("aes128gcm");
      assertThat(raw.headers().get("Ttl")).containsExactly("86400");
      String auth = raw.headers().get("Authorization").get(0);
      assertThat(auth).startsWith("vapid t=").endsWith(", k=" + key);
      String claims = new String(PushCrypto.unb64(auth.split("\\.")[1]), java.nio.charset.StandardCharsets.UTF_8);
      assertThat(ApiClient.JSON.readTree(claims).get("aud").asText()).isEqualTo(browser.url().replaceAll("/push/.*", ""));
    }
  }

  @Test
  void aKindTurnedOffIsNotPushedAndAGoneSubscriptionIsForgotten() throws Exception {
    ApiClient cid = new ApiClient(server.port()).registered("cid");
    ApiClient dan = new ApiClient(server.port()).registered("dan");
    try (PushEndpoint browser = new PushEndpoint()) {
      assertThat(send(dan, "POST", browser.subscription()).status()).isEqualTo(204);
      assertThat(dan.send(dan.request("/api/me/alerts").header("Content-Type", "application/json")
          .header("X-CSRF-Token", dan.csrf).PUT(java.net.http.HttpRequest.BodyPublishers.ofString(ApiClient.write(
              Map.of("turns", false, "deadlines", true, "invitations", true, "tournaments", true))))).status())
          .isEqualTo(204);
      AlertMailApiTest.untilTurnOf(AlertMailApiTest.correspondence(cid, dan), cid, dan, new Random(29));
      // one sending thread, in order: had the turn been pushed, it would come before the invitation
      assertThat(cid.post("/api/seeks", Map.of("rules", Map.of("matchLength", 1), "mode", "correspondence",
          "invite", dan.name())).status()).isEqualTo(201);
      JsonNode m = next(browser);
      assertThat(m.get("kind").asText()).isEqualTo("invitations");
      assertThat(m.get("body").asText()).isEqualTo(cid.name() + " invites you to a game");
      assertThat(browser.waiting()).isZero();

      browser.answer(410); // another invitation (another length: the same seek again would be the first one)
      assertThat(cid.post("/api/seeks", Map.of("rules", Map.of("matchLength", 5), "mode", "correspondence",
          "invite", dan.name())).status()).isEqualTo(201);
      assertThat(browser.next(20)).isNotNull();
      for (int i = 0; i < 100 && dan.get("/api/me/push").json().get("devices").asInt() > 0; i++) Thread.sleep(50);
      assertThat(dan.get("/api/me/push").json().get("devices").asInt()).isZero();
    }
  }

  @Test
  void subscriptionsAreCheckedAndBounded() throws Exception {
    ApiClient eve = new ApiClient(server.port()).registered("eve");
    try (PushEndpoint browser = new PushEndpoint()) {
      Map<String, Object> good = browser.subscription();
      @SuppressWarnings("unchecked")
      Map<String, String> keys = (Map<String, String>) good.get("keys");
      for (Map<String, Object> bad : java.util.List.of(
          with(good, "endpoint", "ftp://push.example/x"),
          with(good, "endpoint", "http://" + "a".repeat(1000) + ".example/"),
          with(good, "endpoint", 7),
          with(good, "keys", Map.of("p256dh", keys.get("p256dh"))),
          with(good, "keys", Map.of("p256dh", PushCrypto.b64(new byte[65]), "auth", keys.get("auth"))),
          with(good, "keys", Map.of("p256dh", keys.get("p256dh"), "auth", "AAAA")),
          with(good, "colour", "red"))) {
        assertThat(send(eve, "POST", bad).status()).as("%s", bad).isEqualTo(400);
      }
      assertThat(eve.get("/api/me/push").json().get("devices").asInt()).isZero();
      assertThat(send(new ApiClient(server.port()).guest(), "POST", good).status()).isEqualTo(403);

      for (int i = 0; i <= PushStore.MAX_PER_USER; i++) {
        assertThat(send(eve, "POST", with(good, "endpoint", browser.url() + "/" + i)).status()).isEqualTo(204);
      }
      assertThat(eve.get("/api/me/push").json().get("devices").asInt()).isEqualTo(PushStore.MAX_PER_USER);
      // the oldest was dropped; the newest is there, once, however often it is sent
      assertThat(send(eve, "DELETE", Map.of("endpoint", browser.url() + "/0")).status()).isEqualTo(404);
      assertThat(send(eve, "POST", with(good, "endpoint", browser.url() + "/10")).status()).isEqualTo(204);
      assertThat(send(eve, "DELETE", Map.of("endpoint", browser.url() + "/10")).status()).isEqualTo(204);
      assertThat(eve.get("/api/me/push").json().get("devices").asInt()).isEqualTo(PushStore.MAX_PER_USER - 1);
      assertThat(send(eve, "DELETE", Map.of("endpoint", browser.url() + "/10")).status()).isEqualTo(404);
    }
  }

  private static Map<String, Object> with(Map<String, Object> m, String field, Object value) {
    Map<String, Object> out = new HashMap<>(m);
    out.put(field, value);
    return out;
  }
}
