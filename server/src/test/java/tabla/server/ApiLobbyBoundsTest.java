package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/** The lobby's lists come in pages; a seek accepted by many at once starts exactly one game. */
class ApiLobbyBoundsTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void manyAcceptingOneSeekAtOnceMakeExactlyOneGame(TestDb db) throws Exception {
    ApiClient host = SERVERS.client(db).registered("host");
    List<ApiClient> takers = new ArrayList<>();
    for (int i = 0; i < 12; i++) takers.add(SERVERS.client(db).registered("taker"));
    long seek = host.seek("{\"matchLength\":1}");
    ExecutorService pool = Executors.newFixedThreadPool(takers.size());
    try {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<Resp>> answers = new ArrayList<>();
      for (ApiClient t : takers) {
        answers.add(pool.submit(() -> {
          go.await();
          return t.post("/api/seeks/" + seek + "/accept", null);
        }));
      }
      go.countDown();
      List<Resp> won = new ArrayList<>();
      for (Future<Resp> f : answers) {
        Resp r = f.get();
        assertThat(r.status()).as("%s", r).isIn(200, 404, 409);
        if (r.status() == 200) won.add(r);
      }
      assertThat(won).hasSize(1);
      JsonNode games = host.get("/api/games").json().get("games");
      assertThat(games).hasSize(1);
      assertThat(games.get(0).get("id").asLong()).isEqualTo(won.get(0).json().get("gameId").asLong());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void myGamesComeInPagesRunningFirst() {
    ApiClient guest = SERVERS.client(TestDb.H2).guest();
    List<Long> made = new ArrayList<>();
    for (int i = 0; i < 25; i++) made.add(guest.computerGame(1, "random"));
    List<Long> seen = new ArrayList<>();
    Integer offset = 0;
    int pages = 0;
    while (offset != null) {
      JsonNode page = guest.get("/api/games?limit=10&offset=" + offset).json();
      assertThat(page.get("games").size()).isLessThanOrEqualTo(10);
      page.get("games").forEach(g -> seen.add(g.get("id").asLong()));
      offset = page.get("next").isNull() ? null : page.get("next").asInt();
      pages++;
    }
    assertThat(pages).isEqualTo(3);
    assertThat(seen).containsExactlyInAnyOrderElementsOf(made);
    JsonNode first = guest.get("/api/games?limit=1").json().get("games").get(0);
    assertThat(first.get("status").asText()).isEqualTo("playing");
    assertThat(first.get("players").get(1 - first.get("you").asInt()).get("name").asText()).isEqualTo("Computer (random)");
    assertThat(first.get("players").get(1 - first.get("you").asInt()).get("bot").asText()).isEqualTo("random");
    assertThat(first.get("matchLength").asInt()).isEqualTo(1);
    assertThat(first.get("variant").asText()).isEqualTo("backgammon");

    for (String bad : List.of("limit=0", "limit=101", "limit=ten", "offset=-1", "offset=100001")) {
      Resp r = guest.get("/api/games?" + bad);
      assertThat(r.status()).as(bad).isEqualTo(400);
      assertThat(r.error()).contains("must be a whole number from");
    }
  }

  @Test
  void seeksComeInPagesMineFirstAndFivePerPlayer() {
    ApiClient viewer = SERVERS.client(TestDb.H2).registered("viewer");
    List<Long> others = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ApiClient c = SERVERS.client(TestDb.H2).registered("seeker");
      for (int j = 0; j < 5; j++) others.add(c.seek("{\"matchLength\":1}"));
      Resp sixth = c.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1}}", true);
      assertThat(sixth.status()).as("%s", sixth).isEqualTo(409);
      assertThat(sixth.error()).contains("cancel one first");
    }
    long mine = viewer.seek("{\"matchLength\":3}");
    JsonNode page = viewer.get("/api/seeks?limit=4").json();
    assertThat(page.get("seeks")).hasSize(4);
    assertThat(page.get("seeks").get(0).get("id").asLong()).as("my own seek first").isEqualTo(mine);
    assertThat(page.get("seeks").get(0).get("expiresAt").asLong()).isGreaterThan(System.currentTimeMillis());
    assertThat(page.get("next").asInt()).isEqualTo(4);
    Resp full = viewer.get("/api/seeks?limit=100");
    JsonNode all = full.json();
    System.out.printf("GET /api/seeks: %d seeks in %d bytes (a full page of 100: about %d kB)%n", all.get("seeks").size(),
        full.body().length(), full.body().length() * 100 / all.get("seeks").size() / 1000);
    assertThat(all.get("next").isNull()).isTrue();
    List<Long> ids = new ArrayList<>();
    all.get("seeks").forEach(s -> ids.add(s.get("id").asLong()));
    assertThat(ids).containsAll(others).contains(mine);
  }

  /** The list's line, read from the games' rows, says what the game's own snapshot says. */
  @Test
  void aListedGameAgreesWithItsSnapshot() throws Exception {
    ApiClient alice = SERVERS.client(TestDb.H2).registered("alice");
    ApiClient bob = SERVERS.client(TestDb.H2).registered("bob");
    long computer = alice.computerGame(3, "random");
    long people = ApiClient.newGame(alice, bob, 3);
    Resp seek = alice.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1},\"mode\":\"live\",\"secondsPerMove\":1}", true);
    long timed = bob.accept(seek.json().get("seek").get("id").asLong());
    ApiWebSocketTest.Socket a = ApiWebSocketTest.Socket.open(alice, timed);
    ApiWebSocketTest.Socket b = ApiWebSocketTest.Socket.open(bob, timed);
    try {
      for (int i = 0; i < 300 && alice.snapshot(timed).get("status").asText().equals("playing"); i++) Thread.sleep(100);
    } finally {
      a.close();
      b.close();
    }
    for (ApiClient c : List.of(alice, bob)) {
      JsonNode list = c.get("/api/games").json().get("games");
      for (JsonNode line : list) {
        JsonNode snap = c.snapshot(line.get("id").asLong());
        String what = "game " + line.get("id") + " for " + c.name();
        for (String field : List.of("players", "you", "status", "score", "mode", "matchWinner", "forfeit")) {
          assertThat(line.get(field)).as(what + ": " + field).isEqualTo(snap.get(field));
        }
        assertThat(line.get("matchLength")).isEqualTo(snap.get("rules").get("matchLength"));
        assertThat(line.get("variant").asText()).isEqualTo(snap.get("rules").get("variant").asText());
        boolean yours = !snap.get("turn").isNull() && snap.get("turn").equals(snap.get("you"));
        assertThat(line.get("yourTurn").asBoolean()).as(what + ": yourTurn").isEqualTo(yours);
      }
      assertThat(ApiClient.ids(list)).contains(timed, people);
    }
    assertThat(ApiClient.ids(alice.get("/api/games").json().get("games"))).contains(computer);
    JsonNode lost = alice.get("/api/games?limit=100").json().get("games");
    assertThat(lost.findValues("forfeit").stream().filter(f -> !f.isNull())).as("the time-out is listed").hasSize(1);
  }
}
