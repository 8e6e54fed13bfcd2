package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiWebSocketTest.Socket;

/**
 * A tournament's pages follow it from what changed alone: a page that watches gets the whole tournament once, then
 * deltas, each from the version the one before left; applied in order they give exactly what GET reads at the end,
 * for a page that watched from the registration and for one that came in the middle. Watching again gives the whole.
 */
class ApiTournamentFeedTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aPageFollowsATournamentFromDeltasAlone(TestDb db) {
    ApiClient director = SERVERS.client(db).registered("feed_dir");
    ApiClient watcher = SERVERS.client(db).registered("feed_watch");
    Map<String, Object> body = ApiTournamentTest.knockout("Followed Swiss", 6);
    body.put("format", "swiss");
    body.put("rounds", 3);
    body.put("minPlayers", 6);
    long id = ApiTournamentTest.create(director, body);

    Socket early = MeetingApiTest.socket(watcher, "/ws/site");
    early.send(watch(id));
    Followed fromStart = new Followed(id, MeetingApiTest.next(early, "tournament").get("tournament"));
    assertThat(fromStart.view.get("version").asLong()).isEqualTo(director.get("/api/tournaments/" + id).json().get("version").asLong());
    String[] levels = {"random", "beginner", "random", "random", "beginner", "random"};
    for (int i = 0; i < 3; i++) enter(director, id, levels[i]);
    // a page that opens in the middle of the registration
    Socket late = MeetingApiTest.socket(watcher, "/ws/site");
    late.send(watch(id));
    Followed fromMiddle = new Followed(id, MeetingApiTest.next(late, "tournament").get("tournament"));
    for (int i = 3; i < 6; i++) enter(director, id, levels[i]); // the sixth fills it: the computers play it out

    fromStart.toTheEnd(early);
    fromMiddle.toTheEnd(late);
    JsonNode end = director.get("/api/tournaments/" + id).json();
    assertThat(end.get("status").asText()).isEqualTo("finished");
    assertThat(fromStart.view).isEqualTo(end);
    assertThat(fromMiddle.view).isEqualTo(end);
    assertThat(fromStart.deltas).as("changes came as deltas").isPositive();
    assertThat(end.get("entrants")).extracting(e -> e.get("level").asText()).containsExactlyInAnyOrder(levels);

    // a page that missed something watches again and gets the whole, as it is
    early.send(watch(id));
    assertThat(MeetingApiTest.next(early, "tournament").get("tournament")).isEqualTo(end);
    early.close();
    late.close();
  }

  private static void enter(ApiClient director, long id, String level) {
    assertThat(director.post("/api/tournaments/" + id + "/computer", Map.of("level", level)).status()).isEqualTo(200);
  }

  private static String watch(long id) {
    return "{\"type\":\"watchTournament\",\"id\":" + id + "}";
  }

  /** A page's copy of the tournament, changed only by the deltas it is sent (the way tournament.js applies them). */
  private static final class Followed {
    final long id;
    ObjectNode view;
    int deltas;

    Followed(long id, JsonNode whole) {
      this.id = id;
      this.view = (ObjectNode) whole.deepCopy();
    }

    /** Applies every delta until the tournament is finished; each must start from the version shown. */
    void toTheEnd(Socket page) {
      for (int i = 0; i < 1000 && !view.get("status").asText().equals("finished"); i++) {
        JsonNode m = page.next();
        if (!m.path("type").asText().equals("tournamentDelta") || m.get("id").asLong() != id) continue;
        if (m.get("version").asLong() <= view.get("version").asLong()) continue; // sent before the whole it has
        assertThat(m.get("from").asLong()).as("a delta from the version shown: %s", m).isEqualTo(view.get("version").asLong());
        apply(m);
        deltas++;
      }
      assertThat(view.get("status").asText()).isEqualTo("finished");
    }

    private void apply(JsonNode d) {
      for (String f : new String[] {"version", "status", "note", "winner", "consolationId"}) view.set(f, d.get(f));
      if (!d.get("entrants").isNull()) view.set("entrants", d.get("entrants"));
      if (!d.get("standings").isNull()) view.set("standings", d.get("standings"));
      ArrayNode rounds = (ArrayNode) view.get("rounds");
      for (JsonNode m : d.get("matches")) {
        while (rounds.size() <= m.get("round").asInt()) rounds.addArray();
        ArrayNode round = (ArrayNode) rounds.get(m.get("round").asInt());
        int at = -1;
        for (int i = 0; i < round.size(); i++) if (round.get(i).get("slot").asInt() == m.get("slot").asInt()) at = i;
        if (at >= 0) {
          round.set(at, m);
        } else {
          int before = 0;
          while (before < round.size() && round.get(before).get("slot").asInt() < m.get("slot").asInt()) before++;
          round.insert(before, m);
        }
      }
    }
  }
}
