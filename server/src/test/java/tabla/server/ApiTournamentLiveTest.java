package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiWebSocketTest.Socket;

/**
 * A tournament as it happens: a knock-out's next match starts as soon as both its players are free, the players are
 * told on their site socket that their match starts (a computer opponent by its level), the pages showing it are sent
 * what changed (one tournament per page), "my tournaments" lists the board of my match, and the winner's title is on the player's page.
 */
class ApiTournamentLiveTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theNextMatchStartsWhenBothAreFreeAndEveryoneIsToldAtOnce(TestDb db) {
    List<ApiClient> people = new ArrayList<>();
    for (String n : List.of("una", "vic", "wes", "xan", "yul")) people.add(SERVERS.client(db).registered(n));
    ApiClient viewer = SERVERS.client(db).registered("zed");
    long id = ApiTournamentTest.create(people.get(0), ApiTournamentTest.knockout("Live cup", 5));
    long other = ApiTournamentTest.create(viewer, ApiTournamentTest.knockout("Other cup", 4));

    // a page says which tournament it shows; the answer (the whole of it) also covers what a reconnect missed
    Socket page = MeetingApiTest.socket(viewer, "/ws/site");
    page.send("{\"type\":\"watchTournament\",\"id\":\"not a number\"}"); // ignored: the socket stays open
    page.send("{\"type\":\"watchTournament\",\"id\":" + id + "}");
    assertThat(MeetingApiTest.next(page, "tournament").get("tournament").get("id").asLong()).isEqualTo(id);
    Socket otherPage = MeetingApiTest.socket(viewer, "/ws/site");
    otherPage.send("{\"type\":\"watchTournament\",\"id\":" + id + "}");
    otherPage.send("{\"type\":\"watchTournament\",\"id\":" + other + "}"); // a page shows one tournament: the last
    assertThat(MeetingApiTest.next(otherPage, "tournament").get("tournament").get("id").asLong()).isEqualTo(id);
    assertThat(MeetingApiTest.next(otherPage, "tournament").get("tournament").get("id").asLong()).isEqualTo(other);
    Socket vicsPage = MeetingApiTest.socket(people.get(1), "/ws/site");
    Socket yulsPage = MeetingApiTest.socket(people.get(4), "/ws/site");
    // a page is told its matches once the server counts it: its first message says so (the client's socket opens
    // before the server has run its side of the upgrade)
    MeetingApiTest.next(vicsPage, "chatHistory");
    MeetingApiTest.next(yulsPage, "chatHistory");

    for (int i = 0; i < 5; i++) {
      assertThat(people.get(i).post("/api/tournaments/" + id + "/join", null).status()).isEqualTo(200);
      JsonNode delta = MeetingApiTest.next(page, "tournamentDelta");
      assertThat(delta.get("id").asLong()).isEqualTo(id);
      assertThat(delta.get("entrants")).hasSize(i + 1);
    }
    JsonNode t = viewer.get("/api/tournaments/" + id).json();
    assertThat(t.get("status").asText()).isEqualTo("playing");
    // five entrants in eight places: seeds 0, 1 and 2 have byes; 1 and 2 (both free) meet in round two at once,
    // while 3 and 4 still play their first-round match
    JsonNode first = t.get("rounds").get(0);
    assertThat(first.get(1).get("first").asInt()).isEqualTo(3);
    assertThat(first.get(1).get("winner").isNull()).isTrue();
    JsonNode early = t.get("rounds").get(1).get(0);
    assertThat(early.get("slot").asInt()).isEqualTo(1);
    assertThat(List.of(early.get("first").asInt(), early.get("second").asInt())).containsExactly(1, 2);
    assertThat(early.get("gameId").isNull()).isFalse();

    JsonNode vicTold = MeetingApiTest.next(vicsPage, "tournamentMatch");
    assertThat(vicTold.get("tournamentId").asLong()).isEqualTo(id);
    assertThat(vicTold.get("name").asText()).isEqualTo("Live cup");
    assertThat(vicTold.get("gameId").asLong()).isEqualTo(early.get("gameId").asLong());
    assertThat(vicTold.get("opponent").asText()).isEqualTo(people.get(2).name());
    assertThat(vicTold.get("opponentLevel").isNull()).as("a person").isTrue();
    JsonNode yulTold = MeetingApiTest.next(yulsPage, "tournamentMatch");
    assertThat(yulTold.get("gameId").asLong()).isEqualTo(first.get(1).get("gameId").asLong());
    assertThat(yulTold.get("opponent").asText()).isEqualTo(people.get(3).name());

    JsonNode vicsList = people.get(1).get("/api/tournaments/mine").json().get("tournaments");
    assertThat(vicsList).hasSize(1);
    assertThat(vicsList.get(0).get("id").asLong()).isEqualTo(id);
    assertThat(vicsList.get(0).get("gameId").asLong()).isEqualTo(early.get("gameId").asLong());
    assertThat(vicsList.get(0).get("opponent").asText()).isEqualTo(people.get(2).name());
    JsonNode unasList = people.get(0).get("/api/tournaments/mine").json().get("tournaments");
    assertThat(unasList.get(0).get("gameId").isNull()).as("una waits for the winner of 3 and 4").isTrue();
    assertThat(unasList.get(0).get("opponent").isNull()).isTrue();
    assertThat(viewer.get("/api/tournaments/mine").json().get("tournaments")).isEmpty();
    assertThat(SERVERS.client(db).get("/api/tournaments/mine").status()).as("not signed in").isIn(401, 403);

    JsonNode end = TournamentDriver.playOut(viewer, id, people, new Random(17));
    assertThat(end.get("status").asText()).isEqualTo("finished");
    assertThat(MeetingApiTest.next(page, "tournamentDelta").get("id").asLong()).isEqualTo(id);
    otherPage.assertQuiet();
    // a tournament's match names its tournament, and has no rematch (the tournament paired the next)
    long earlyGame = early.get("gameId").asLong();
    JsonNode rematch = people.get(1).get("/api/games/" + earlyGame + "/rematch").json();
    assertThat(rematch.get("tournament").get("id").asLong()).isEqualTo(id);
    assertThat(rematch.get("tournament").get("name").asText()).isEqualTo("Live cup");
    ApiClient.Resp refused = people.get(1).post("/api/games/" + earlyGame + "/rematch", null);
    assertThat(refused.status()).as("%s", refused).isEqualTo(400);
    assertThat(refused.error()).contains("tournament");
    assertThat(people.get(1).get("/api/games/" + earlyGame + "/rematch").json().get("offeredBy").isNull()).isTrue();
    String winner = end.get("entrants").get(end.get("winner").asInt()).get("name").asText();
    JsonNode titles = viewer.get("/api/players/" + winner + "/titles").json().get("titles");
    assertThat(titles).hasSize(1);
    assertThat(titles.get(0).get("id").asLong()).isEqualTo(id);
    assertThat(titles.get(0).get("name").asText()).isEqualTo("Live cup");
    for (ApiClient p : people) {
      if (p.name().equals(winner)) continue;
      assertThat(viewer.get("/api/players/" + p.name() + "/titles").json().get("titles")).isEmpty();
    }
    assertThat(viewer.get("/api/players/nobody_at_all/titles").status()).isEqualTo(404);
    for (Socket s : List.of(page, otherPage, vicsPage, yulsPage)) s.close();
  }
}
