package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/**
 * Acey-deucey's 1-2 over the API (issue 13): each legal play says the double it chooses after the 1 and the 2,
 * the play of a chosen double is accepted, the history names the double, and the player rolls again.
 */
public class ApiAceyDeuceyTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  /** The mover's snapshot with a 1-2 to play and a choice of doubles. */
  public static boolean aceyDeuceyToPlay(JsonNode s) {
    return oneTwoToPlay(s) && doubles(s).size() > 1;
  }

  private static boolean oneTwoToPlay(JsonNode s) {
    if (!s.get("phase").asText().equals("MOVE") || s.get("dice").isNull()) return false;
    int a = s.get("dice").get(0).asInt();
    int b = s.get("dice").get(1).asInt();
    return a + b == 3 && a * b == 2;
  }

  public static Set<Integer> doubles(JsonNode s) {
    Set<Integer> out = new TreeSet<>();
    s.get("legalPlays").forEach(p -> {
      if (p.has("chosenDouble")) out.add(p.get("chosenDouble").asInt());
    });
    return out;
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theOneTwoChoosesADoubleAndTheHistorySaysWhich(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    long game = bob.accept(alice.seek("{\"matchLength\":3,\"variant\":\"acey-deucey\"}"));
    ApiClient[] seats = {alice, bob};
    JsonNode s = ApiClient.playUntil(game, seats, new Random(11), ApiAceyDeuceyTest::aceyDeuceyToPlay);
    int mover = s.get("turn").asInt();
    String dice = "" + s.get("dice").get(0).asInt() + s.get("dice").get(1).asInt();
    // the highest double offered, and a play of it that uses all six dice
    int n = doubles(s).stream().max(Integer::compare).get();
    JsonNode chosen = null;
    for (JsonNode p : s.get("legalPlays")) {
      assertThat(p.has("chosenDouble")).as("every play of a full 1-2 chooses a double: %s", p).isTrue();
      if (p.get("chosenDouble").asInt() == n && p.get("steps").size() == 6) chosen = p;
    }
    assertThat(chosen).as("a play of %d-%d in %s", n, n, s.get("legalPlays")).isNotNull();
    Resp r = seats[mover].act(game, s.get("version").asInt(), ApiClient.action("move").put("move", chosen.get("move").asText()));
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    JsonNode after = seats[1 - mover].snapshot(game);
    JsonNode last = after.get("history").get(after.get("history").size() - 1);
    assertThat(last.get("player").asInt()).isEqualTo(mover);
    assertThat(last.get("text").asText()).isEqualTo(dice + " " + n + n + ": " + chosen.get("move").asText());
    // the full 1-2 earns a roll again; the plays of another roll choose no double
    assertThat(after.get("turn").asInt()).isEqualTo(mover);
    assertThat(after.get("phase").asText()).isEqualTo("ROLL");
    JsonNode next = ApiClient.playUntil(game, seats, new Random(12),
        x -> x.get("phase").asText().equals("MOVE") && !oneTwoToPlay(x) && x.get("legalPlays").size() > 0);
    next.get("legalPlays").forEach(p -> assertThat(p.has("chosenDouble")).as("%s with %s", p, next.get("dice")).isFalse());
  }
}
