package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient.Resp;
import tabla.server.ApiWebSocketTest.Socket;
import tabla.server.kernel.ServerConfig;

/**
 * The server's stop on the embedded database: a request running when it begins ends and its write is stored (Jetty's
 * own stop cut its connection and interrupted its thread, which in H2's file IO closes the whole database), and a
 * request that arrives meanwhile is told, in JSON, to come back (it met a closed port or a reset before); and so for
 * actions sent over a game's socket.
 */
class GracefulStopTest {
  private static final String NEW_PASSWORD = "another horse battery";

  @Test
  @Timeout(60)
  void aRequestRunningAtTheStopIsStoredAndOneArrivingIsToldToComeBack() throws Exception {
    ServerConfig config = patientConfig();
    TablaServer server = TablaServer.start(config);
    CompletableFuture<Void> closing = null;
    String name;
    try {
      ApiClient player = new ApiClient(server.port()).registered("stop");
      name = player.name();
      List<String> told = new CopyOnWriteArrayList<>();
      CountDownLatch heard = new CountDownLatch(1);
      CountDownLatch notice = new CountDownLatch(1);
      new ApiClient(server.port()).webSocket("/ws/site", new WebSocket.Listener() {
        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
          told.add(data.toString());
          heard.countDown();
          if (data.toString().contains("\"kind\":\"shutdown\"")) notice.countDown();
          ws.request(1);
          return null;
        }
      });
      // the client's socket is open when the upgrade's answer comes, before the server has counted it: its first
      // message (the lobby chat's history, sent after) says it is counted, so the stop's notice is sent to it
      assertThat(heard.await(20, TimeUnit.SECONDS)).as("the page's first message").isTrue();

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

  /**
   * An action sent over a game's socket is no HTTP request, and the stop waited for none: it went on to stop Jetty
   * and the database under one running, and took new ones during the wait. Now one running when the stop begins is
   * stored and answered before the server stops, and one sent after is refused as a request is (503, the same
   * sentence, nothing changed): the client sends it again once reconnected.
   */
  @Test
  @Timeout(90)
  void anActionOverAGameSocketRunningAtTheStopIsStoredAndOneSentAfterIsRefused() throws Exception {
    ServerConfig config = patientConfig();
    TablaServer server = TablaServer.start(config);
    CompletableFuture<Void> closing = null;
    String name;
    long game;
    int version;
    try {
      ApiClient alice = new ApiClient(server.port()).registered("alice");
      ApiClient bob = new ApiClient(server.port()).registered("bob");
      game = ApiClient.newGame(alice, bob, 1);
      ApiClient mover = alice.snapshot(game).get("turn").asInt() == 0 ? alice : bob;
      JsonNode mine = mover.snapshot(game);
      if (mine.get("phase").asText().equals("ROLL")) {
        assertThat(mover.act(game, mine.get("version").asInt(), "roll").status()).isEqualTo(200);
        mine = mover.snapshot(game);
      }
      // a move passes the turn: the game's row changes, and the store waits for the row the test holds
      assertThat(mine.get("phase").asText()).as("%s", mine).isEqualTo("MOVE");
      name = mover.name();
      version = mine.get("version").asInt();
      ObjectNode move = ApiClient.randomAction(mine, new Random(1), 0).put("version", version);
      Socket running = Socket.open(mover, game);
      Socket late = Socket.open(mover, game);
      try {
        running.next(); // the snapshots
        late.next();
        try (Connection lock = DriverManager.getConnection(config.dbUrl(), config.dbUser(), config.dbPassword())) {
          lock.setAutoCommit(false);
          try (Statement st = lock.createStatement()) {
            st.executeQuery("SELECT id FROM games WHERE id = " + game + " FOR UPDATE").close();
          }
          running.send(actionMessage(mover, 1, move));
          awaitBlockedSession(lock);

          closing = CompletableFuture.runAsync(server::close);
          assertThat(nextBut(late, "event").get("kind").asText()).as("the socket is told the site stops")
              .isEqualTo("shutdown");
          late.send(actionMessage(mover, 2, move));
          JsonNode refused = nextBut(late, "event");
          assertThat(refused.get("type").asText()).as("%s", refused).isEqualTo("refused");
          assertThat(refused.get("ref").asLong()).isEqualTo(2);
          assertThat(refused.get("status").asInt()).isEqualTo(503);
          assertThat(refused.get("error").asText()).contains("restarting").contains("nothing was changed");
          assertThat(closing).as("the stop waits for the running action").isNotDone();

          lock.rollback(); // the running action is stored
          JsonNode answer = nextBut(running, "event", "notice");
          assertThat(answer.get("type").asText()).as("%s", answer).isEqualTo("answer");
          assertThat(answer.get("ref").asLong()).isEqualTo(1);
          assertThat(answer.get("version").asInt()).isGreaterThan(version);
        }
        closing.get(30, TimeUnit.SECONDS);
      } finally {
        running.close();
        late.close();
      }
    } finally {
      if (closing == null) server.close();
    }

    try (TablaServer again = TablaServer.start(config)) {
      ApiClient back = new ApiClient(again.port());
      assertThat(back.login(name, ApiClient.PASSWORD).status()).isEqualTo(200);
      assertThat(back.snapshot(game).get("version").asInt()).as("the move is stored").isGreaterThan(version);
    }
  }

  /** The next message on {@code s} whose type is none of {@code skipped}. */
  private static JsonNode nextBut(Socket s, String... skipped) {
    for (int i = 0; i < 100; i++) {
      JsonNode m = s.next();
      if (!List.of(skipped).contains(m.get("type").asText())) return m;
    }
    throw new AssertionError("only " + List.of(skipped) + " on the socket");
  }

  private static String actionMessage(ApiClient c, long ref, ObjectNode action) {
    ObjectNode m = ApiClient.JSON.createObjectNode().put("type", "action").put("ref", ref).put("csrf", c.csrf);
    m.set("action", action);
    return ApiClient.write(m);
  }

  /** A fresh embedded database on which a request held by the test's row lock waits for it (H2's default: 2 s). */
  private static ServerConfig patientConfig() {
    ServerConfig base = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    return base.withDb(base.dbUrl() + ";LOCK_TIMEOUT=30000", base.dbUser(), base.dbPassword());
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
