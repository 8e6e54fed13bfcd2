package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient.Resp;
import tabla.server.kernel.ServerConfig;

/**
 * The server's stop on the embedded database: a request running when it begins ends and its write is stored (Jetty's
 * own stop cut its connection and interrupted its thread, which in H2's file IO closes the whole database), and a
 * request that arrives meanwhile is told, in JSON, to come back (it met a closed port or a reset before).
 */
class GracefulStopTest {
  private static final String NEW_PASSWORD = "another horse battery";

  @Test
  @Timeout(60)
  void aRequestRunningAtTheStopIsStoredAndOneArrivingIsToldToComeBack() throws Exception {
    // the held request waits on a row lock for as long as the test holds it (H2's default: 2 s)
    ServerConfig base = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    ServerConfig config = base.withDb(base.dbUrl() + ";LOCK_TIMEOUT=30000", base.dbUser(), base.dbPassword());
    TablaServer server = TablaServer.start(config);
    CompletableFuture<Void> closing = null;
    String name;
    try {
      ApiClient player = new ApiClient(server.port()).registered("stop");
      name = player.name();
      List<String> told = new CopyOnWriteArrayList<>();
      CountDownLatch notice = new CountDownLatch(1);
      new ApiClient(server.port()).webSocket("/ws/site", new WebSocket.Listener() {
        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
          told.add(data.toString());
          if (data.toString().contains("\"kind\":\"shutdown\"")) notice.countDown();
          ws.request(1);
          return null;
        }
      });

      // A session of the test's own on the same embedded database holds the player's row: the password change (a
      // store's transaction on a request thread) waits inside its UPDATE until the test lets go.
      try (Connection lock = DriverManager.getConnection(config.dbUrl(), config.dbUser(), config.dbPassword())) {
        lock.setAutoCommit(false);
        try (Statement st = lock.createStatement()) {
          st.executeQuery("SELECT id FROM users WHERE id = " + player.id() + " FOR UPDATE").close();
        }
        CompletableFuture<Resp> change = CompletableFuture.supplyAsync(() -> player.post("/api/me/password",
            Map.of("old", ApiClient.PASSWORD, "new", NEW_PASSWORD)));
        awaitBlockedSession(lock);

        closing = CompletableFuture.runAsync(server::close);
        assertThat(notice.await(20, TimeUnit.SECONDS)).as("the open page is told the site stops: %s", told).isTrue();
        Resp late = new ApiClient(server.port()).get("/api/notices");
        assertThat(late.status()).as("%s", late).isEqualTo(503);
        assertThat(late.headers().firstValue("Content-Type"))
            .hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(late.error()).contains("restarting").contains("nothing was changed");
        assertThat(late.headers().firstValue("Retry-After")).isPresent();
        assertThatThrownBy(() -> new ApiClient(server.port()).webSocket("/ws/site", new WebSocket.Listener() {}))
            .as("a socket opened during the stop")
            .satisfies(e -> assertThat(handshake(e).getResponse().statusCode()).isEqualTo(503));
        assertThat(closing).as("the stop waits for the running request").isNotDone();

        lock.rollback(); // the held request goes on
        Resp answered = change.get(20, TimeUnit.SECONDS);
        assertThat(answered.status()).as("%s", answered).isEqualTo(204);
      }
      closing.get(30, TimeUnit.SECONDS);
    } finally {
      if (closing == null) server.close();
    }

    // The database opens again, with the write of the request that ran across the stop.
    try (TablaServer again = TablaServer.start(config)) {
      ApiClient back = new ApiClient(again.port());
      assertThat(back.login(name, NEW_PASSWORD).status()).isEqualTo(200);
    }
  }

  /** The refused handshake behind {@code e}. */
  private static WebSocketHandshakeException handshake(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) if (c instanceof WebSocketHandshakeException h) return h;
    throw new AssertionError("not a refused handshake", e);
  }

  /** Until a session of the server waits for the row {@code lock} holds (H2 names the blocker of each session). */
  private static void awaitBlockedSession(Connection lock) throws Exception {
    for (int i = 0; i < 2000; i++) {
      try (ResultSet rs = lock.createStatement().executeQuery(
          "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE BLOCKER_ID IS NOT NULL")) {
        rs.next();
        if (rs.getInt(1) > 0) return;
      }
      Thread.sleep(10);
    }
    throw new AssertionError("no request came to wait on the held row");
  }
}
