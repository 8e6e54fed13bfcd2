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
import java.time.Duration;
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
import tabla.server.cluster.ClusterSettings;
import tabla.server.kernel.ServerConfig;

/**
 * The server's stop on the embedded database: a request running when it begins ends and its write is stored (Jetty's
 * own stop cut its connection and interrupted its thread, which in H2's file IO closes the whole database), and a
 * request that arrives meanwhile is told, in JSON, to come back (it met a closed port or a reset before); and so for
 * actions sent over a game's socket, and for what the server does by itself (a flag that falls). The FIBS door's
 * stop: fibs.ClipGracefulStopTest; the bots' streams: bots.BotStreamStopTest.
 */
class GracefulStopTest {
  private static final String NEW_PASSWORD = "another horse battery";

  @Test
  @Timeout(60)
  void aRequestRunningAtTheStopIsStoredAndOneArrivingIsToldToComeBack() throws Exception {
    ServerConfig config = HeldRows.patientConfig();
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
      try (Connection lock = HeldRows.hold(config, "users", player.id())) {
        CompletableFuture<Resp> change = CompletableFuture.supplyAsync(() -> player.post("/api/me/password",
            Map.of("old", ApiClient.PASSWORD, "new", NEW_PASSWORD)));
        HeldRows.awaitBlockedSession(lock);

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
      signedIn(again, name, NEW_PASSWORD);
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
    ServerConfig config = HeldRows.patientConfig();
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
        try (Connection lock = HeldRows.hold(config, "games", game)) {
          running.send(actionMessage(mover, 1, move));
          HeldRows.awaitBlockedSession(lock);

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
      ApiClient back = signedIn(again, name, ApiClient.PASSWORD);
      assertThat(back.snapshot(game).get("version").asInt()).as("the move is stored").isGreaterThan(version);
    }
  }

  /**
   * A flag that falls (as a computer's move) is no request: the game service's close waits for the check running on
   * its clock thread, never interrupting it, and the time-out is one transaction, stored whole before the database
   * closes. Cut off, it would leave the game "playing" in the database, to be lost on time again after the restart.
   */
  @Test
  @Timeout(90)
  void aFlagFallingAtTheStopIsStoredWhole() throws Exception {
    ServerConfig config = HeldRows.patientConfig();
    MovableClock clock = new MovableClock();
    TablaServer server = TablaServer.start(config, ClusterSettings.NONE, clock);
    int port = server.port();
    CompletableFuture<Void> closing = null;
    long game;
    String name;
    try {
      ApiClient alice = new ApiClient(port).registered("alice");
      name = alice.name();
      ApiClient bob = new ApiClient(port).registered("bob");
      Resp seek = alice.postRaw("/api/seeks",
          "{\"rules\":{\"matchLength\":1},\"mode\":\"live\",\"secondsPerMove\":10}", true);
      assertThat(seek.status()).as("seek: %s", seek).isEqualTo(201);
      game = bob.accept(seek.json().get("seek").get("id").asLong());
      Socket a = Socket.open(alice, game); // the clock runs once both players have the board open
      Socket b = Socket.open(bob, game);
      try {
        a.next();
        b.next();
        try (Connection lock = HeldRows.hold(config, "games", game)) {
          awaitHeldFlagFall(lock, clock);
          closing = CompletableFuture.runAsync(server::close);
          awaitPortClosed(port); // Jetty stopped: the stop is at the services now
          assertThat(closing).as("the stop waits for the clock's check").isNotDone();
          lock.rollback(); // the time-out is stored
        }
      } finally {
        a.close();
        b.close();
      }
      closing.get(30, TimeUnit.SECONDS);
    } finally {
      if (closing == null) server.close();
    }

    try (Connection db = DriverManager.getConnection(config.dbUrl(), config.dbUser(), config.dbPassword());
        ResultSet rs = db.createStatement().executeQuery("SELECT status, winner FROM games WHERE id = " + game)) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).as("stored before the database closed").isEqualTo("finished");
      assertThat(rs.getObject(2)).isNotNull();
    }
    try (TablaServer again = TablaServer.start(config)) {
      ApiClient back = signedIn(again, name, ApiClient.PASSWORD);
      assertThat(back.get("/api/games/" + game).json().get("status").asText()).isEqualTo("finished");
    }
  }

  /**
   * A computer's turn is no request either: the player's move held across the stop's start is stored and answered,
   * and the computer's reply, which comes during the stop, is stored whole before the database closes or not begun
   * (its waiting turn is dropped with its thread pool); then the restarted server takes it. Either way the turn comes
   * back to the player after the restart, with every action in between.
   */
  @Test
  @Timeout(90)
  void aComputerTurnAtTheStopIsStoredWholeOrTakenAfterTheRestart() throws Exception {
    ServerConfig config = HeldRows.patientConfig();
    TablaServer server = TablaServer.start(config);
    CompletableFuture<Void> closing = null;
    String name;
    long game;
    int seat;
    int version;
    try {
      ApiClient human = new ApiClient(server.port()).registered("human");
      name = human.name();
      game = human.computerGame(1, "beginner");
      JsonNode mine = awaitTurn(human, game);
      seat = mine.get("you").asInt();
      if (mine.get("phase").asText().equals("ROLL")) {
        assertThat(human.act(game, mine.get("version").asInt(), "roll").status()).isEqualTo(200);
        mine = human.snapshot(game);
      }
      assertThat(mine.get("phase").asText()).as("%s", mine).isEqualTo("MOVE");
      version = mine.get("version").asInt();
      ObjectNode move = ApiClient.randomAction(mine, new Random(2), 0);
      try (Connection lock = HeldRows.hold(config, "games", game)) {
        CompletableFuture<Resp> moved = CompletableFuture.supplyAsync(() -> human.act(game, version, move));
        HeldRows.awaitBlockedSession(lock);
        closing = CompletableFuture.runAsync(server::close);
        awaitRefusing(server.port()); // the stop began
        lock.rollback(); // the move is stored; the computer's turn follows during the stop
        Resp answer = moved.get(20, TimeUnit.SECONDS);
        assertThat(answer.status()).as("%s", answer).isEqualTo(200);
      }
      closing.get(30, TimeUnit.SECONDS);
    } finally {
      if (closing == null) server.close();
    }

    try (TablaServer again = TablaServer.start(config)) {
      ApiClient back = signedIn(again, name, ApiClient.PASSWORD);
      JsonNode s = awaitTurn(back, game);
      assertThat(s.get("you").asInt()).isEqualTo(seat);
      assertThat(s.get("version").asInt()).as("the move, the computer's roll and its move: %s", s)
          .isGreaterThanOrEqualTo(version + 3);
    }
  }

  /** The game as {@code player} sees it once it is his turn (the computer's turns awaited; at most 20 s). */
  private static JsonNode awaitTurn(ApiClient player, long game) throws InterruptedException {
    for (int i = 0; i < 400; i++) {
      JsonNode s = player.snapshot(game);
      if (!s.get("turn").isNull() && s.get("turn").asInt() == s.get("you").asInt()) return s;
      Thread.sleep(50);
    }
    throw new AssertionError("the computer never gave the turn back: " + player.snapshot(game));
  }

  /** Moves the clock on until the check of the game's clock stores a time-out, which waits for the row {@code lock} holds. */
  private static void awaitHeldFlagFall(Connection lock, MovableClock clock) throws Exception {
    for (int i = 0; i < 3000; i++) {
      if (i % 100 == 0) clock.advance(Duration.ofHours(1)); // the clock starts and falls within a check or two
      if (HeldRows.blocked(lock)) return;
      Thread.sleep(10);
    }
    throw new AssertionError("no flag fell on the held game");
  }

  /** Until the server on {@code port} refuses new requests (its stop began). */
  private static void awaitRefusing(int port) throws InterruptedException {
    for (int i = 0; i < 2000; i++) {
      if (new ApiClient(port).get("/api/notices").status() == 503) return;
      Thread.sleep(10);
    }
    throw new AssertionError("the server never began to stop");
  }

  /** Until nothing listens on {@code port} any more. */
  private static void awaitPortClosed(int port) throws InterruptedException {
    for (int i = 0; i < 2000; i++) {
      try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
        Thread.sleep(10);
      } catch (java.io.IOException e) {
        return;
      }
    }
    throw new AssertionError("the port stayed open");
  }

  /** A client of the restarted server {@code again}, signed in as {@code name} (the account outlived the stop). */
  private static ApiClient signedIn(TablaServer again, String name, String password) {
    ApiClient back = new ApiClient(again.port());
    assertThat(back.login(name, password).status()).isEqualTo(200);
    return back;
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

  /** The refused handshake behind {@code e}. */
  private static WebSocketHandshakeException handshake(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) if (c instanceof WebSocketHandshakeException h) return h;
    throw new AssertionError("not a refused handshake", e);
  }
}
