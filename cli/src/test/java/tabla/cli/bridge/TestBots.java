package tabla.cli.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Bot accounts on a test server, made as docs/bots.md says: register, a token with the bot scope, the upgrade. */
final class TestBots {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TestBots() {}

  /** Registers {@code name} on the site at {@code url}, makes it a token with the bot scope and upgrades it: the token. */
  static String account(String url, String name) throws Exception {
    return bot(url, name).token();
  }

  /** A bot's token, and what revokes it (its account's session deletes it, as on the settings page). */
  record Bot(String token, Revoke revoke) {}

  interface Revoke {
    void run() throws Exception;
  }

  /** {@link #account}, with the means to revoke the token. */
  static Bot bot(String url, String name) throws Exception {
    HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
    JsonNode reg = post(http, url + "/api/register", "{\"name\":\"" + name + "\",\"password\":\"correct horse battery\"}", null);
    String csrf = reg.get("csrf").asText();
    JsonNode made = post(http, url + "/api/tokens", "{\"name\":\"bridge\",\"scopes\":[\"bot\"]}", csrf);
    String token = made.get("secret").asText();
    BotApi.Answer up = new BotApi(url, token).post("/api/bot/account/upgrade", null);
    assertThat(up.status()).as("%s", up).isEqualTo(200);
    return new Bot(token, () -> {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url + "/api/tokens/"
          + made.get("token").get("id").asLong())).header("X-CSRF-Token", csrf).DELETE().build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(204);
    });
  }

  private static JsonNode post(HttpClient http, String url, String body, String csrf) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (csrf != null) b.header("X-CSRF-Token", csrf);
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isBetween(200, 201);
    return JSON.readTree(r.body());
  }
}
