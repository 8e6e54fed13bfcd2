package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.format.Notation;
import tabla.server.ApiClient.Resp;

/**
 * Requests a client should never send: each is refused with a 4xx and a sentence saying why, and
 * the game (version, board, dice, everything in the snapshot from every seat) is as it was.
 */
class ApiHostileInputTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  /** Alice (seat 0) and Bob (seat 1) in a new 1-point match; Carol watches. */
  private record Table(ApiClient alice, ApiClient bob, ApiClient carol, long game) {
    ApiClient seat(int s) {
      return s == 0 ? alice : bob;
    }

    JsonNode snap() {
      return alice.snapshot(game);
    }

    /** The player who must act now, and the one who must not. */
    ApiClient toAct() {
      return seat(snap().get("turn").asInt());
    }

    ApiClient waiting() {
      return seat(1 - snap().get("turn").asInt());
    }

    List<JsonNode> views() {
      return List.of(alice.snapshot(game), bob.snapshot(game), carol.snapshot(game));
    }

    String path() {
      return "/api/games/" + game + "/actions";
    }
  }

  private static Table table(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    ApiClient carol = SERVERS.client(db).registered("carol");
    long game = ApiClient.newGame(alice, bob, 1);
    return new Table(alice, bob, carol, game);
  }

  /** Asserts the refusal, then that every seat's view of the game is exactly as before. */
  private static void assertRefused(Table t, List<JsonNode> before, Resp r, int status, String why) {
    assertThat(r.status()).as("status of %s", r).isEqualTo(status);
    assertThat(r.error()).as("error sentence of %s", r).isNotBlank().contains(why);
    assertThat(t.views()).as("the game after a refused request").isEqualTo(before);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void malformedBodiesAre400(TestDb db) {
    Table t = table(db);
    List<JsonNode> before = t.views();
    int v = before.get(0).get("version").asInt();
    ApiClient p = t.toAct();
    Map<String, String> cases = Map.of(
        "{\"version\":" + v + ",\"type\":\"roll\"", "malformed JSON",
        "[{\"version\":" + v + ",\"type\":\"roll\"}]", "must be a JSON object",
        "\"roll\"", "must be a JSON object",
        "", "'version'",
        "{\"type\":\"roll\"}", "'version'",
        "{\"version\":\"" + v + "\",\"type\":\"roll\"}", "'version'",
        "{\"version\":" + v + "}", "'type'",
        "{\"version\":" + v + ",\"type\":7}", "'type'",
        "{\"version\":" + v + ",\"type\":\"move\",\"move\":[24,18]}", "'move'");
    for (Map.Entry<String, String> c : cases.entrySet()) {
      assertRefused(t, before, p.postRaw(t.path(), c.getKey(), true), 400, c.getValue());
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void wrongGameIdsAre404(TestDb db) {
    Table t = table(db);
    List<JsonNode> before = t.views();
    String body = "{\"version\":" + before.get(0).get("version").asInt() + ",\"type\":\"roll\"}";
    long missing = t.game() + 100_000;
    for (String id : List.of(String.valueOf(missing), "abc", "-1", "1e3", "99999999999999999999")) {
      Resp get = t.alice().get("/api/games/" + id);
      assertThat(get.status()).as("GET game %s: %s", id, get).isEqualTo(404);
      assertThat(get.error()).as("GET game %s: %s", id, get).contains("not found");
      assertRefused(t, before, t.toAct().postRaw("/api/games/" + id + "/actions", body, true), 404, "not found");
      assertThat(t.alice().get("/api/games/" + id + "/dice").status()).isEqualTo(404);
    }
    Resp noSuchApi = t.alice().get("/api/nothing-here");
    assertThat(noSuchApi.status()).isEqualTo(404);
    assertThat(noSuchApi.error()).as("%s", noSuchApi).contains("no such API");
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void actingOutOfTurnIs403(TestDb db) {
    Table t = table(db);
    List<JsonNode> before = t.views();
    int v = before.get(0).get("version").asInt();
    ApiClient waiting = t.waiting();
    JsonNode plays = t.toAct().snapshot(t.game()).get("legalPlays");
    assertThat(plays).isNotEmpty();
    // Even the very play the other side may make is refused when the wrong seat sends it.
    String legal = plays.get(0).get("move").asText();
    assertRefused(t, before, waiting.act(t.game(), v, ApiClient.action("move").put("move", legal)), 403,
        "not your turn");
    for (String type : List.of("roll", "double", "take", "drop", "accept")) {
      assertRefused(t, before, waiting.act(t.game(), v, type), 403, "not your turn");
    }
    assertRefused(t, before, waiting.act(t.game(), v, ApiClient.action("resign").put("level", 1)), 403,
        "not your turn");
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void otherUsersGamesAreRefused(TestDb db) {
    Table t = table(db);
    List<JsonNode> before = t.views();
    int v = before.get(0).get("version").asInt();
    String legal = t.toAct().snapshot(t.game()).get("legalPlays").get(0).get("move").asText();
    assertRefused(t, before, t.carol().act(t.game(), v, ApiClient.action("move").put("move", legal)), 403,
        "not playing");
    assertRefused(t, before, t.carol().act(t.game(), v, ApiClient.action("resign").put("level", 3)), 403,
        "not playing");
    ApiClient guest = SERVERS.client(db).guest();
    assertRefused(t, before, guest.act(t.game(), v, "roll"), 403, "not playing");
    ApiClient anonymous = SERVERS.client(db);
    assertRefused(t, before, anonymous.postRaw(t.path(), "{\"version\":" + v + ",\"type\":\"roll\"}", false), 401,
        "log in");
    // Watching is allowed, but a watcher has no seat and no plays.
    JsonNode watched = t.carol().snapshot(t.game());
    assertThat(watched.get("you").isNull()).isTrue();
    assertThat(watched.get("legalPlays")).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void oversizedBodiesAre413(TestDb db) {
    Table t = table(db);
    List<JsonNode> before = t.views();
    int v = before.get(0).get("version").asInt();
    String legal = t.toAct().snapshot(t.game()).get("legalPlays").get(0).get("move").asText();
    // A legal action, padded past the limit: refused whole.
    String big = "{\"version\":" + v + ",\"type\":\"move\",\"move\":\"" + legal + "\",\"pad\":\""
        + "x".repeat((int) tabla.server.kernel.http.JettyBounds.MAX_BODY_BYTES + 10) + "\"}";
    assertRefused(t, before, answered(() -> t.toAct().postRaw(t.path(), big, true)), 413, "too large");
    // The same without a Content-Length (chunked): still refused.
    byte[] bytes = big.getBytes(StandardCharsets.UTF_8);
    ApiClient p = t.toAct();
    Resp chunked = answered(() -> p.send(p.request(t.path()).header("Content-Type", "application/json")
        .header("X-CSRF-Token", p.csrf)
        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes)))));
    assertRefused(t, before, chunked, 413, "too large");
    Resp bigRegister = answered(() -> SERVERS.client(db).postRaw("/api/register",
        "{\"name\":\"big\",\"password\":\"" + "p".repeat(200_000) + "\"}", false));
    assertThat(bigRegister.status()).isEqualTo(413);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void actionsWithoutTheRightCsrfHeaderAre403(TestDb db) {
    Table t = table(db);
    List<JsonNode> before = t.views();
    int v = before.get(0).get("version").asInt();
    ApiClient p = t.toAct();
    String legal = p.snapshot(t.game()).get("legalPlays").get(0).get("move").asText();
    String body = ApiClient.write(Map.of("version", v, "type", "move", "move", legal));
    assertRefused(t, before, p.postRaw(t.path(), body, false), 403, "X-CSRF-Token");
    for (String token : List.of("", "0".repeat(64), t.waiting().csrf, t.carol().csrf)) {
      Resp r = p.send(p.request(t.path()).header("Content-Type", "application/json").header("X-CSRF-Token", token)
          .POST(HttpRequest.BodyPublishers.ofString(body)));
      assertRefused(t, before, r, 403, "X-CSRF-Token");
    }
    // The same request with the header goes through: the refusals were about the header alone.
    Resp ok = p.postRaw(t.path(), body, true);
    assertThat(ok.status()).as("%s", ok).isEqualTo(200);
    assertThat(ok.json().get("version").asInt()).isEqualTo(v + 1);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void unknownAndIllegalActionsAre400WithTheReason(TestDb db) {
    Table t = table(db);
    List<JsonNode> before = t.views();
    int v = before.get(0).get("version").asInt();
    ApiClient p = t.toAct();
    JsonNode mine = p.snapshot(t.game());
    assertThat(mine.get("phase").asText()).isEqualTo("MOVE"); // the opening roll is played at once

    assertRefused(t, before, p.act(t.game(), v, "fly"), 400, "unknown action 'fly'");
    assertRefused(t, before, p.act(t.game(), v, "roll"), 400, "cannot roll now");
    assertRefused(t, before, p.act(t.game(), v, "take"), 400, "no double to answer");
    assertRefused(t, before, p.act(t.game(), v, "accept"), 400, "no resignation to answer");
    assertRefused(t, before, p.act(t.game(), v, ApiClient.action("resign").put("level", 4)), 400,
        "resign 1 (single), 2 (gammon) or 3 (backgammon)");
    assertRefused(t, before, p.act(t.game(), v, ApiClient.action("resign")), 400, "'level'");

    // Illegal plays: the message carries the engine's own reason for each.
    int seat = mine.get("you").asInt();
    Position pos = Position.of(ints(mine.get("board").get("p" + seat)), ints(mine.get("board").get("p" + (1 - seat))))
        .get();
    Dice dice = new Dice(mine.get("dice").get(0).asInt(), mine.get("dice").get(1).asInt());
    List<String> legal = mine.get("legalPlays").findValuesAsText("move");
    int tried = 0;
    for (String text : List.of("24/23", "6/off", "25/20", "13/7 13/7 13/7 13/7", "8/2 6/1", "1/off", "not a move")) {
      Result<?> engine = Notation.parse(pos, dice, text);
      if (engine.isOk() || legal.contains(text)) continue;
      tried++;
      assertRefused(t, before, p.act(t.game(), v, ApiClient.action("move").put("move", text)), 400, engine.error());
    }
    assertThat(tried).isGreaterThanOrEqualTo(4);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aDoubleThatCannotMatterIsRefusedWithTheReason(TestDb db) {
    Table t = table(db);
    ApiClient p = t.toAct();
    JsonNode s = p.snapshot(t.game());
    Resp moved = p.act(t.game(), s.get("version").asInt(),
        ApiClient.action("move").put("move", s.get("legalPlays").get(0).get("move").asText()));
    assertThat(moved.status()).as("%s", moved).isEqualTo(200);
    ApiClient next = t.toAct();
    JsonNode ns = next.snapshot(t.game());
    assertThat(ns.get("phase").asText()).isEqualTo("ROLL");
    assertThat(ns.get("canDouble").asBoolean()).isFalse();
    List<JsonNode> before = t.views();
    assertRefused(t, before, next.act(t.game(), ns.get("version").asInt(), "double"), 400,
        "a win already gives you the match");
    assertRefused(t, before, next.act(t.game(), ns.get("version").asInt(), ApiClient.action("move").put("move",
        "24/18")), 400, "roll first");
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aStaleVersionIs409WithTheCurrentSnapshot(TestDb db) {
    Table t = table(db);
    ApiClient p = t.toAct();
    JsonNode s = p.snapshot(t.game());
    int v = s.get("version").asInt();
    String play = s.get("legalPlays").get(0).get("move").asText();
    assertThat(p.act(t.game(), v, ApiClient.action("move").put("move", play)).status()).isEqualTo(200);

    // The other side acts on what it saw before that move, then on a version from the future.
    ApiClient other = t.toAct();
    List<JsonNode> before = t.views();
    JsonNode current = other.snapshot(t.game());
    assertThat(current.get("version").asInt()).isEqualTo(v + 1);
    for (int stale : List.of(v, v + 2, 0, -5)) {
      Resp r = other.act(t.game(), stale, "roll");
      assertRefused(t, before, r, 409, "version " + (v + 1));
      assertThat(r.json().get("snapshot")).as("the fresh snapshot in the 409").isEqualTo(current);
    }
    // And the same play replayed by its author (a double click) is refused too.
    Resp again = p.act(t.game(), v, ApiClient.action("move").put("move", play));
    assertRefused(t, before, again, 409, "moved on");
    assertThat(again.json().get("snapshot").get("version").asInt()).isEqualTo(v + 1);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void hostileLobbyRequestsAreRefusedAndChangeNothing(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("lobbyA");
    ApiClient bob = SERVERS.client(db).registered("lobbyB");
    ApiClient carol = SERVERS.client(db).registered("lobbyC");
    long open = alice.seek("{\"matchLength\":3}");
    Resp invite = alice.post("/api/seeks", Map.of("rules", Map.of("matchLength", 5), "invite", bob.name()));
    assertThat(invite.status()).isEqualTo(201);
    long invitation = invite.json().get("seek").get("id").asLong();
    List<Long> seeksBefore = ApiClient.ids(alice.get("/api/seeks").json().get("seeks"));
    assertThat(seeksBefore).contains(open, invitation);
    assertThat(ApiClient.ids(carol.get("/api/seeks").json().get("seeks"))).contains(open).doesNotContain(invitation);

    record Case(Resp r, int status, String why) {}
    List<Case> cases = List.of(
        new Case(alice.post("/api/seeks/" + open + "/accept", null), 400, "your own seek"),
        new Case(carol.post("/api/seeks/" + invitation + "/accept", null), 403, "someone else"),
        new Case(carol.post("/api/seeks/" + (open + 100_000) + "/accept", null), 404, "not found"),
        new Case(carol.post("/api/seeks/xyz/accept", null), 404, "not found"),
        new Case(carol.delete("/api/seeks/" + open), 404, "not found"),
        new Case(carol.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":99}}", true), 400, "match"),
        new Case(carol.postRaw("/api/seeks", "{\"rules\":{\"dice\":\"loaded\"}}", true), 400, "unknown rule option"),
        new Case(carol.postRaw("/api/seeks", "{\"rules\":[1]}", true), 400, "'rules' must be an object"),
        new Case(carol.postRaw("/api/seeks", "{\"mode\":\"blitz\"}", true), 400, "mode"),
        new Case(carol.postRaw("/api/seeks", "{\"secondsPerMove\":-3}", true), 400, "secondsPerMove"),
        new Case(carol.postRaw("/api/seeks", "{\"invite\":\"nobody-by-this-name\"}", true), 404, "not found"),
        new Case(carol.postRaw("/api/seeks", "{\"invite\":\"" + carol.name() + "\"}", true), 400, "yourself"),
        new Case(carol.postRaw("/api/seeks", "{oops", true), 400, "malformed JSON"),
        new Case(carol.postRaw("/api/games/computer", "{\"level\":\"grandmaster\"}", true), 400, "level"));
    for (Case c : cases) {
      assertThat(c.r().status()).as("%s", c.r()).isEqualTo(c.status());
      assertThat(c.r().error()).as("%s", c.r()).contains(c.why());
    }
    assertThat(ApiClient.ids(alice.get("/api/seeks").json().get("seeks"))).isEqualTo(seeksBefore);
    assertThat(carol.get("/api/games").json().get("games")).isEmpty();

    // A seek is taken once: the second acceptor gets a 4xx, and only one game exists.
    long game = carol.accept(open);
    Resp late = bob.post("/api/seeks/" + open + "/accept", null);
    assertThat(late.status()).isBetween(400, 499);
    assertThat(ApiClient.ids(bob.get("/api/games").json().get("games"))).doesNotContain(game);
    assertThat(ApiClient.ids(alice.get("/api/games").json().get("games"))).containsExactly(game);
  }

  private static int[] ints(JsonNode array) {
    int[] out = new int[array.size()];
    for (int i = 0; i < out.length; i++) out[i] = array.get(i).asInt();
    return out;
  }

  /**
   * The server answers 413 from the Content-Length and closes the connection: a client still writing the body can
   * see the connection end before it reads the answer (no bytes). That changed nothing; send again, three times at most.
   */
  private static Resp answered(java.util.function.Supplier<Resp> request) {
    for (int tries = 1; ; tries++) {
      try {
        return request.get();
      } catch (java.io.UncheckedIOException e) {
        if (tries == 3) throw e;
      }
    }
  }
}
