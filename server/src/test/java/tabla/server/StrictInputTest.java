package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/**
 * Strict input, on H2 and PostgreSQL: control characters (NUL included), wrong JSON types, numbers that are not
 * integers, trailing garbage and duplicate keys are 400 and change nothing; variants are stored by their one name.
 */
class StrictInputTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void badBodiesAre400AndChangeNothing(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    long game = ApiClient.newGame(alice, bob, 1);
    JsonNode before = alice.snapshot(game);
    int v = before.get("version").asInt();
    ApiClient toAct = before.get("turn").asInt() == 0 ? alice : bob;
    String path = "/api/games/" + game + "/actions";
    String[] bodies = {
        "{\"version\":" + v + ",\"type\":\"roll\"} trailing",
        "{\"version\":" + v + ",\"type\":\"roll\"}{}",
        "{\"version\":" + v + ",\"type\":\"roll\",\"type\":\"double\"}",
        "{\"version\":" + v + ".5,\"type\":\"roll\"}",
        "{\"version\":" + v + ",\"type\":\"ro\\u0000ll\"}",
        "{\"version\":" + v + ",\"type\":\"resign\",\"level\":1.5}",
    };
    for (String body : bodies) {
      Resp r = toAct.postRaw(path, body, true);
      assertThat(r.status()).as("%s -> %s", body, r).isEqualTo(400);
    }
    assertThat(alice.snapshot(game)).isEqualTo(before);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void seeksRefuseControlCharactersFractionsAndWrongTypes(TestDb db) {
    ApiClient carol = SERVERS.client(db).registered("carol");
    String[] bodies = {
        "{\"rules\":{\"variant\":\"backgammon\\u0000\"},\"mode\":\"live\"}",
        "{\"rules\":{\"matchLength\":3.5},\"mode\":\"live\"}",
        "{\"rules\":{\"matchLength\":\"3\"},\"mode\":\"live\"}",
        "{\"rules\":{\"matchLength\":3},\"mode\":\"live\",\"secondsPerMove\":30.5}",
        "{\"rules\":{\"matchLength\":3},\"mode\":\"live\",\"invite\":{\"name\":\"bob\"}}",
        "{\"rules\":{\"matchLength\":3},\"mode\":\"live\\u0007\"}",
    };
    int seeksBefore = carol.get("/api/seeks").json().get("seeks").size();
    for (String body : bodies) {
      Resp r = carol.postRaw("/api/seeks", body, true);
      assertThat(r.status()).as("%s -> %s", body, r).isEqualTo(400);
    }
    assertThat(carol.get("/api/seeks").json().get("seeks").size()).isEqualTo(seeksBefore);
    Resp nul = SERVERS.client(db).register("dave\u0000x", ApiClient.PASSWORD);
    assertThat(nul.status()).as("a NUL in a name: %s", nul).isEqualTo(400);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aVariantIsStoredByItsOneName(TestDb db) {
    ApiClient erin = SERVERS.client(db).registered("erin");
    Resp r = erin.postRaw("/api/seeks", "{\"rules\":{\"variant\":\"Backgammon\",\"matchLength\":3},\"mode\":\"live\"}", true);
    assertThat(r.status()).as("%s", r).isEqualTo(201);
    assertThat(r.json().get("seek").get("rules").get("variant").asText()).isEqualTo("backgammon");
  }
}
