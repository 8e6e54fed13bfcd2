package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;
import tabla.server.ApiWebSocketTest.Socket;

/**
 * Turn alerts on the site socket (issue 28): when an action passes the turn, both players' pages are told "my games
 * changed" once (a roll and the move after it are one turn; a new game's first turn is told too), nobody else is,
 * and {@code GET /api/turns} lists the games waiting on each player (the header's badge).
 */
class TurnAlertsApiTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  private static JsonNode waiting(ApiClient c) {
    Resp r = c.get("/api/turns");
    assertThat(r.status()).as("turns: %s", r).isEqualTo(200);
    return r.json();
  }

  /** A page's site socket, once the server has it (its greeting, the lobby chat, came). */
  private static Socket sitePage(ApiClient c) {
    Socket s = MeetingApiTest.socket(c, "/ws/site");
    MeetingApiTest.next(s, "chatHistory");
    return s;
  }

  /**
   * Acts in {@code game} with random legal actions until the turn passes; returns whether it passed to
   * {@code second} (seat 1's player).
   */
  static boolean passTurn(long game, ApiClient first, ApiClient second, Random rnd) {
    for (int i = 0; i < 10; i++) {
      JsonNode seen = first.snapshot(game);
      ApiClient actor = seen.get("turn").asInt() == seen.get("you").asInt() ? first : second;
      JsonNode snap = actor.snapshot(game);
      int before = snap.get("turn").asInt();
      Resp r = actor.act(game, snap.get("version").asInt(), ApiClient.randomAction(snap, rnd, 0));
      assertThat(r.status()).as("action: %s", r).isEqualTo(200);
      JsonNode after = first.snapshot(game);
      if (!after.get("turn").isNull() && after.get("turn").asInt() != before) {
        return after.get("turn").asInt() != after.get("you").asInt();
      }
    }
    throw new AssertionError("the turn did not pass in 10 actions");
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void eachPassedTurnIsToldOnceToBothPlayersAndTheBadgeCountsTheGamesWaiting(TestDb db) {
    ApiClient ann = SERVERS.client(db).registered("ann");
    ApiClient ben = SERVERS.client(db).registered("ben");
    ApiClient cid = SERVERS.client(db).registered("cid");
    Socket benPage = sitePage(ben);
    Socket annPage = sitePage(ann);
    Socket cidPage = sitePage(cid);
    long game = ApiClient.newGame(ann, ben, 5);
    Random rnd = new Random(28);
    List<Boolean> expected = new ArrayList<>();
    // the new game's first turn is told too
    JsonNode first = ben.snapshot(game);
    expected.add(first.get("turn").asInt() == first.get("you").asInt());
    for (int passes = 1; passes < 4; passes++) {
      boolean bensTurn = passTurn(game, ann, ben, rnd);
      expected.add(bensTurn);
      // the badge: the game waits on exactly one of them
      assertThat(waiting(ben).get("games").toString()).isEqualTo(bensTurn ? "[" + game + "]" : "[]");
      assertThat(waiting(ann).get("count").asInt()).isEqualTo(bensTurn ? 0 : 1);
    }
    List<Boolean> toBen = new ArrayList<>();
    List<Boolean> toAnn = new ArrayList<>();
    for (int i = 0; i < expected.size(); i++) {
      JsonNode b = MeetingApiTest.next(benPage, "myGames");
      JsonNode a = MeetingApiTest.next(annPage, "myGames");
      assertThat(b.get("gameId").asLong()).isEqualTo(game);
      assertThat(a.get("gameId").asLong()).isEqualTo(game);
      toBen.add(b.get("yourTurn").asBoolean());
      toAnn.add(!a.get("yourTurn").asBoolean());
    }
    assertThat(toBen).as("one notice per passed turn, none for a roll").isEqualTo(expected);
    assertThat(toAnn).isEqualTo(expected);

    // a third user hears nothing of their game: the first notice cid gets is of his own game
    long own = ApiClient.newGame(ann, cid, 3);
    assertThat(MeetingApiTest.next(cidPage, "myGames").get("gameId").asLong()).isEqualTo(own);
    assertThat(waiting(cid).get("more").asBoolean()).isFalse();
    benPage.ws.abort();
    annPage.ws.abort();
    cidPage.ws.abort();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aVisitorHasNoGamesWaiting(TestDb db) {
    assertThat(SERVERS.client(db).get("/api/turns").status()).isEqualTo(401);
  }
}
