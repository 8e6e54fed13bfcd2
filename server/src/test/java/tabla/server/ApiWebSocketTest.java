package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/**
 * /ws/games/{id}: a snapshot on connect, one event with version N+1 per accepted action (seen from
 * each receiver's seat), nothing for a refused one, a fresh snapshot on resync.
 */
class ApiWebSocketTest {
  private static final TestServers SERVERS = new TestServers();
  private static final long QUIET_MILLIS = 400;

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  /** The messages of one socket, each whole text message parsed as JSON. */
  static final class Socket implements WebSocket.Listener {
    final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
    final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private final StringBuilder partial = new StringBuilder();
    WebSocket ws;

    static Socket open(ApiClient c, long game) {
      return open(c, game, "");
    }

    /** With a query on the socket's URL, e.g. "?chat=1" as the board asks. */
    static Socket open(ApiClient c, long game, String query) {
      Socket s = new Socket();
      s.ws = c.webSocket("/ws/games/" + game + query, s);
      return s;
    }

    @Override
    public void onOpen(WebSocket webSocket) {
      webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        try {
          messages.add(ApiClient.JSON.readTree(partial.toString()));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        partial.setLength(0);
      }
      webSocket.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
      closed.complete(statusCode);
      return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      closed.complete(-1);
    }

