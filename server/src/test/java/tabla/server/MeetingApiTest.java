package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;
import tabla.server.ApiWebSocketTest.Socket;

/** The live games list with its spectator counts, the rematch, who is online, and notices wherever one is. */
class MeetingApiTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  static Socket socket(ApiClient c, String path) {
    Socket s = new Socket();
    s.ws = c.webSocket(path, s);
    return s;
  }

  static JsonNode next(Socket s, String type) {
    for (int i = 0; i < 30; i++) {
      JsonNode m = s.next();
      if (m.path("type").asText().equals(type)) return m;
    }
    throw new AssertionError("no '" + type + "' message");
  }

  /** Reads spectator counts until one says {@code n} (each join or leave sends one, in order; joins race). */
  static void awaitCount(Socket s, int n) {
    int last = -1;
    for (int i = 0; i < 10 && last != n; i++) last = next(s, "spectators").get("count").asInt();
    assertThat(last).isEqualTo(n);
  }

  /** Ends the match: game after game (both continue between them), the player to act resigns a backgammon and the other accepts. */
  static void finish(long game, ApiClient a, ApiClient b) {
    for (int games = 0; games < 25 && !a.snapshot(game).get("status").asText().equals("finished"); games++) {
      ApiClient.continueIfBetween(game, a, b);
      JsonNode s = a.snapshot(game);
      ApiClient loser = s.get("turn").asInt() == s.get("you").asInt() ? a : b;
      ApiClient winner = loser == a ? b : a;
      assertThat(loser.act(game, s.get("version").asInt(), ApiClient.action("resign").put("level", 3)).status()).isEqualTo(200);
      assertThat(winner.act(game, winner.snapshot(game).get("version").asInt(), "accept").status()).isEqualTo(200);
    }
    assertThat(a.snapshot(game).get("status").asText()).isEqualTo("finished");
  }

  private static JsonNode live(ApiClient c, long game) {
    Resp r = c.get("/api/live");
    assertThat(r.status()).as("live: %s", r).isEqualTo(200);
    for (JsonNode g : r.json().get("games")) if (g.get("id").asLong() == game) return g;
    return null;
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theLiveListShowsTheGameWithItsSpectatorsAndThenItsReplay(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    ApiClient carol = SERVERS.client(db).registered("carol");
    long game = ApiClient.newGame(alice, bob, 5);
    JsonNode g = live(carol, game);
    assertThat(g).as("the new game is listed").isNotNull();
    assertThat(g.get("players").get(0).get("name").asText()).isEqualTo(alice.name());
    assertThat(g.get("players").get(1).get("rating").asDouble()).isEqualTo(1500.0);
    assertThat(g.get("matchLength").asInt()).isEqualTo(5);
    assertThat(g.get("variant").asText()).isEqualTo("backgammon");
    assertThat(g.get("score").toString()).isEqualTo("[0,0]");
    assertThat(g.get("spectators").asInt()).isZero();
    Socket watcher = socket(carol, "/ws/games/" + game);
    Socket anonymous = socket(SERVERS.client(db), "/ws/games/" + game);
    Socket player = socket(alice, "/ws/games/" + game + "?chat=1");
    try {
      watcher.next();
      anonymous.next();
      awaitCount(player, 2);
      assertThat(live(carol, game).get("spectators").asInt()).isEqualTo(2);
      finish(game, alice, bob);
      assertThat(live(carol, game)).as("a finished game leaves the live list").isNull();
      JsonNode finished = carol.get("/api/live").json().get("finished");
      assertThat(finished.findValues("id").stream().map(JsonNode::asLong).toList()).contains(game);
      assertThat(carol.get("/api/live?page=-1").status()).isEqualTo(400);
      assertThat(carol.get("/api/live?page=x").status()).isEqualTo(400);
      assertThat(carol.get("/api/live?page=1").json().get("finished").size()).isZero();
    } finally {
      watcher.close();
      anonymous.close();
      player.close();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aRematchIsOfferedAndAcceptedWithColoursSwapped(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    ApiClient carol = SERVERS.client(db).registered("carol");
    long game = ApiClient.newGame(alice, bob, 3);
    String path = "/api/games/" + game + "/rematch";
    assertThat(alice.post(path, null).status()).as("not before the end").isEqualTo(409);
    finish(game, alice, bob);
    // the profile says how the match ended, and counts it under its variant and alice's colour (white: seat 0)
    JsonNode profile = carol.get("/api/players/" + alice.name()).json();
    assertThat(profile.get("history").get(0).get("ending").asText()).isEqualTo("resignation");
    JsonNode bg = profile.get("byVariant").get(0);
    assertThat(bg.get("variant").asText()).isEqualTo("backgammon");
    assertThat(bg.get("whiteWins").asInt() + bg.get("whiteLosses").asInt()).isEqualTo(1);
    assertThat(bg.get("blackWins").asInt() + bg.get("blackLosses").asInt()).isZero();
    Socket bobsPage = socket(bob, "/ws/site");
    try {
      next(bobsPage, "chatHistory");
      assertThat(carol.post(path, null).status()).as("a spectator").isEqualTo(403);
      Resp offered = alice.post(path, null);
      assertThat(offered.status()).isEqualTo(200);
      assertThat(offered.json().get("offeredBy").asText()).isEqualTo(alice.name());
      assertThat(offered.json().get("tournament").isNull()).as("no tournament's match").isTrue();
      JsonNode told = next(bobsPage, "rematch");
      assertThat(told.get("offeredBy").asText()).isEqualTo(alice.name());
      assertThat(told.get("newGameId").isNull()).isTrue();
      assertThat(alice.post(path, null).status()).as("offered twice").isEqualTo(409);

      Resp accepted = bob.post(path, null);
      assertThat(accepted.status()).isEqualTo(200);
      long fresh = accepted.json().get("newGameId").asLong();
      assertThat(next(bobsPage, "rematch").get("newGameId").asLong()).isEqualTo(fresh);
      JsonNode s = bob.snapshot(fresh);
      assertThat(s.get("players").get(0).get("name").asText()).as("colours swapped").isEqualTo(bob.name());
      assertThat(s.get("players").get(1).get("name").asText()).isEqualTo(alice.name());
      assertThat(s.get("rules").get("matchLength").asInt()).isEqualTo(3);
      assertThat(bob.post(path, null).status()).as("a second click starts nothing").isEqualTo(409);
      assertThat(alice.get(path).json().get("newGameId").asLong()).isEqualTo(fresh);
    } finally {
      bobsPage.close();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theOnlineListShowsEachStateAndTheCreatorIsToldOfAnAcceptedSeekAnywhere(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    ApiClient dan = SERVERS.client(db).registered("dan");
    Socket alicePage = socket(alice, "/ws/site");
    Socket danPage = socket(dan, "/ws/site");
    Socket bobPage = socket(bob, "/ws/site");
    Socket bobBoard = null;
    try {
      next(alicePage, "chatHistory");
      next(danPage, "chatHistory");
      long seek = alice.seek("{\"matchLength\":3}");
      long game = bob.accept(seek);
      JsonNode told = next(alicePage, "seekAccepted");
      assertThat(told.get("gameId").asLong()).isEqualTo(game);
      assertThat(told.get("seekId").asLong()).as("which seek: only the page that made it goes to the board").isEqualTo(seek);
      assertThat(told.get("by").asText()).isEqualTo(bob.name());

      bobBoard = socket(bob, "/ws/games/" + game);
      bobBoard.next();
      danPage.send("{\"type\":\"away\"}");
      Map<String, String> states = settled(alice, m -> "away".equals(m.get(dan.name())));
      assertThat(states).containsEntry(bob.name(), "playing").containsEntry(dan.name(), "away")
          .containsEntry(alice.name(), "idle");
      danPage.send("not json at all");
      danPage.send("{\"type\":\"here\"}");
      assertThat(settled(alice, m -> "idle".equals(m.get(dan.name())))).containsEntry(dan.name(), "idle");
      danPage.close();
      alicePage.close();
      assertThat(settled(bob, m -> !m.containsKey(dan.name()) && !m.containsKey(alice.name())))
          .doesNotContainKeys(dan.name(), alice.name()).containsEntry(bob.name(), "playing");
      assertThat(SERVERS.client(db).get("/api/online").status()).isEqualTo(401);

      // an invitation reaches the invited player's pages at once
      Resp inv = dan.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1},\"mode\":\"live\",\"invite\":\"" + bob.name() + "\"}", true);
      assertThat(inv.status()).isEqualTo(201);
      assertThat(next(bobPage, "invited").get("by").asText()).isEqualTo(dan.name());
    } finally {
      alicePage.close();
      danPage.close();
      bobPage.close();
      if (bobBoard != null) bobBoard.close();
    }
  }

  /**
   * The online list once {@code done} holds, or as it is after 10 s (the assertions then say what differs): a
   * socket's message or close reaches the server on its own, after the test's next request may have.
   */
  private static Map<String, String> settled(ApiClient c, java.util.function.Predicate<Map<String, String>> done) {
    Map<String, String> m = states(c);
    for (int i = 0; i < 100 && !done.test(m); i++) {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      m = states(c);
    }
    return m;
  }

  static Map<String, String> states(ApiClient c) {
    Map<String, String> out = new HashMap<>();
    for (JsonNode p : c.get("/api/online").json().get("players")) out.put(p.get("name").asText(), p.get("state").asText());
    return out;
  }
}
