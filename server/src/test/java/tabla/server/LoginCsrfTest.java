package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient.Resp;

/**
 * Issue 30, finding 4: the requests that start a session (log-in, guest, sign-up, password reset) are refused unless
 * sent as JSON, so that a cross-site form or text/plain post cannot log a visitor into another account or replace
 * their session with a guest. Refused: 415, a JSON sentence, and no session cookie.
 */
class LoginCsrfTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  private static Resp post(String path, String type, String body) {
    ApiClient c = SERVERS.client(TestDb.H2);
    HttpRequest.Builder b = c.request(path).POST(HttpRequest.BodyPublishers.ofString(body));
    if (type != null) b.header("Content-Type", type);
    return c.send(b);
  }

  private static void assertRefused(Resp r) {
    assertThat(r.status()).as("%s", r).isEqualTo(415);
    assertThat(r.error()).contains("Content-Type: application/json");
    assertThat(r.headers().allValues("Set-Cookie")).as("no session").isEmpty();
  }

  @Test
  void aCrossSiteLoginOrGuestIsRefused() {
    String name = ApiClient.uniqueName("csrf");
    assertThat(SERVERS.client(TestDb.H2).register(name, ApiClient.PASSWORD).status()).isEqualTo(201);
    String login = "{\"name\":\"" + name + "\",\"password\":\"" + ApiClient.PASSWORD + "\"}";
    assertRefused(post("/api/login", "text/plain", login));
    assertRefused(post("/api/login", "text/plain;charset=UTF-8", login));
    assertRefused(post("/api/login", null, login));
    assertRefused(post("/api/guest", "application/x-www-form-urlencoded", "lang=en"));
    assertRefused(post("/api/guest", "multipart/form-data; boundary=x", "--x--"));
    assertRefused(post("/api/register", "text/plain", "{\"name\":\"" + ApiClient.uniqueName("csrf") + "\",\"password\":\"12345678a\"}"));
    assertRefused(post("/api/password/reset", "text/plain", "{\"token\":\"00\",\"password\":\"12345678a\"}"));
  }

  @Test
  void jsonStillWorks() {
    String name = ApiClient.uniqueName("csrf");
    assertThat(SERVERS.client(TestDb.H2).register(name, ApiClient.PASSWORD).status()).isEqualTo(201);
    Resp r = post("/api/login", "application/json; charset=utf-8",
        "{\"name\":\"" + name + "\",\"password\":\"" + ApiClient.PASSWORD + "\"}");
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    assertThat(post("/api/guest", "Application/JSON", "").status()).isEqualTo(200);
  }
}
