package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;
import tabla.server.cluster.ClusterSettings;

/**
 * The match clock through the API in a game (a seek's clock: {@link MatchClockSeeksApiTest}): only the acting
 * player's reserve goes down, beyond the delay (the doubler's stops while the other decides); between games no clock
 * runs, and the next game waits for "continue" from both; a restart resumes the reserves and the "continue" already
 * given. The server's clock stands still but where the test moves it, so what each clock is charged is exactly the
 * time moved, however loaded the machine (it ran alone, on real time, before).
 */
class MatchClockApiTest {
  static final String RULES = "{\"matchLength\":3}";

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theActorsReservePaysBeyondTheDelayNoClockRunsBetweenGamesAndARestartResumesBoth(TestDb db) throws Exception {
    var config = db.freshConfig(TestServers.DICE_SEED).withPort(ServerProcess.freePort());
    ApiClient alice;
    ApiClient bob;
    long game;
    List<Long> frozen;
    MovableClock clock = new MovableClock().stop();
    try (TablaServer server = TablaServer.start(config, ClusterSettings.NONE, clock)) {
      alice = new ApiClient(server.port()).registered("clk");
      bob = new ApiClient(server.port()).registered("clk");
      Resp seek = alice.postRaw("/api/seeks", "{\"rules\":" + RULES
          + ",\"mode\":\"live\",\"clock\":{\"reservePerPoint\":60,\"delay\":1}}", true);
      game = bob.accept(seek.json().get("seek").get("id").asLong());
      ApiWebSocketTest.Socket a = ApiWebSocketTest.Socket.open(alice, game);
      ApiWebSocketTest.Socket b = ApiWebSocketTest.Socket.open(bob, game);
      try {
        a.next(); // each board has its snapshot: both are open, so the clock started
        b.next();
        JsonNode s = alice.snapshot(game);
        int turn = s.get("turn").asInt();
        ApiClient actor = turn == 0 ? alice : bob;
        assertThat(s.get("clock").get("running").asInt()).as("the clock of the player to act runs").isEqualTo(turn);
        assertThat(s.get("clock").get("startsIn").asLong()).as("both boards are open").isZero();
        clock.advance(Duration.ofMillis(1_600)); // past the 1 s delay: the rest comes off the reserve
        String move = actor.snapshot(game).get("legalPlays").get(0).get("move").asText();
        s = actor.act(game, s.get("version").asInt(), ApiClient.action("move").put("move", move)).json();
        List<Long> r = reserves(s);
        assertThat(r.get(turn)).as("the mover paid what went beyond the delay").isLessThanOrEqualTo(180_000 - 500);
        assertThat(r.get(1 - turn)).as("the other's reserve is whole").isEqualTo(180_000);
        assertThat(s.get("clock").get("running").asInt()).isEqualTo(1 - turn);

        // the other doubles: his clock stops while the first decides, whose own clock runs with a fresh delay
        ApiClient other = turn == 0 ? bob : alice;
        s = other.act(game, s.get("version").asInt(), "double").json();
        assertThat(s.get("clock").get("running").asInt()).as("the taker's clock").isEqualTo(turn);
        assertThat(s.get("clock").get("delayLeft").asLong()).isGreaterThan(500);
        long doubler = reserves(s).get(1 - turn);
        clock.advance(Duration.ofMillis(1_600));
        s = actor.act(game, s.get("version").asInt(), "take").json();
        assertThat(reserves(s).get(1 - turn)).as("the doubler's reserve while the other decided").isEqualTo(doubler);
        assertThat(reserves(s).get(turn)).as("the taker paid beyond his delay").isLessThan(r.get(turn) - 400);
        assertThat(s.get("clock").get("running").asInt()).isEqualTo(1 - turn);

        // the other resigns the game: the match pauses, no clock runs, and the next game waits for both
        JsonNode played = s.get("board");
        s = other.act(game, s.get("version").asInt(), ApiClient.action("resign").put("level", 1)).json();
        s = actor.act(game, s.get("version").asInt(), "accept").json();
        assertThat(s.get("between").get("gameNo").asInt()).isEqualTo(2);
        // the board as the game ended stays with the pause (the page keeps showing it), apart from the next game's
        assertThat(s.get("between").get("lastBoard").get("p0")).isEqualTo(played.get("p0"));
        assertThat(s.get("between").get("lastBoard").get("p1")).isEqualTo(played.get("p1"));
        assertThat(s.get("board").get("p0")).as("the next game's board").isNotEqualTo(played.get("p0"));
        assertThat(s.get("turn").isNull()).isTrue();
        assertThat(s.get("clock").get("running").isNull()).as("no clock runs between games").isTrue();
        assertThat(s.get("actions")).extracting(JsonNode::asText).containsExactly("continue");
        assertThat(s.get("result").get("winner").asInt()).isEqualTo(turn);
        frozen = reserves(s);
        clock.advance(Duration.ofSeconds(5));
        assertThat(reserves(alice.snapshot(game))).isEqualTo(frozen);
        Resp early = actor.act(game, s.get("version").asInt(), "roll");
        assertThat(early.status()).as("nobody rolls before the next game starts: %s", early).isEqualTo(403);
        s = alice.act(game, s.get("version").asInt(), "continue").json();
        assertThat(s.get("between").get("ready")).extracting(JsonNode::asBoolean).containsExactly(true, false);
        Resp twice = alice.act(game, s.get("version").asInt(), "continue");
        assertThat(twice.status()).isEqualTo(400);
        assertThat(twice.error()).contains("ready already");
      } finally {
        a.close();
        b.close();
      }
    }
    // a restart: the pause, alice's "continue" and both reserves are as they were
    clock.advance(Duration.ofSeconds(5)); // the time the server was down
    try (TablaServer server = TablaServer.start(config, ClusterSettings.NONE, clock)) {
      JsonNode s = bob.snapshot(game);
      assertThat(s.get("between").get("ready")).extracting(JsonNode::asBoolean).containsExactly(true, false);
      assertThat(reserves(s)).isEqualTo(frozen);
      s = bob.act(game, s.get("version").asInt(), "continue").json();
      assertThat(s.get("between").isNull()).as("both ready: the next game began").isTrue();
      assertThat(s.get("gameNo").asInt()).isEqualTo(2);
      assertThat(s.get("history").get(s.get("history").size() - 1).get("type").asText()).isEqualTo("rolloff");
      assertThat(reserves(s)).isEqualTo(frozen);
      assertThat(s.get("clock").get("running").asInt()).isEqualTo(s.get("turn").asInt());
      Resp late = bob.act(game, s.get("version").asInt(), "continue");
      assertThat(late.status()).isEqualTo(400);
      assertThat(late.error()).contains("no next game waiting");
    }
  }

  private static List<Long> reserves(JsonNode s) {
    JsonNode r = s.get("clock").get("reserve");
    return List.of(r.get(0).asLong(), r.get(1).asLong());
  }
}
