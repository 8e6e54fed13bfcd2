package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient.Resp;
import tabla.server.chat.ChatText;

/**
 * Refusals over the HTTP API carry their machine-readable code and values beside the English sentence (docs/api.md,
 * "Refusal codes"): a few representative routes of each area the web client localizes — a game's actions, chat, the
 * lobby, rematches, rollouts, the account pages and their API tokens, the rules engine's own refusals and the site's own
 * answers (a missing game, a session or CSRF token missing, a rate limit, control characters, a body too large),
 * tournaments, records and the staff pages — and a refusal that is English by design (API-only) sends no code.
 */
class RefusalCodesApiTest {
  private static TablaServer server;

  @BeforeAll
  static void start() {
    server = TestServers.start(TestDb.H2);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static ApiClient member(String prefix) {
    return new ApiClient(server.port()).registered(prefix);
  }

  /** Asserts the status, the code and the args, and that the English sentence is still there. */
  private static void assertCode(Resp r, int status, String code, Map<String, Object> args) {
    assertThat(r.status()).as("status of %s", r).isEqualTo(status);
    assertThat(r.error()).as("the English sentence of %s", r).isNotBlank();
    assertThat(r.json().path("code").asText(null)).as("code of %s", r).isEqualTo(code);
    JsonNode sent = r.json().path("args");
    if (args.isEmpty()) {
      assertThat(sent.isMissingNode()).as("no args in %s", r).isTrue();
      return;
    }
    assertThat(ApiClient.JSON.convertValue(sent, Map.class)).as("args of %s", r).isEqualTo(args);
  }

  @Test
  void aGamesRefusalsOfAnActionNameTheirCode() {
    ApiClient alice = member("alice");
    ApiClient bob = member("bob");
    ApiClient carol = member("carol");
    long game = ApiClient.newGame(alice, bob, 1);
    JsonNode snap = alice.snapshot(game);
    int v = snap.get("version").asInt();
    ApiClient toAct = snap.get("turn").asInt() == 0 ? alice : bob;
    ApiClient waiting = toAct == alice ? bob : alice;

    assertCode(waiting.act(game, v, "roll"), 403, "game.not_your_turn", Map.of());
    assertCode(carol.act(game, v, "roll"), 403, "game.not_seated", Map.of());
    Resp stale = toAct.act(game, v - 1, "roll");
    assertCode(stale, 409, "game.stale", Map.of("version", v));
    assertThat(stale.json().has("snapshot")).as("a stale version still brings the game as it is").isTrue();
    // the opening roll is played: the player on turn moves, and may not roll
    assertCode(toAct.act(game, v, "roll"), 400, "game.cannot_roll_now", Map.of());
    // a typed play gnubg's parser explains: the engine's code, with the pips it moves and the dice's
    Resp typed = toAct.act(game, v, ApiClient.action("move").put("move", "24/1"));
    assertThat(typed.status()).isEqualTo(400);
    assertThat(typed.error()).contains("the roll");
    assertThat(typed.json().path("code").asText()).as("%s", typed).isEqualTo("game.too_many_pips");
    assertThat(typed.json().path("args").path("pips").asInt()).as("%s", typed).isEqualTo(23);
    assertThat(typed.json().path("args").path("dice").asText()).as("%s", typed).matches("[1-6]-[1-6]");
    // a rule of the cube: the player on turn has rolled, so doubling waits for the next turn
    assertCode(toAct.act(game, v, "double"), 400, "game.play_the_dice", Map.of());
    assertCode(toAct.act(game, v, "take"), 400, "game.no_double_to_answer", Map.of());
    // a rematch before the match is over
    assertCode(alice.post("/api/games/" + game + "/rematch", Map.of()), 409, "rematch.not_over", Map.of());
    assertCode(carol.post("/api/games/" + game + "/rematch", Map.of()), 403, "rematch.not_player", Map.of());
    // chat: the players' chat is theirs; a line too long says both lengths
    assertCode(carol.post("/api/games/" + game + "/chat/players", Map.of("text", "hi")), 403, "chat.players_write", Map.of());
    int chars = ChatText.MAX_CHARS + 1;
    assertCode(alice.post("/api/games/" + game + "/chat/players", Map.of("text", "x".repeat(chars))), 400, "chat.too_long",
        Map.of("max", ChatText.MAX_CHARS, "chars", chars));
  }

  @Test
  void aPlayNoneOfTheLegalOnesNamesItsCodeAndTheText() {
    ApiClient ann = member("fevga");
    ApiClient bob = member("fevgb");
    long game = bob.accept(ann.seek("{\"variant\":\"fevga\",\"matchLength\":1}"));
    JsonNode snap = ann.snapshot(game);
    ApiClient toAct = snap.get("turn").asInt() == 0 ? ann : bob;
    if (snap.path("legalPlays").isEmpty()) { // the player on turn rolls first
      assertThat(toAct.act(game, snap.get("version").asInt(), "roll").status()).isEqualTo(200);
      snap = ann.snapshot(game);
    }
    assertThat(toAct.snapshot(game).path("legalPlays")).as("plays to choose from").isNotEmpty();
    int v = snap.get("version").asInt();
    assertCode(toAct.act(game, v, ApiClient.action("move").put("move", "not a play")), 400,
        "game.illegal_play", Map.of("play", "not a play"));
    // the text comes back bounded, cut at whole characters (a die is two UTF-16 units)
    String longText = "🎲".repeat(70);
    assertCode(toAct.act(game, v, ApiClient.action("move").put("move", longText)), 400,
        "game.illegal_play", Map.of("play", "🎲".repeat(60) + "…"));
  }

  @Test
  void chatTheLobbyAndMutesNameTheirCode() {
    ApiClient ann = member("ann");
    assertCode(ann.post("/api/chat/lobby", Map.of("text", "   ")), 400, "chat.empty", Map.of());
    assertCode(new ApiClient(server.port()).guest().post("/api/chat/lobby", Map.of("text", "hello")), 403, "chat.guest",
        Map.of());
    assertCode(ann.post("/api/me/mutes", Map.of("name", ann.name())), 400, "chat.mute_self", Map.of());
    assertCode(ann.post("/api/me/mutes", Map.of("name", "nobody-" + ann.name())), 404, "account.no_player",
        Map.of("name", "nobody-" + ann.name()));

    long seek = ann.seek("{\"matchLength\":1}");
    assertCode(ann.post("/api/seeks/" + seek + "/accept", Map.of()), 400, "seek.own", Map.of());
    assertCode(ann.post("/api/seeks", Map.of("rules", Map.of("matchLength", 1), "invite", ann.name())), 400,
        "seek.invite_self", Map.of());
    assertCode(ann.post("/api/seeks", Map.of("rules", Map.of("matchLength", 1), "ratingMin", 1800, "ratingMax", 1700)), 400,
        "seek.rating_order", Map.of("min", 1800, "max", 1700));
    assertCode(new ApiClient(server.port()).guest().post("/api/seeks/" + seek + "/accept", Map.of()), 403, "seek.guest",
        Map.of());
    ApiClient bea = member("bea");
    bea.accept(seek);
    assertCode(member("cid").post("/api/seeks/" + seek + "/accept", Map.of()), 404, "seek.gone", Map.of());
  }

  @Test
  void rolloutsAndTheAccountPagesNameTheirCode() {
    ApiClient dan = member("dan");
    assertCode(new ApiClient(server.port()).guest().post("/api/rollouts", Map.of("position", "4HPwATDgc/ABMA:cAkAAAAAAAAA")),
        403, "rollout.guest", Map.of());
    assertCode(dan.get("/api/rollouts/987654321"), 404, "rollout.not_found", Map.of("id", 987654321));
    assertCode(dan.post("/api/me/password", Map.of("old", "not " + ApiClient.PASSWORD, "new", "a new password")), 403,
        "account.wrong_password", Map.of());
    assertCode(dan.post("/api/me/password", Map.of("old", ApiClient.PASSWORD, "new", "short")), 400,
        "account.password_short", Map.of("min", 8));
    assertCode(dan.post("/api/me/email", Map.of("password", ApiClient.PASSWORD, "email", "not an address")), 400,
        "account.email_invalid", Map.of());
    assertCode(dan.post("/api/me/lang", Map.of("lang", "xx")), 400, "account.language", Map.of());
    // a position typed into the rollout form; a token made on the account page without a name
    assertCode(dan.post("/api/rollouts", Map.of("position", "not a position")), 400, "rollout.position", Map.of());
    assertCode(dan.post("/api/tokens", Map.of("name", " ", "scopes", java.util.List.of("read"))), 400, "token.name_length",
        Map.of("max", 40));
    assertCode(new ApiClient(server.port()).login(dan.name(), "not " + ApiClient.PASSWORD), 401, "account.login_failed", Map.of());
    assertCode(dan.get("/api/players/nobody-" + dan.name()), 404, "account.no_player", Map.of("name", "nobody-" + dan.name()));
    // a tab pasted into a one-line field
    assertCode(dan.post("/api/chat/lobby", Map.of("text", "a\tb")), 400, "site.control_characters", Map.of());
  }

  @Test
  void theSitesOwnAnswersNameTheirCode() {
    ApiClient fay = member("fay");
    assertCode(fay.get("/api/games/987654321"), 404, "game.not_found", Map.of("id", 987654321));
    ApiClient nobody = new ApiClient(server.port());
    assertCode(nobody.post("/api/me/mutes", Map.of("name", fay.name())), 401, "site.log_in_first", Map.of());
    assertCode(fay.postRaw("/api/me/mutes", ApiClient.write(Map.of("name", "x")), false), 403, "site.csrf", Map.of());
    Resp form = nobody.send(nobody.request("/api/login").header("Content-Type", "text/plain")
        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("name=a")));
    assertCode(form, 415, "site.json_only", Map.of());
    // failed logins: the per-account limit, then a 429 that says how long to wait
    Resp last = null;
    for (int i = 0; i < 10 && (last == null || last.status() != 429); i++) last = nobody.login(fay.name(), "not the password");
    assertThat(last.status()).as("%s", last).isEqualTo(429);
    assertThat(last.json().path("code").asText()).isEqualTo("site.too_many");
    assertThat(last.json().path("args").path("seconds").asLong()).as("%s", last).isPositive();
    assertThat(last.headers().firstValue("Retry-After")).isPresent();
  }

