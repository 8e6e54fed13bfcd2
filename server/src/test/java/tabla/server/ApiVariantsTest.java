package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tabla.core.variant.Variants;
import tabla.server.ApiClient.Resp;

/**
 * Every variant over the API: GET /api/variants, a bad variant refused with the reason, and the
 * snapshot fields the board draws beyond the 26-cell sides (geometry, pool, pins, Grasshopper's
 * scores, no dice without dice) through whole games of Race, Plakoto, Fevga, Gul bara and Grasshopper.
 */
class ApiVariantsTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  private static long game(ApiClient a, ApiClient b, String variant) {
    return b.accept(a.seek("{\"matchLength\":1,\"variant\":\"" + variant + "\"}"));
  }

  @Test
  void listsEveryVariantWithItsOptions() {
    ApiClient c = SERVERS.client(TestDb.H2);
    Resp r = c.get("/api/variants");
    assertThat(r.status()).isEqualTo(200);
    Map<String, JsonNode> by = new HashMap<>();
    r.json().get("variants").forEach(v -> by.put(v.get("name").asText(), v));
    assertThat(by).hasSize(Variants.all().size()).containsKeys("backgammon", "race", "plakoto", "fevga", "grasshopper");
    assertThat(by.get("backgammon").get("cube").asBoolean()).isTrue();
    assertThat(by.get("fevga").get("geometry").asText()).isEqualTo("PARALLEL");
    assertThat(by.get("fevga").get("cube").asBoolean()).isFalse();
    assertThat(by.get("grasshopper").get("usesDice").asBoolean()).isFalse();
    assertThat(by.get("grasshopper").get("geometry").asText()).isEqualTo("SAME");
    assertThat(by.get("race").get("pool").asBoolean()).isTrue();
    assertThat(by.get("plakoto").get("pins").asBoolean()).isTrue();
    assertThat(by.get("plakoto").get("aliases").get(0).asText()).isEqualTo("tapa");
    assertThat(by.get("hypergammon").get("options").get("checkers").get(0).isTextual()).isTrue();
    assertThat(by.get("plakoto").get("options").has("mother")).isTrue();
    // hints and the analysis: where networks judge the plays (Long Nardy has its own; Race none)
    assertThat(by.get("backgammon").get("analysis").asBoolean()).isTrue();
    assertThat(by.get("nardy").get("analysis").asBoolean()).isTrue();
    assertThat(by.get("gulbara").get("analysis").asBoolean()).isTrue();
    assertThat(by.get("race").get("analysis").asBoolean()).isFalse();
  }

  /**
   * A hint in a Long Nardy game against the computer comes from its own network: up to five legal plays,
   * best first, the best one accepted as the move; a variant without networks is refused with the reason.
   */
  @Test
  void theComputerHintsInAVariantWithItsOwnNetwork() {
    ApiClient guest = SERVERS.client(TestDb.H2).guest();
    Resp created = guest.postRaw("/api/games/computer", "{\"rules\":{\"matchLength\":1,\"variant\":\"nardy\"},\"level\":\"beginner\"}", true);
    assertThat(created.status()).as("%s", created).isEqualTo(201);
    long id = created.json().get("gameId").asLong();
    int hinted = 0;
    for (int actions = 0; hinted < 3 && actions < 200; actions++) {
      JsonNode s = guest.snapshot(id);
      assertThat(s.get("status").asText()).isEqualTo("playing");
      if (s.get("turn").asInt() != s.get("you").asInt()) {
        ApiClient.awaitChange(guest, id, s.get("version").asInt());
        continue;
      }
      if (!s.get("phase").asText().equals("MOVE")) {
        assertThat(guest.act(id, s.get("version").asInt(), "roll").status()).isEqualTo(200);
        continue;
      }
      Resp h = guest.get("/api/games/" + id + "/hint");
      assertThat(h.status()).as("%s", h).isEqualTo(200);
      JsonNode plays = h.json().get("plays");
      java.util.Set<String> legal = new java.util.HashSet<>();
      s.get("legalPlays").forEach(p -> legal.add(p.get("move").asText()));
      assertThat(plays.size()).isBetween(1, Math.min(5, legal.size()));
      assertThat(plays.get(0).get("loss").asDouble()).isZero();
      for (int i = 0; i < plays.size(); i++) {
        assertThat(legal).contains(plays.get(i).get("move").asText());
        if (i > 0) assertThat(plays.get(i).get("loss").asDouble()).isGreaterThanOrEqualTo(plays.get(i - 1).get("loss").asDouble());
      }
      Resp moved = guest.act(id, s.get("version").asInt(), ApiClient.action("move").put("move", plays.get(0).get("move").asText()));
      assertThat(moved.status()).as("%s", moved).isEqualTo(200);
      hinted++;
    }
    assertThat(hinted).isEqualTo(3);

    ApiClient other = SERVERS.client(TestDb.H2).guest();
    Resp race = other.postRaw("/api/games/computer", "{\"rules\":{\"matchLength\":1,\"variant\":\"race\"},\"level\":\"beginner\"}", true);
    long raceId = race.json().get("gameId").asLong();
    Resp refused = other.get("/api/games/" + raceId + "/hint");
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.error()).contains("no hints here").contains("race").contains("nardy");
  }

  @Test
  void aBadVariantIsRefusedWithTheReason() {
    ApiClient a = SERVERS.client(TestDb.H2).registered("bad");
    Resp r = a.postRaw("/api/seeks", "{\"rules\":{\"variant\":\"chess\"},\"mode\":\"live\"}", true);
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.error()).contains("unknown variant 'chess'").contains("fevga");
    Resp opt = a.postRaw("/api/games/computer", "{\"rules\":{\"variant\":\"race:entry=sideways\"}}", true);
    assertThat(opt.status()).isEqualTo(400);
    assertThat(opt.error()).contains("entry");
    Resp num = a.postRaw("/api/seeks", "{\"rules\":{\"variant\":7},\"mode\":\"live\"}", true);
    assertThat(num.status()).isEqualTo(400);
    // a variant without the cube turns it off; asking for the cube says why not
    Resp cube = a.postRaw("/api/seeks", "{\"rules\":{\"variant\":\"fevga\",\"cube\":true},\"mode\":\"live\"}", true);
    assertThat(cube.status()).isEqualTo(400);
    assertThat(cube.error()).contains("without the cube");
  }

  @Test
  void raceCheckersWaitInThePoolAndEnterFromIt() {
    ApiClient a = SERVERS.client(TestDb.H2).registered("race");
    ApiClient b = SERVERS.client(TestDb.H2).registered("race");
    long id = game(a, b, "race");
    JsonNode s = a.snapshot(id);
    assertThat(s.get("variant").get("name").asText()).isEqualTo("race");
    assertThat(s.get("variant").get("geometry").asText()).isEqualTo("CONTRARY");
    assertThat(s.get("pool").get(0).asInt() + s.get("pool").get(1).asInt()).isLessThanOrEqualTo(30);
    assertThat(s.get("positionId").asText()).startsWith("T");
    AtomicBoolean entered = new AtomicBoolean();
    JsonNode end = ApiClient.playToEnd(id, new ApiClient[] {a, b}, new Random(3), 0, (act, after) -> {
      int on = 0;
      for (int seat = 0; seat < 2; seat++) {
        int board = 0;
        for (JsonNode n : after.get("board").get("p" + seat)) board += n.asInt();
        assertThat(board + after.get("pool").get(seat).asInt()).as("seat %d's checkers", seat).isEqualTo(15);
        on += after.get("pool").get(seat).asInt();
      }
      if (on < 30) entered.set(true);
      for (JsonNode p : after.get("legalPlays")) {
        assertThat(p.get("steps").isArray()).isTrue();
        assertThat(p.get("positionId").asText()).isNotEmpty();
      }
    });
    assertThat(entered).isTrue();
    assertThat(end.get("status").asText()).isEqualTo("finished");
  }

  @Test
  void plakotoPinsAreSentWithTheirOwner() {
    ApiClient a = SERVERS.client(TestDb.H2).registered("pla");
    ApiClient b = SERVERS.client(TestDb.H2).registered("pla");
    long id = game(a, b, "tapa");
    assertThat(a.snapshot(id).get("variant").get("name").asText()).isEqualTo("plakoto");
    AtomicInteger pinsSeen = new AtomicInteger();
    ApiClient.playToEnd(id, new ApiClient[] {a, b}, new Random(5), 0, (act, after) -> {
      assertThat(after.get("rules").get("cube").asBoolean()).isFalse();
      if (after.get("status").asText().equals("playing")) assertThat(after.get("history").get(0).has("board")).isFalse();
      for (JsonNode pin : after.get("pins")) {
        int seat = pin.get("seat").asInt();
        int q = pin.get("point").asInt();
        // the pinned checker stands alone on its point, under the other side's (contrary: my q is his 25 − q)
        assertThat(after.get("board").get("p" + seat).get(q).asInt()).isEqualTo(1);
        assertThat(after.get("board").get("p" + (1 - seat)).get(25 - q).asInt()).isPositive();
        pinsSeen.incrementAndGet();
      }
    });
    assertThat(pinsSeen.get()).isPositive();
    // live snapshots keep the history short: boards only once the match is over
    assertThat(a.snapshot(id).get("history").get(0).has("board")).isTrue();
  }

  @Test
  void fevgaAndGulBaraAreParallelAndNeverShareAPoint() {
    for (String variant : new String[] {"fevga", "gulbara"}) {
      ApiClient a = SERVERS.client(TestDb.H2).registered("par");
      ApiClient b = SERVERS.client(TestDb.H2).registered("par");
      long id = game(a, b, variant);
      JsonNode s = a.snapshot(id);
      assertThat(s.get("variant").get("geometry").asText()).isEqualTo("PARALLEL");
      assertThat(s.get("variant").get("cube").asBoolean()).isFalse();
      assertThat(s.get("board").get("p0").get(24).asInt()).isEqualTo(15);
      assertThat(s.get("board").get("p1").get(24).asInt()).isEqualTo(15);
      assertThat(s.get("pool").get(0).asInt()).isZero();
      ApiClient.playToEnd(id, new ApiClient[] {a, b}, new Random(11), 0, (act, after) -> {
        for (int q = 1; q <= 24; q++) {
          int theirs = after.get("board").get("p1").get((q + 11) % 24 + 1).asInt();
          assertThat(after.get("board").get("p0").get(q).asInt() > 0 && theirs > 0).as("%s point %d shared", variant, q)
              .isFalse();
        }
      });
    }
  }

  @Test
  void grasshopperHasNoDiceAndCountsScores() {
    ApiClient a = SERVERS.client(TestDb.H2).registered("gh");
    ApiClient b = SERVERS.client(TestDb.H2).registered("gh");
    long id = game(a, b, "grasshopper");
    JsonNode s = a.snapshot(id);
    assertThat(s.get("variant").get("usesDice").asBoolean()).isFalse();
    assertThat(s.get("variant").get("geometry").asText()).isEqualTo("SAME");
    assertThat(s.get("phase").asText()).isEqualTo("MOVE");
    assertThat(s.get("dice").isNull()).isTrue();
    assertThat(s.get("pool").get(0).asInt() + s.get("pool").get(1).asInt()).isBetween(27, 28);
    assertThat(s.get("scored").size()).isEqualTo(2);
    AtomicInteger scores = new AtomicInteger();
    JsonNode end = ApiClient.playToEnd(id, new ApiClient[] {a, b}, new Random(2), 0, (act, after) -> {
      assertThat(act.get("type").asText()).isEqualTo("move");
      if (after.get("status").asText().equals("playing")) {
        assertThat(after.get("dice").isNull()).isTrue();
        assertThat(after.get("phase").asText()).isEqualTo("MOVE");
      }
      assertThat(after.get("actions").toString()).doesNotContain("roll");
      scores.set(Math.max(scores.get(), after.get("scored").get(0).asInt() + after.get("scored").get(1).asInt()));
    });
    assertThat(end.get("status").asText()).isEqualTo("finished");
    assertThat(scores.get()).isPositive();
    // once over, the history carries the board after each entry, for the replay page
    JsonNode lastMove = null;
    for (JsonNode h : end.get("history")) {
      if (h.get("type").asText().equals("move")) lastMove = h;
    }
    assertThat(lastMove.get("board").get("p0")).isEqualTo(end.get("board").get("p0"));
    assertThat(lastMove.get("board").get("pool")).isEqualTo(end.get("pool"));
  }
}
