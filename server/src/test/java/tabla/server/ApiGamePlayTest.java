package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.core.dice.FairDice;
import tabla.core.dice.Roll;
import tabla.server.ApiClient.Resp;

/**
 * Whole matches through the API: seek, accept, rolls, plays chosen from legalPlays, doubles and
 * takes; then every game's dice are checked against its commitment and revealed seed.
 */
class ApiGamePlayTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void twoUsersPlayAOnePointMatchToTheEnd(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    long game = ApiClient.newGame(alice, bob, 1);
    JsonNode start = alice.snapshot(game);
    assertThat(start.get("players").get(0).get("name").asText()).isEqualTo(alice.name());
    assertThat(start.get("players").get(1).get("name").asText()).isEqualTo(bob.name());
    assertThat(start.get("status").asText()).isEqualTo("playing");
    assertThat(start.get("commitment").asText()).hasSize(64);

    AtomicInteger actions = new AtomicInteger();
    JsonNode end = ApiClient.playToEnd(game, new ApiClient[] {alice, bob}, new Random(1), 0.5, (a, after) -> {
      actions.incrementAndGet();
      // A 1-point match: the cube cannot matter, so it is never offered.
      assertThat(after.get("canDouble").asBoolean()).isFalse();
      assertThat(after.get("gameNo").asInt()).isEqualTo(1);
    });
    assertFinished(end, 1);
    assertThat(actions.get()).isGreaterThan(20);
    assertThat(end.get("version").asInt()).isGreaterThan(actions.get()); // plus the opening roll-off
    assertThat(end.get("history").get(end.get("history").size() - 1).get("type").asText()).isEqualTo("result");

    // Both players see it finished in their list, and nobody can act any more.
    for (ApiClient c : List.of(alice, bob)) {
      JsonNode listed = c.get("/api/games").json().get("games").get(0);
      assertThat(listed.get("id").asLong()).isEqualTo(game);
      assertThat(listed.get("status").asText()).isEqualTo("finished");
      assertThat(listed.get("matchWinner").asInt()).isEqualTo(end.get("matchWinner").asInt());
      assertThat(listed.get("yourTurn").asBoolean()).isFalse();
      Resp late = c.act(game, end.get("version").asInt(), "roll");
      assertThat(late.status()).isEqualTo(400);
      assertThat(late.error()).contains("the game is over");
    }
    assertThat(alice.snapshot(game)).isEqualTo(end);
    verifyDice(alice, game, end);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void twoUsersPlayAThreePointMatchWithDoublesAndTakes(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    long game = ApiClient.newGame(alice, bob, 3);
    List<String> cubeActions = new ArrayList<>();
    List<JsonNode> afterTakes = new ArrayList<>();
    JsonNode end = ApiClient.playToEnd(game, new ApiClient[] {alice, bob}, new Random(7), 0.4, (a, after) -> {
      String type = a.get("type").asText();
      if (List.of("double", "take", "drop").contains(type)) cubeActions.add(type);
      if (type.equals("take")) afterTakes.add(after);
      if (type.equals("double")) {
        assertThat(after.get("phase").asText()).isEqualTo("DOUBLE_OFFERED");
        assertThat(after.get("turn").asInt()).isEqualTo(1 - after.get("you").asInt());
      }
    });
    assertFinished(end, 3);
    assertThat(cubeActions).as("cube actions").contains("double");
    for (JsonNode t : afterTakes) {
      assertThat(t.get("cube").get("value").asInt()).isEqualTo(2);
      assertThat(t.get("cube").get("owner").asInt()).isEqualTo(t.get("you").asInt());
    }
    assertThat(end.get("gameNo").asInt()).isGreaterThanOrEqualTo(2);
    verifyDice(bob, game, end);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aGuestPlaysTheComputerToTheEnd(TestDb db) {
    ApiClient guest = SERVERS.client(db).guest();
    long game = guest.computerGame(1, "beginner");
    JsonNode start = guest.snapshot(game);
    assertThat(start.get("you").asInt()).isZero();
    assertThat(start.get("players").get(1).get("bot").asText()).isEqualTo("beginner");
    AtomicInteger mine = new AtomicInteger();
    JsonNode end = ApiClient.playToEnd(game, new ApiClient[] {guest, null}, new Random(3), 0, (a, after) ->
        mine.incrementAndGet());
    assertFinished(end, 1);
    assertThat(mine.get()).isGreaterThan(10);
    // The computer played its half: the history holds plays of both seats.
    List<Integer> movers = new ArrayList<>();
    end.get("history").forEach(h -> {
      if (h.get("type").asText().equals("move")) movers.add(h.get("player").asInt());
    });
    assertThat(movers).contains(0, 1);
    assertThat(guest.get("/api/games").json().get("games").get(0).get("status").asText()).isEqualTo("finished");
    verifyDice(guest, game, end);
  }

  private static void assertFinished(JsonNode end, int matchLength) {
    assertThat(end.get("status").asText()).isEqualTo("finished");
    assertThat(end.get("phase").asText()).isEqualTo("OVER");
    assertThat(end.get("turn").isNull()).isTrue();
    int winner = end.get("matchWinner").asInt();
    assertThat(winner).isIn(0, 1);
    assertThat(end.get("score").get(winner).asInt()).isGreaterThanOrEqualTo(matchLength);
    assertThat(end.get("score").get(1 - winner).asInt()).isLessThan(matchLength);
    assertThat(end.get("result").get("winner").asInt()).isEqualTo(winner);
  }

  /**
   * /dice lists every game of the finished match with its seed revealed, and each game's rolls are
   * exactly those its seed gives ({@link FairDice#verify}); a changed roll would not pass.
   */
  static void verifyDice(ApiClient c, long game, JsonNode end) {
    Resp r = c.get("/api/games/" + game + "/dice");
    assertThat(r.status()).isEqualTo(200);
    JsonNode games = r.json().get("games");
    assertThat(games.size()).isEqualTo(end.get("gameNo").asInt());
    for (int i = 0; i < games.size(); i++) {
      JsonNode g = games.get(i);
      assertThat(g.get("gameNo").asInt()).isEqualTo(i + 1);
      assertThat(g.get("seed").isTextual()).as("game %d's seed is revealed", i + 1).isTrue();
      List<Roll> rolls = new ArrayList<>();
      for (JsonNode roll : g.get("rolls")) {
        JsonNode d = roll.get("dice");
        rolls.add(new Roll(roll.get("n").asLong(), d.get(0).asInt(), d.size() > 1 ? d.get(1).asInt() : Roll.NO_DIE));
      }
      assertThat(rolls.size()).as("the opening roll-off is two dice").isGreaterThanOrEqualTo(2);
      // version 2: the players' seeds are in once a pair was rolled (zeros for a player who gave none)
      assertThat(g.get("seed0").isTextual() && g.get("seed1").isTextual()).as("game %d's player seeds", i + 1).isTrue();
      String commitment = g.get("commitment").asText();
      String seed = g.get("seed").asText();
      var verified = FairDice.verify(commitment, seed, g.get("seed0").asText(), g.get("seed1").asText(), rolls);
      assertThat(verified.isOk()).as("game %d: %s", i + 1, verified.isOk() ? "" : verified.error()).isTrue();
      assertThat(verified.get()).isEqualTo(rolls.size());
      Roll last = rolls.get(rolls.size() - 1);
      Roll changed = new Roll(last.index(), last.first() % 6 + 1, last.second());
      List<Roll> forged = new ArrayList<>(rolls.subList(0, rolls.size() - 1));
      forged.add(changed);
      assertThat(FairDice.verify(commitment, seed, g.get("seed0").asText(), g.get("seed1").asText(), forged).isOk()).isFalse();
    }
    assertThat(games.get(games.size() - 1).get("commitment").asText()).isEqualTo(end.get("commitment").asText());
  }
}
