package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiWebSocketTest.Socket;

/**
 * The online list shows each player's rating in the variant the viewer picks (backgammon when none): after one
 * rated 1-point Portes match, the winner is 1510 in Portes and still 1500 in backgammon.
 */
class OnlineRatingsApiTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  /** name → the online list's rating object, once both names are listed (a socket's join may lag its handshake). */
  private static Map<String, JsonNode> ratings(ApiClient viewer, String query, String... names) throws InterruptedException {
    Map<String, JsonNode> out = new HashMap<>();
    for (int i = 0; i < 100; i++) {
      JsonNode list = viewer.get("/api/online" + query).json();
      out.clear();
      for (JsonNode p : list.get("players")) out.put(p.get("name").asText(), p.get("rating"));
      if (out.keySet().containsAll(java.util.List.of(names))) return out;
      Thread.sleep(100);
    }
    throw new AssertionError("not listed online: " + out.keySet());
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theRatingIsTheOneOfTheVariantAskedFor(TestDb db) throws InterruptedException {
    ApiClient winner = SERVERS.client(db).registered("onW");
    ApiClient loser = SERVERS.client(db).registered("onL");
    ApiClient.loserResigns(loser.accept(winner.seek("{\"matchLength\":1,\"variant\":\"portes\"}")), winner, loser, new Random(3));
    Socket w = MeetingApiTest.socket(winner, "/ws/site");
    Socket l = MeetingApiTest.socket(loser, "/ws/site");
    try {
      Map<String, JsonNode> portes = ratings(loser, "?variant=portes", winner.name(), loser.name());
      assertThat(portes.get(winner.name()).get("rating").asDouble()).isEqualTo(1510.0);
      assertThat(portes.get(loser.name()).get("rating").asDouble()).isEqualTo(1490.0);
      assertThat(portes.get(winner.name()).get("variant").asText()).isEqualTo("portes");
      assertThat(portes.get(winner.name()).get("matches").asInt()).isEqualTo(1);
      assertThat(portes.get(winner.name()).get("provisional").asBoolean()).isTrue();
      Map<String, JsonNode> plain = ratings(loser, "", winner.name(), loser.name());
      assertThat(plain.get(winner.name()).get("variant").asText()).as("backgammon when none is asked").isEqualTo("backgammon");
      assertThat(plain.get(winner.name()).get("rating").asDouble()).isEqualTo(1500.0);
      assertThat(loser.get("/api/online?variant=portes").json().get("variant").asText()).isEqualTo("portes");
      assertThat(loser.get("/api/online?variant=chess").status()).isEqualTo(404);
      assertThat(loser.get("/api/online?variant=race:entry=all-first").status()).isEqualTo(404);
    } finally {
      w.close();
      l.close();
    }
  }
}
