package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: what a socket's upgrade refuses before it is a socket. A page of another site (its Origin) gets 403,
 * though the browser sends the player's cookie along.
 */
class SocketEdgesTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  /** The status of the upgrade's answer: 101 when the socket opened. */
  private static int upgrade(ApiClient c, String path, String origin) {
    WebSocket.Builder b = HttpClient.newBuilder().cookieHandler(c.cookies).build().newWebSocketBuilder()
        .connectTimeout(Duration.ofSeconds(5));
    if (origin != null) b.header("Origin", origin);
    try {
      WebSocket ws = b.buildAsync(URI.create("ws://" + c.base.getAuthority() + path), new WebSocket.Listener() {})
          .join();
      ws.abort();
      return 101;
    } catch (java.util.concurrent.CompletionException e) {
      assertThat(e.getCause()).isInstanceOf(WebSocketHandshakeException.class);
      return ((WebSocketHandshakeException) e.getCause()).getResponse().statusCode();
    }
  }

  /** A socket to a game that does not exist was accepted, then closed 1011 with a stack trace logged each time. */
  @Test
  void aSocketToNoGameIsA404BeforeTheUpgrade() {
    ApiClient bob = SERVERS.client(TestDb.H2).registered("nogame");
    for (String id : new String[] {"abc", "-1", "99999999", "1e3"}) {
      assertThat(upgrade(bob, "/ws/games/" + id, null)).as("/ws/games/%s", id).isEqualTo(404);
    }
  }

  @Test
  void aSocketFromAnotherSitesPageIsRefused() {
    ApiClient alice = SERVERS.client(TestDb.H2).registered("origin");
    long game = alice.computerGame(1, "random");
    String path = "/ws/games/" + game;
    assertThat(upgrade(alice, path, "http://evil.example")).isEqualTo(403);
    assertThat(upgrade(alice, "/ws/site", "https://evil.example")).isEqualTo(403);
    assertThat(upgrade(alice, path, "null")).as("an opaque origin").isEqualTo(403);
    assertThat(upgrade(alice, path, "http://" + alice.base.getAuthority())).as("the site's own page").isEqualTo(101);
    assertThat(upgrade(alice, path, null)).as("a program: no Origin").isEqualTo(101);
  }
}
