package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/**
 * A seek can ask for a rating range: only a player whose rating in the seek's variant lies in it may accept; one
 * outside it (below or above) gets a 403 with the reason and the seek stays open; bad bounds are a 400 and no seek.
 */
class SeekRatingRangeApiTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  private static Resp seek(ApiClient creator, String range) {
    return creator.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1},\"mode\":\"live\"" + range + "}", true);
  }

  private static JsonNode listed(ApiClient viewer, long seek) {
    for (JsonNode x : viewer.get("/api/seeks").json().get("seeks")) if (x.get("id").asLong() == seek) return x;
    return null;
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void onlyAPlayerRatedInTheRangeMayAccept(TestDb db) {
    ApiClient creator = SERVERS.client(db).registered("ranger");
    ApiClient high = SERVERS.client(db).registered("high");
    ApiClient low = SERVERS.client(db).registered("low");
    ApiClient middle = SERVERS.client(db).registered("middle");
    // one 1-point match: the winner 1510, the loser 1490 (FIBS: 4 · 5 · √1 · ½ between equals); middle stays 1500
    ApiClient.loserResigns(low.accept(high.seek("{\"matchLength\":1}")), high, low, new Random(14));
    assertThat(high.get("/api/players/" + high.name() + "/ratings").json().get("ratings").get(0).get("rating").asDouble())
        .isEqualTo(1510.0);

    Resp made = seek(creator, ",\"ratingMin\":1495,\"ratingMax\":1505");
    assertThat(made.status()).as("%s", made).isEqualTo(201);
    long id = made.json().get("seek").get("id").asLong();
    JsonNode seen = listed(middle, id);
    assertThat(seen.get("ratingMin").asInt()).isEqualTo(1495);
    assertThat(seen.get("ratingMax").asInt()).isEqualTo(1505);
    assertThat(seen.get("inYourRange").asBoolean()).isTrue();
    assertThat(listed(high, id).get("inYourRange").asBoolean()).as("1510 is above the range").isFalse();
    assertThat(listed(low, id).get("inYourRange").asBoolean()).as("1490 is below the range").isFalse();

    for (ApiClient outside : new ApiClient[] {high, low}) {
      Resp r = outside.post("/api/seeks/" + id + "/accept", null);
      assertThat(r.status()).as("%s", r).isEqualTo(403);
      assertThat(r.error()).contains("1495–1505", "backgammon");
    }
    assertThat(listed(middle, id)).as("a refused accept changes nothing: the seek is still open").isNotNull();
    long game = middle.accept(id);
    assertThat(middle.snapshot(game).get("status").asText()).isNotEqualTo("finished");
    assertThat(listed(middle, id)).isNull();

    // one bound only: "1500 or more"
    long atLeast = seek(creator, ",\"ratingMin\":1500").json().get("seek").get("id").asLong();
    assertThat(listed(low, atLeast).get("ratingMax").isNull()).isTrue();
    assertThat(low.post("/api/seeks/" + atLeast + "/accept", null).error()).contains("1500 or more", "1490");
    high.accept(atLeast);
    long open = seek(creator, "").json().get("seek").get("id").asLong();
    assertThat(listed(low, open).get("inYourRange").asBoolean()).as("no range: open to all").isTrue();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void badBoundsAreRefusedAndMakeNoSeek(TestDb db) {
    ApiClient creator = SERVERS.client(db).registered("badrange");
    for (String bad : new String[] {",\"ratingMin\":1600,\"ratingMax\":1500", ",\"ratingMin\":\"1500\"",
        ",\"ratingMax\":1500.5", ",\"ratingMin\":-1", ",\"ratingMax\":4001", ",\"ratingMin\":true",
        ",\"ratingMax\":99999999999"}) {
      Resp r = seek(creator, bad);
      assertThat(r.status()).as("%s → %s", bad, r).isEqualTo(400);
      assertThat(r.error()).as(bad).containsAnyOf("ratingMin", "ratingMax", "above the highest");
    }
    for (JsonNode x : creator.get("/api/seeks").json().get("seeks")) {
      assertThat(x.get("creator").asText()).as("no seek was made").isNotEqualTo(creator.name());
    }
    assertThat(seek(creator, ",\"ratingMin\":0,\"ratingMax\":4000,\"invite\":null").status()).isEqualTo(201);
  }
}
