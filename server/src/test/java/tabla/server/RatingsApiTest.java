package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/**
 * Ratings per variant: after a scripted set of matches (who beats whom, in which variant, over how many points),
 * each variant's rating list equals the FIBS formula computed here, independently of the server's code.
 */
class RatingsApiTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  /** One scripted match: {@code winner} beats {@code loser} (indices into the players) in an n-point match. */
  private record Result(int winner, int loser, String variant, int length) {}

  /** The FIBS formula, written out again from the FIBS help text (not calling the server's FibsRating). */
  private static final class Expected {
    final Map<String, double[]> byKey = new HashMap<>(); // "variant/name" → rating, experience, matches

    double[] of(String variant, String name) {
      return byKey.computeIfAbsent(variant + "/" + name, k -> new double[] {1500, 0, 0});
    }

    void match(String variant, String winner, String loser, int n) {
      double[] w = of(variant, winner);
      double[] l = of(variant, loser);
      double d = Math.abs(w[0] - l[0]);
      double upset = 1 / (Math.pow(10, d * Math.sqrt(n) / 2000) + 1);
      double p = w[0] >= l[0] ? upset : 1 - upset; // the favourite's win is worth the chance of an upset
      double kw = Math.max(1, 5 - w[1] / 100);
      double kl = Math.max(1, 5 - l[1] / 100);
      w[0] += 4 * kw * Math.sqrt(n) * p;
      l[0] -= 4 * kl * Math.sqrt(n) * p;
      w[1] += n;
      l[1] += n;
      w[2]++;
      l[2]++;
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theListsEqualTheFormulaComputedIndependently(TestDb db) {
    ApiClient[] p = new ApiClient[3];
    for (int i = 0; i < p.length; i++) p[i] = SERVERS.client(db).registered("rated" + i);
    List<Result> script = List.of(
        new Result(0, 1, "backgammon", 1), new Result(0, 1, "backgammon", 3), new Result(1, 2, "backgammon", 1),
        new Result(2, 0, "backgammon", 5), new Result(0, 2, "backgammon", 1), new Result(0, 1, "backgammon", 1),
        new Result(2, 0, "portes", 3), new Result(1, 2, "portes", 1));
    Expected expected = new Expected();
    Random rnd = new Random(14);
    for (Result m : script) {
      ApiClient w = p[m.winner()];
      ApiClient l = p[m.loser()];
      long game = l.accept(w.seek("{\"matchLength\":" + m.length() + ",\"variant\":\"" + m.variant() + "\"}"));
      ApiClient.loserResigns(game, w, l, rnd);
      expected.match(m.variant(), w.name(), l.name(), m.length());
    }
    for (String variant : List.of("backgammon", "portes")) {
      Resp r = p[0].get("/api/ratings/" + variant);
      assertThat(r.status()).as("%s", r).isEqualTo(200);
      List<JsonNode> mine = new ArrayList<>();
      r.json().get("players").forEach(x -> {
        for (ApiClient c : p) if (x.get("name").asText().equals(c.name())) mine.add(x);
      });
      List<String> order = new ArrayList<>();
      for (ApiClient c : p) {
        double[] e = expected.byKey.get(variant + "/" + c.name());
        if (e != null) order.add(c.name());
      }
      order.sort(Comparator.comparingDouble((String n) -> -expected.byKey.get(variant + "/" + n)[0]));
      assertThat(mine.stream().map(x -> x.get("name").asText()).toList()).as("order in %s", variant).isEqualTo(order);
      for (JsonNode x : mine) {
        double[] e = expected.byKey.get(variant + "/" + x.get("name").asText());
        assertThat(x.get("rating").asDouble()).as("%s in %s", x, variant).isCloseTo(e[0], within(0.006));
        assertThat(x.get("matches").asInt()).isEqualTo((int) e[2]);
        assertThat(x.get("provisional").asBoolean()).isEqualTo(e[2] < 5);
      }
    }
    // the player's own page, and the board
    JsonNode mineAll = p[0].get("/api/players/" + p[0].name() + "/ratings").json().get("ratings");
    assertThat(mineAll.get(0).get("variant").asText()).as("most played first").isEqualTo("backgammon");
    assertThat(mineAll.get(0).get("provisional").asBoolean()).as("five matches: no longer provisional").isFalse();
    assertThat(mineAll.get(0).get("rating").asDouble()).isCloseTo(expected.of("backgammon", p[0].name())[0], within(0.006));
    long seek = p[0].seek("{\"matchLength\":1,\"variant\":\"portes\"}");
    JsonNode listed = null;
    for (JsonNode x : p[1].get("/api/seeks").json().get("seeks")) if (x.get("id").asLong() == seek) listed = x;
    assertThat(listed.get("creatorRating").get("rating").asDouble()).as("the seek shows its creator's rating in its variant")
        .isCloseTo(expected.of("portes", p[0].name())[0], within(0.006));
    long next = p[1].accept(seek);
    JsonNode seats = p[2].get("/api/games/" + next + "/ratings").json();
    assertThat(seats.get("variant").asText()).isEqualTo("portes");
    assertThat(seats.get("seats").get(1).get("rating").get("rating").asDouble())
        .isCloseTo(expected.of("portes", p[1].name())[0], within(0.006));
    assertThat(p[0].get("/api/ratings/chess").status()).isEqualTo(404);
    assertThat(p[0].get("/api/ratings/backgammon?page=-1").status()).isEqualTo(400);
  }
}
