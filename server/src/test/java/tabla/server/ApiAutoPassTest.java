package tabla.server;

import tabla.server.kernel.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/**
 * Auto-pass off (issue 13): a player who rolls with {@code "autoPass":false} and gets a roll with no legal play
 * is held in MOVE with no legal plays until he sends "pass"; the opponent waits meanwhile; a roll without the
 * flag is passed by the server at once; after a restart the held roll is still held.
 */
class ApiAutoPassTest {
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aPlayerWithAutoPassOffPassesAnUnplayableRollHimself(TestDb db) {
    ServerConfig config = db.freshConfig(TestServers.DICE_SEED);
    ApiClient alice;
    ApiClient bob;
    long game;
    JsonNode held;
    try (TablaServer server = TablaServer.start(config)) {
      alice = new ApiClient(server.port()).registered("alice");
      bob = new ApiClient(server.port()).registered("bob");
      game = ApiClient.newGame(alice, bob, 25);
      held = playUntilAliceHasNoPlay(alice, bob, game);
      int v = held.get("version").asInt();
      assertThat(held.get("turn").asInt()).isEqualTo(0);
      assertThat(held.get("actions")).extracting(JsonNode::asText).contains("move");
      assertThat(held.get("passed").isNull()).isTrue();
      // the opponent sees alice still to act, and cannot act for her
      JsonNode bobSees = bob.snapshot(game);
      assertThat(bobSees.get("turn").asInt()).isEqualTo(0);
      assertThat(bobSees.get("phase").asText()).isEqualTo("MOVE");
      assertThat(bob.act(game, v, "roll").status()).isEqualTo(403);
      // nothing but a pass: a roll again, a play, a bad flag are refused and change nothing
      assertThat(alice.act(game, v, "roll").error()).contains("you cannot roll now");
      Resp play = alice.act(game, v, ApiClient.action("move").put("move", "24/23"));
      assertThat(play.status()).isEqualTo(400);
      assertThat(play.error()).contains("you must pass");
      Resp badFlag = alice.act(game, v, ApiClient.action("roll").put("autoPass", "no"));
      assertThat(badFlag.error()).contains("'autoPass' must be true or false");
      assertThat(alice.snapshot(game)).isEqualTo(held);
    }
    // a restart keeps the roll held (the flag is stored with the roll)
    try (TablaServer server = TablaServer.start(config)) {
      ApiClient a = new ApiClient(server.port());
      ApiClient b = new ApiClient(server.port());
      assertThat(a.login(alice.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
      assertThat(b.login(bob.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
      assertThat(a.snapshot(game)).isEqualTo(held);
      int v = held.get("version").asInt();
      Resp pass = a.act(game, v, ApiClient.action("move").put("move", "pass"));
      assertThat(pass.status()).as("pass: %s", pass).isEqualTo(200);
      JsonNode after = b.snapshot(game);
      assertThat(after.get("version").asInt()).isEqualTo(v + 1);
      assertThat(after.get("turn").asInt()).isEqualTo(1);
      assertThat(after.get("phase").asText()).isEqualTo("ROLL");
      assertThat(after.get("passed").get("player").asInt()).isEqualTo(0);
      assertThat(after.get("passed").get("dice")).isEqualTo(held.get("dice"));
      JsonNode last = after.get("history").get(after.get("history").size() - 1);
      assertThat(last.get("player").asInt()).isEqualTo(0);
      assertThat(last.get("type").asText()).isEqualTo("move");
      assertThat(last.get("text").asText()).contains("pass");
    }
  }

  /**
   * Random legal play, alice rolling with auto-pass off and bob with the default, until alice holds a roll
   * with no play; bob's rolls with no play must have been passed by the server.
   */
  private static JsonNode playUntilAliceHasNoPlay(ApiClient alice, ApiClient bob, long game) {
    ApiClient[] seats = {alice, bob};
    Random rnd = new Random(3);
    JsonNode held = null;
    int autoPassed = 0;
    for (int n = 0; held == null; n++) {
      JsonNode s = alice.snapshot(game);
      assertThat(s.get("status").asText()).as("alice meets a roll without a play before the match ends").isEqualTo("playing");
      assertThat(n).isLessThan(5_000);
      if (ApiClient.continueIfBetween(game, alice, bob)) continue;
      int turn = s.get("turn").asInt();
      ApiClient p = seats[turn];
      JsonNode mine = p.snapshot(game);
      ObjectNode a = ApiClient.randomAction(mine, rnd, 0);
      if (turn == 0 && a.get("type").asText().equals("roll")) a.put("autoPass", false);
      Resp r = p.act(game, mine.get("version").asInt(), a);
      assertThat(r.status()).as("%s answered %s", a, r).isEqualTo(200);
      JsonNode after = r.json();
      boolean noPlay = after.get("phase").asText().equals("MOVE") && after.get("legalPlays").isEmpty();
      if (turn == 0 && noPlay) held = after;
      if (turn == 1 && a.get("type").asText().equals("roll") && after.hasNonNull("passed")) {
        // bob rolls with auto-pass on (the default): the server passed it, alice is to roll
        assertThat(after.get("turn").asInt()).isEqualTo(0);
        assertThat(after.get("passed").get("player").asInt()).isEqualTo(1);
        autoPassed++;
      }
      assertThat(turn == 1 && noPlay).as("bob's roll with no play was passed by the server").isFalse();
    }
    System.out.println("bob's rolls the server passed before alice's held one: " + autoPassed);
    return held;
  }
}
