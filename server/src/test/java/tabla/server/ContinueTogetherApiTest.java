package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient.Resp;

/**
 * Between two games both players press Continue at the same moment: both "continue"s name the version the pause began
 * with, and both count, so the next game begins (the second was refused 409 "the game has moved on", and its page
 * showed Continue again). A "continue" from before the last game ended is still refused.
 */
class ContinueTogetherApiTest {
  @Test
  void bothContinuingAtOnceStartTheNextGame() throws Exception {
    var config = TestDb.H2.freshConfig(TestServers.DICE_SEED).withPort(0);
    try (TablaServer server = TablaServer.start(config)) {
      ApiClient alice = new ApiClient(server.port()).registered("both");
      ApiClient bob = new ApiClient(server.port()).registered("both");
      Resp seek = alice.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":3},\"mode\":\"live\"}", true);
      long game = bob.accept(seek.json().get("seek").get("id").asLong());
      JsonNode s = alice.snapshot(game);
      int turn = s.get("turn").asInt();
      ApiClient actor = turn == 0 ? alice : bob;
      ApiClient other = turn == 0 ? bob : alice;
      String move = actor.snapshot(game).get("legalPlays").get(0).get("move").asText();
      s = actor.act(game, s.get("version").asInt(), ApiClient.action("move").put("move", move)).json();
      s = other.act(game, s.get("version").asInt(), ApiClient.action("resign").put("level", 1)).json();
      int beforeTheEnd = s.get("version").asInt();
      s = actor.act(game, beforeTheEnd, "accept").json();
      assertThat(s.get("between").get("gameNo").asInt()).isEqualTo(2);
      int pause = s.get("version").asInt();

      Resp early = other.act(game, beforeTheEnd, "continue");
      assertThat(early.status()).as("a continue sent before the game ended: %s", early).isEqualTo(409);
      Resp first = alice.act(game, pause, "continue");
      assertThat(first.status()).as("%s", first).isEqualTo(200);
      Resp second = bob.act(game, pause, "continue"); // the same version: pressed at the same moment
      assertThat(second.status()).as("the second continue of the same pause: %s", second).isEqualTo(200);
      s = second.json();
      assertThat(s.get("between").isNull()).as("both ready: the next game began").isTrue();
      assertThat(s.get("gameNo").asInt()).isEqualTo(2);
      Resp again = alice.act(game, pause, "continue");
      assertThat(again.status()).as("the pause is over: %s", again).isEqualTo(409);
    }
  }
}