    JsonNode next() {
      try {
        // generous: a message that comes waits no longer, and a loaded 2-core machine can stall a server for seconds
        JsonNode m = messages.poll(30, TimeUnit.SECONDS);
        assertThat(m).as("a message within 30 s").isNotNull();
        return m;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }

    void assertQuiet() {
      try {
        JsonNode m = messages.poll(QUIET_MILLIS, TimeUnit.MILLISECONDS);
        assertThat(m).as("no message expected").isNull();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }

    void send(String text) {
      ws.sendText(text, true).join();
    }

    void close() {
      ws.abort();
    }
  }

  /** What a client does with an event (web/ws.js): merge its changes, splice its history tail in. */
  static JsonNode applied(JsonNode snapshot, JsonNode event) {
    assertThat(event.get("version").asInt()).as("a delta applies to the version before it")
        .isEqualTo(snapshot.get("version").asInt() + 1);
    ObjectNode next = snapshot.deepCopy();
    event.get("changes").fields().forEachRemaining(f -> next.set(f.getKey(), f.getValue()));
    next.put("version", event.get("version").asInt());
    ArrayNode history = next.putArray("history");
    int from = event.get("historyFrom").asInt();
    for (int i = 0; i < from; i++) history.add(snapshot.get("history").get(i));
    event.get("history").forEach(history::add);
    return next;
  }

  /**
   * The WebSocket flood that exhausted the heap: one anonymous client sends frame after frame without reading.
   * Its socket is closed with a reason (too many messages) and everyone else is served as before.
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aClientFloodingTheSocketIsClosedWithAReason(TestDb db) throws Exception {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    long game = ApiClient.newGame(alice, bob, 1);
    Socket flood = Socket.open(SERVERS.client(db), game);
    try {
      // One frame over the inbound bound, then stop: a client still writing after the server's close frame may fail
      // its own write before it reads that frame (and see no close code), which would test the client, not the server.
      for (int i = 0; i <= tabla.server.socket.Connection.MAX_INBOUND && !flood.closed.isDone(); i++) {
        try {
          flood.ws.sendText("x", true).get(5, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
          break; // the server closed it
        }
      }
      assertThat(flood.closed.get(10, TimeUnit.SECONDS)).as("closed: policy violation").isEqualTo(1008);
      assertThat(flood.messages.size()).as("it was not sent a snapshot per frame").isLessThanOrEqualTo(
          1 + tabla.server.socket.Connection.MAX_INBOUND);
      assertThat(alice.snapshot(game).get("version").asInt()).isPositive();
    } finally {
      flood.close();
    }
  }

  /** A message longer than any the board sends closes the socket (1009, too big) instead of being gathered. */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aMessageLongerThanTheBoundClosesTheSocket(TestDb db) throws Exception {
    long game = newGame(db);
    Socket big = Socket.open(SERVERS.client(db), game);
    try {
      assertThat(big.next().get("type").asText()).isEqualTo("snapshot");
      big.send("{\"type\":\"resync\"}" + " ".repeat(tabla.server.kernel.http.JettyBounds.MAX_SOCKET_MESSAGE));
      assertThat(big.closed.get(10, TimeUnit.SECONDS)).as("closed: message too big").isEqualTo(1009);
      Socket fine = Socket.open(SERVERS.client(db), game);
      assertThat(fine.next().get("type").asText()).as("others are served as before").isEqualTo("snapshot");
      fine.close();
    } finally {
      big.close();
    }
  }

  /**
   * Sockets opened and closed leave nothing behind: Javalin makes a servlet session at each upgrade, which Jetty
   * kept for ever (a client that never returns Jetty's cookie, as here, left one per socket).
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void socketsOpenedAndClosedLeaveNoSessionBehind(TestDb db) throws Exception {
    long game = newGame(db);
    String session = "org.eclipse.jetty.session.ManagedSession";
    long before = LiveObjects.count(session);
    for (int i = 0; i < SOCKETS_OPENED; i++) {
      Socket s = Socket.open(SERVERS.client(db), game);
      assertThat(s.next().get("type").asText()).isEqualTo("snapshot");
      s.ws.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
      s.closed.get(5, TimeUnit.SECONDS);
    }
    assertThat(LiveObjects.count(session) - before).as("servlet sessions left by %d sockets", SOCKETS_OPENED)
        .isLessThan(SOCKETS_OPENED / 10);
  }

  private static final int SOCKETS_OPENED = 40;

  /** A one-point match between two new users. */
  private static long newGame(TestDb db) {
    return ApiClient.newGame(SERVERS.client(db).registered("alice"), SERVERS.client(db).registered("bob"), 1);
  }

  /** A viewer: a client (or an anonymous one) and its socket. */
  private record Viewer(ApiClient client, Socket socket) {}

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aSnapshotOnConnectThenOneEventPerAcceptedAction(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    ApiClient carol = SERVERS.client(db).registered("carol");
    long game = ApiClient.newGame(alice, bob, 1);
    ApiClient anonymous = SERVERS.client(db);
    List<Viewer> viewers = new ArrayList<>();
    for (ApiClient c : List.of(alice, bob, carol, anonymous)) viewers.add(new Viewer(c, Socket.open(c, game)));
    try {
      for (int i = 0; i < viewers.size(); i++) {
        JsonNode hello = viewers.get(i).socket().next();
        assertThat(hello.get("type").asText()).isEqualTo("snapshot");
        assertThat(hello.get("snapshot")).isEqualTo(viewers.get(i).client().snapshot(game));
        JsonNode you = hello.get("snapshot").get("you");
        if (i < 2) assertThat(you.asInt()).isEqualTo(i);
        else assertThat(you.isNull()).isTrue();
      }
      List<JsonNode> seen = new ArrayList<>();
      for (Viewer w : viewers) seen.add(w.client().snapshot(game));
      ApiClient[] seats = {alice, bob};
      Random rnd = new Random(11);
      for (int n = 0; n < 16; n++) {
        JsonNode s = alice.snapshot(game);
        if (s.get("status").asText().equals("finished")) break;
        ApiClient p = seats[s.get("turn").asInt()];
        int v = s.get("version").asInt();
        Resp r = p.act(game, v, ApiClient.randomAction(p.snapshot(game), rnd, 0));
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        for (int i = 0; i < viewers.size(); i++) {
          Viewer w = viewers.get(i);
          JsonNode e = w.socket().next();
          assertThat(e.get("type").asText()).isEqualTo("event");
          assertThat(e.get("version").asInt()).isEqualTo(v + 1);
          assertThat(e.has("snapshot")).as("a delta, not a whole snapshot").isFalse();
          seen.set(i, applied(seen.get(i), e));
          assertThat(seen.get(i)).as("the delta seen from the viewer's seat, applied")
              .isEqualTo(w.client().snapshot(game));
        }
      }
      for (Viewer w : viewers) w.socket().assertQuiet();
    } finally {
      viewers.forEach(w -> w.socket().close());
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void refusedActionsSendNothingAndResyncSendsAFreshSnapshot(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    long game = ApiClient.newGame(alice, bob, 1);
    Socket socket = Socket.open(alice, game);
    try {
      JsonNode hello = socket.next();
      int v = hello.get("snapshot").get("version").asInt();
      ApiClient[] seats = {alice, bob};
      JsonNode s = alice.snapshot(game);
      ApiClient toAct = seats[s.get("turn").asInt()];
      ApiClient waiting = seats[1 - s.get("turn").asInt()];
      ObjectNode play = ApiClient.randomAction(toAct.snapshot(game), new Random(5), 0);

      List<Resp> refused = List.of(
          waiting.act(game, v, play),                                  // out of turn
          toAct.act(game, v - 1, play),                                // stale
          toAct.act(game, v, ApiClient.action("fly")),                 // unknown
          toAct.act(game, v, ApiClient.action("move").put("move", "24/23 24/23 24/23")), // illegal
          toAct.postRaw("/api/games/" + game + "/actions", ApiClient.write(play.deepCopy().put("version", v)),
              false));                                                 // no CSRF header
      for (Resp r : refused) assertThat(r.status()).as("%s", r).isBetween(400, 499);
      socket.assertQuiet();

      // Resync: a snapshot, still at version v.
      socket.send("{\"type\":\"resync\"}");
      JsonNode again = socket.next();
      assertThat(again.get("type").asText()).isEqualTo("snapshot");
      assertThat(again.get("snapshot")).isEqualTo(alice.snapshot(game));
      assertThat(again.get("snapshot").get("version").asInt()).isEqualTo(v);

      // The socket is alive: the accepted action arrives as version v + 1.
      assertThat(toAct.act(game, v, play).status()).isEqualTo(200);
      JsonNode e = socket.next();
      assertThat(e.get("type").asText()).isEqualTo("event");
      assertThat(e.get("version").asInt()).isEqualTo(v + 1);

      // A client that missed events (say it was offline) catches up with a resync.
      Socket late = Socket.open(bob, game);
      try {
        assertThat(late.next().get("snapshot").get("version").asInt()).isEqualTo(v + 1);
        late.send("{\"type\":\"resync\"}");
        JsonNode fresh = late.next();
        assertThat(fresh.get("type").asText()).isEqualTo("snapshot");
        assertThat(fresh.get("snapshot")).isEqualTo(bob.snapshot(game));
      } finally {
        late.close();
      }
      socket.assertQuiet();
    } finally {
      socket.close();
    }
  }

  /**
   * The computer acts from its own thread while the human answers at once: still every version
   * arrives once, in order (the human acts only on what the socket said). Three games, to give the
   * two threads many chances to cross.
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theComputersActionsArriveAsEventsInOrder(TestDb db) {
    ApiClient guest = SERVERS.client(db).guest();
    for (int round = 0; round < 3; round++) {
      long game = guest.computerGame(1, "random");
      Socket socket = Socket.open(guest, game);
      try {
        JsonNode last = socket.next().get("snapshot");
        Random rnd = new Random(round);
        int computerEvents = 0;
        while (!last.get("status").asText().equals("finished")) {
          int v = last.get("version").asInt();
          if (last.get("turn").asInt() == 0) {
            assertThat(guest.act(game, v, ApiClient.randomAction(last, rnd, 0)).status()).isEqualTo(200);
          } else {
            computerEvents++;
          }
          JsonNode e = socket.next();
          assertThat(e.get("type").asText()).isEqualTo("event");
          assertThat(e.get("version").asInt()).as("game %d: the event after version %d", game, v).isEqualTo(v + 1);
          last = applied(last, e);
        }
        assertThat(computerEvents).isGreaterThan(5);
        assertThat(last).isEqualTo(guest.snapshot(game));
        socket.assertQuiet();
      } finally {
        socket.close();
      }
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aSocketForAMissingGameIsA404BeforeTheUpgrade(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> Socket.open(alice, 987_654_321L));
    assertThat(t).hasCauseInstanceOf(java.net.http.WebSocketHandshakeException.class);
    assertThat(((java.net.http.WebSocketHandshakeException) t.getCause()).getResponse().statusCode()).isEqualTo(404);
  }
}
