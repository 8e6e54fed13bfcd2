package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/** A live game whose player to act runs out of time: lost on time, stored, and its dice seed revealed. */
class TimeOutTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aGameLostOnTimeRevealsItsDiceSeed(TestDb db) throws Exception {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    Resp seek = alice.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1},\"mode\":\"live\",\"secondsPerMove\":1}", true);
    assertThat(seek.status()).as("seek: %s", seek).isEqualTo(201);
    long game = bob.accept(seek.json().get("seek").get("id").asLong());
    // the clock starts once both players have the board open
    ApiWebSocketTest.Socket a = ApiWebSocketTest.Socket.open(alice, game);
    ApiWebSocketTest.Socket b = ApiWebSocketTest.Socket.open(bob, game);
    JsonNode s = alice.snapshot(game);
    try {
      for (int i = 0; i < 300 && s.get("status").asText().equals("playing"); i++) {
        Thread.sleep(100); // the clock is checked every second
        s = alice.snapshot(game);
      }
    } finally {
      a.close();
      b.close();
    }
    assertThat(s.get("status").asText()).as("lost on time").isEqualTo("finished");
    assertThat(s.get("matchWinner").isInt()).isTrue();
    JsonNode dice = alice.get("/api/games/" + game + "/dice").json().get("games");
    assertThat(dice.get(dice.size() - 1).get("seed").isTextual()).as("the seed of the game lost on time").isTrue();
  }
}
