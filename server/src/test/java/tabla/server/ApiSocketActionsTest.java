package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiWebSocketTest.Socket;
import tabla.server.socket.Connection;

/**
 * Actions over the game's WebSocket (docs/api.md): the same commands and refusals as POST …/actions, stored before
 * the answer, which follows the action's event on the same socket; the session and its CSRF token are checked on
 * every action; a socket sending more than {@link Connection#MAX_ACTIONS} actions in the window is closed.
 */
class ApiSocketActionsTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  private static String message(ApiClient c, long ref, int version, ObjectNode action) {
    ObjectNode body = action.deepCopy().put("version", version);
    ObjectNode m = ApiClient.JSON.createObjectNode().put("type", "action").put("ref", ref).put("csrf", c.csrf);
    m.set("action", body);
    return ApiClient.write(m);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void anAcceptedActionIsStoredAndAnsweredAfterItsEvent(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    long game = ApiClient.newGame(alice, bob, 1);
    ApiClient[] seats = {alice, bob};
    List<Socket> sockets = List.of(Socket.open(alice, game), Socket.open(bob, game));
    try {
      List<JsonNode> seen = new ArrayList<>();
      for (Socket s : sockets) seen.add(s.next().get("snapshot"));
      Random rnd = new Random(3);
      for (int n = 0; n < 12 && !seen.get(0).get("status").asText().equals("finished"); n++) {
        int turn = seen.get(0).get("turn").asInt();
        int v = seen.get(0).get("version").asInt();
        sockets.get(turn).send(message(seats[turn], 100 + n, v, ApiClient.randomAction(seen.get(turn), rnd, 0)));
        for (int i = 0; i < 2; i++) {
          JsonNode e = sockets.get(i).next();
          assertThat(e.get("type").asText()).as("%s", e).isEqualTo("event");
          assertThat(e.get("version").asInt()).isEqualTo(v + 1);
          seen.set(i, ApiWebSocketTest.applied(seen.get(i), e));
        }
        JsonNode answer = sockets.get(turn).next();
        assertThat(answer.get("type").asText()).as("%s", answer).isEqualTo("answer");
        assertThat(answer.get("ref").asLong()).isEqualTo(100 + n);
        assertThat(answer.get("version").asInt()).isEqualTo(v + 1);
        // stored: what a fresh reader gets is the state the socket reported
        assertThat(seats[turn].snapshot(game)).isEqualTo(seen.get(turn));
      }
      assertThat(seen.get(0).get("version").asInt()).isGreaterThan(5);
      for (Socket s : sockets) s.assertQuiet();
    } finally {
      sockets.forEach(Socket::close);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void refusalsCarryTheHttpStatusAndChangeNothing(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    long game = ApiClient.newGame(alice, bob, 1);
    ApiClient[] seats = {alice, bob};
    JsonNode s = alice.snapshot(game);
    int v = s.get("version").asInt();
    int turn = s.get("turn").asInt();
    ApiClient toAct = seats[turn];
    ApiClient waiting = seats[1 - turn];
    ObjectNode play = ApiClient.randomAction(toAct.snapshot(game), new Random(5), 0);
    Socket mine = Socket.open(toAct, game);
    Socket theirs = Socket.open(waiting, game);
    ApiClient carol = SERVERS.client(db).registered("carol");
    Socket stranger = Socket.open(carol, game);
    try {
      mine.next();
      theirs.next();
      stranger.next();
      String wrongCsrf = message(toAct, 1, v, play).replace(toAct.csrf, "0".repeat(64));
      ObjectNode noVersion = ApiClient.JSON.createObjectNode().put("type", "action").put("csrf", toAct.csrf);
      noVersion.set("action", play);
      List<Object[]> cases = List.of(
          new Object[] {theirs, message(waiting, 2, v, play), 403},                             // out of turn
          new Object[] {mine, message(toAct, 3, v - 1, play), 409},                              // stale
          new Object[] {mine, message(toAct, 4, v, ApiClient.action("fly")), 400},               // unknown
          new Object[] {mine, message(toAct, 5, v, ApiClient.action("move").put("move", "24/23 24/23 24/23")), 400},
          new Object[] {mine, message(toAct, 6, v, ApiClient.action("move").put("move", "24/23\u0000")), 400},
          new Object[] {mine, wrongCsrf, 403},
          new Object[] {mine, ApiClient.write(noVersion), 400},
          new Object[] {mine, "{\"type\":\"action\",\"ref\":\"x\"}", 400},
          new Object[] {mine, "{\"type\":\"action\",\"ref\":8}", 400});                         // no action
      for (Object[] c : cases) {
        ((Socket) c[0]).send((String) c[1]);
        JsonNode r = ((Socket) c[0]).next();
        assertThat(r.get("type").asText()).as("%s → %s", c[1], r).isEqualTo("refused");
        assertThat(r.get("status").asInt()).as("%s → %s", c[1], r).isEqualTo(c[2]);
        assertThat(r.get("error").asText()).isNotBlank();
      }
      // a spectator's socket: with the player's token it is the wrong token, with its own it is not seated
      stranger.send(message(toAct, 9, v, play));
      assertThat(stranger.next().get("status").asInt()).isEqualTo(403);
      stranger.send(message(carol, 10, v, play));
      JsonNode notSeated = stranger.next();
      assertThat(notSeated.get("error").asText()).contains("not playing");
      assertThat(notSeated.get("code").asText()).as("the refusal's code, as over HTTP").isEqualTo("game.not_seated");
      for (Socket x : List.of(mine, theirs, stranger)) x.assertQuiet();
      assertThat(alice.snapshot(game).get("version").asInt()).as("nothing changed").isEqualTo(v);

      // after logout the socket still reads, but cannot act: the session is checked on every action
      assertThat(toAct.post("/api/logout", null).status()).isLessThan(300);
      mine.send(message(toAct, 11, v, play));
      JsonNode r = mine.next();
      assertThat(r.get("status").asInt()).as("%s", r).isEqualTo(401);
      mine.assertQuiet();
      assertThat(alice.snapshot(game).get("version").asInt()).isEqualTo(v);
    } finally {
      mine.close();
      theirs.close();
      stranger.close();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aSocketFloodingActionsIsClosedWithAReason(TestDb db) throws Exception {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    long game = ApiClient.newGame(alice, bob, 1);
    int v = alice.snapshot(game).get("version").asInt();
    Socket flood = Socket.open(alice, game);
    try {
      flood.next();
      String stale = message(alice, 1, v - 1, ApiClient.action("roll"));
      int refused = 0;
      for (int i = 0; i <= Connection.MAX_ACTIONS && !flood.closed.isDone(); i++) {
        try {
          flood.ws.sendText(stale, true).get(5, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
          break; // the server closed it
        }
      }
      assertThat(flood.closed.get(10, TimeUnit.SECONDS)).as("closed: policy violation").isEqualTo(1008);
      for (JsonNode m; (m = flood.messages.poll()) != null; ) if (m.path("type").asText().equals("refused")) refused++;
      assertThat(refused).as("each action within the bound was answered").isEqualTo(Connection.MAX_ACTIONS);
      assertThat(bob.snapshot(game).get("version").asInt()).isEqualTo(v);
    } finally {
      flood.close();
    }
  }
}
