package tabla.server;

import tabla.server.kernel.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The server process is killed with SIGKILL in the middle of a knock-out's first round (one match over, one on) and
 * started again on the same database: the entrants, the seeds, the recorded result and the running game are all
 * there, and the tournament plays on to its winner.
 */
class TournamentSigkillTest {

  @ParameterizedTest
  @EnumSource(TestDb.class)
  @Timeout(300)
  void aSigkillInTheMiddleOfARoundLosesNothing(TestDb db) throws Exception {
    ServerConfig config = db.freshConfig(TestServers.DICE_SEED).withPort(ServerProcess.freePort());
    Path dir = TestDb.tempDir("tabla-tournament-kill-");
    try (ServerProcess server = new ServerProcess(dir.resolve("server.log"))) {
      int port = server.start(TestDb.env(config));
      List<ApiClient> people = new ArrayList<>();
      for (String n : List.of("kim", "lou", "max", "ned")) people.add(new ApiClient(port).registered(n));
      java.util.Map<String, Object> body = ApiTournamentTest.knockout("kill cup", 4);
      body.put("clock", java.util.Map.of("preset", "slow")); // the waiting game must not run out of time meanwhile
      long id = ApiTournamentTest.create(people.get(0), body);
      for (ApiClient c : people) c.post("/api/tournaments/" + id + "/join", null);
      JsonNode first = people.get(0).get("/api/tournaments/" + id).json().get("rounds").get(0);
      JsonNode done = first.get(0);
      ApiClient.playToEnd(done.get("gameId").asLong(), new ApiClient[] {people.get(done.get("first").asInt()),
          people.get(done.get("second").asInt())}, new Random(6), 0, (a, after) -> {});
      long running = first.get(1).get("gameId").asLong();
      ApiClient p = people.get(first.get(1).get("first").asInt());
      JsonNode runningBefore = p.snapshot(running);
      JsonNode before = people.get(0).get("/api/tournaments/" + id).json();
      assertThat(before.get("rounds").get(0).get(0).get("winner").isNull()).isFalse();

      server.kill();
      server.start(TestDb.env(config));

      List<ApiClient> back = new ArrayList<>();
      for (ApiClient c : people) {
        ApiClient again = new ApiClient(port);
        assertThat(again.login(c.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
        back.add(again);
      }
      assertThat(back.get(0).get("/api/tournaments/" + id).json()).isEqualTo(before);
      assertThat(back.get(first.get(1).get("first").asInt()).snapshot(running).get("version"))
          .isEqualTo(runningBefore.get("version"));
      JsonNode end = TournamentDriver.playOut(back.get(0), id, back, new Random(7));
      assertThat(end.get("status").asText()).isEqualTo("finished");
      assertThat(end.get("rounds")).hasSize(2);
      assertThat(end.get("winner").isNull()).isFalse();
    }
  }
}