  @Test
  void tournamentsNameTheirCode() {
    ApiClient gil = member("gil");
    assertCode(gil.post("/api/tournaments/987654321/join", Map.of()), 404, "tournament.not_found", Map.of("id", 987654321));
    assertCode(new ApiClient(server.port()).guest().post("/api/tournaments/987654321/join", Map.of()), 403,
        "tournament.guest", Map.of());
    assertCode(gil.post("/api/tournaments", Map.of("name", "Cup", "colour", "red")), 400, "tournament.field",
        Map.of("field", "colour"));
    assertCode(gil.post("/api/tournaments", Map.of("name", "Cup", "rated", "yes")), 400, "tournament.boolean",
        Map.of("field", "rated"));
    // a direction override in the name (the text rule), past the other settings' checks that come after it
    assertCode(gil.post("/api/tournaments", Map.of("name", "Cup \u202e", "format", "knockout")), 400, "tournament.name_text", Map.of());
  }

  @Test
  void recordsNameTheirCode() {
    assertCode(new ApiClient(server.port()).guest().postRaw("/api/records", "; a record", true), 403, "record.guest", Map.of());
    ApiClient ida = member("ida");
    assertCode(ida.postRaw("/api/records", "   ", true), 400, "record.empty", Map.of());
    assertCode(ida.postRaw("/api/records?format=xyz", "; a record", true), 400, "record.format", Map.of());
    // the parser's sentence names the line: it goes along as a value
    assertCode(ida.postRaw("/api/records?format=tabla", "not a record", true), 400, "record.unreadable_line",
        Map.of("format", "tabla", "line", 1));
    assertCode(ida.postRaw("/api/records?format=mat", "; a record", true), 400, "record.unreadable", Map.of("format", "mat"));
    assertCode(ida.get("/api/records/987654321"), 404, "record.not_found", Map.of("id", 987654321));
  }

  @Test
  void theStaffPagesNameTheirCode() {
    assertCode(member("hal").get("/api/admin/me"), 403, "admin.needs_role", Map.of("role", "moderator"));
  }

  @Test
  void aRefusalWithoutACodeSendsOnlyItsSentence() {
    ApiClient eve = member("eve");
    Resp r = eve.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1},\"mode\":\"live\",\"clock\":7}", true);
    assertThat(r.status()).as("%s", r).isEqualTo(400);
    assertThat(r.error()).isNotBlank();
    assertThat(r.json().has("code")).as("no code in %s", r).isFalse();
    assertThat(r.json().has("args")).as("no args in %s", r).isFalse();
  }
}
