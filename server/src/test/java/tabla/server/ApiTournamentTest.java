package tabla.server;

import tabla.server.cluster.ClusterSettings;
import tabla.server.kernel.ServerConfig;
import tabla.server.tournaments.TournamentScheduler;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/**
 * Tournaments through the API with scripted players: people and computer players in a knock-out played to the end
 * (byes, a match between two computers played off the board, each round pairing when the last one's results are in),
 * registration's rules, and a restart in the middle of a round.
 */
class ApiTournamentTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  static Map<String, Object> knockout(String name, int max) {
    Map<String, Object> body = new HashMap<>();
    body.put("name", name);
    body.put("format", "knockout");
    body.put("rules", Map.of("matchLength", 1));
    body.put("clock", Map.of("preset", "standard"));
    body.put("minPlayers", 2);
    body.put("maxPlayers", max);
    return body;
  }

  static long create(ApiClient creator, Map<String, Object> body) {
    Resp r = creator.post("/api/tournaments", body);
    assertThat(r.status()).as("create: %s", r).isEqualTo(201);
    assertThat(r.json().get("status").asText()).isEqualTo("registering");
    return r.json().get("id").asLong();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void threePeopleAndThreeComputersPlayAKnockOutToTheEnd(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("alice");
    ApiClient bob = SERVERS.client(db).registered("bob");
    ApiClient carol = SERVERS.client(db).registered("carol");
    long id = create(alice, knockout("Friday cup", 6));
    for (ApiClient c : List.of(alice, bob, carol)) assertThat(c.post("/api/tournaments/" + id + "/join", null).status()).isEqualTo(200);
    assertThat(bob.post("/api/tournaments/" + id + "/join", null).status()).as("twice").isEqualTo(409);
    assertThat(bob.post("/api/tournaments/" + id + "/computer", Map.of("level", "random")).status())
        .as("only the creator enters the computer").isEqualTo(403);
    assertThat(bob.delete("/api/tournaments/" + id).status()).as("only the creator cancels").isEqualTo(403);
    for (int i = 0; i < 2; i++) assertThat(alice.post("/api/tournaments/" + id + "/computer", Map.of("level", "random")).status()).isEqualTo(200);
    Resp last = alice.post("/api/tournaments/" + id + "/computer", Map.of("level", "random"));
    assertThat(last.status()).isEqualTo(200);
    // the sixth entrant filled it: it started, seeded (all at 1500: by registration), the two top seeds with byes
    JsonNode t = last.json();
    assertThat(t.get("status").asText()).isEqualTo("playing");
    assertThat(t.get("entrants")).extracting(e -> e.get("name").asText())
        .containsExactly(alice.name(), bob.name(), carol.name(), "Computer (random)", "Computer (random)", "Computer (random)");
    JsonNode first = t.get("rounds").get(0);
    assertThat(first).hasSize(4);
    assertThat(first.get(0).get("first").asInt()).isEqualTo(0);
    assertThat(first.get(0).get("second").isNull()).isTrue();
    assertThat(first.get(0).get("winner").asInt()).isEqualTo(0);
    // the bracket's order: 0-bye, 3-4, 1-bye, 2-5
    assertThat(first.get(1).get("first").asInt()).isEqualTo(3); // two computers, off the board
    assertThat(first.get(1).get("second").asInt()).isEqualTo(4);
    assertThat(first.get(1).get("gameId").isNull()).isTrue();
    assertThat(first.get(2).get("first").asInt()).isEqualTo(1);
    assertThat(first.get(2).get("second").isNull()).isTrue();
    assertThat(first.get(3).get("first").asInt()).isEqualTo(2); // carol against a computer, on a board
    assertThat(first.get(3).get("second").asInt()).isEqualTo(5);
    assertThat(first.get(3).get("gameId").isNull()).isFalse();
    assertThat(carol.post("/api/tournaments/" + id + "/join", null).status()).as("closed").isEqualTo(409);
    assertThat(carol.delete("/api/tournaments/" + id + "/join").status()).as("too late to withdraw").isEqualTo(409);
    // carol's match against the computer: "my tournaments" gives its level, which the pages name it by
    JsonNode carols = carol.get("/api/tournaments/mine").json().get("tournaments").get(0);
    assertThat(carols.get("gameId").asLong()).isEqualTo(first.get(3).get("gameId").asLong());
    assertThat(carols.get("opponentLevel").asText()).isEqualTo("random");

    JsonNode end = TournamentDriver.playOut(alice, id, List.of(alice, bob, carol), new Random(5));
    assertThat(end.get("status").asText()).isEqualTo("finished");
    JsonNode rounds = end.get("rounds");
    assertThat(rounds).hasSize(3);
    assertThat(rounds.get(1)).hasSize(2);
    assertThat(rounds.get(2)).hasSize(1);
    for (JsonNode round : rounds) for (JsonNode m : round) assertThat(m.get("winner").isNull()).as("decided: %s", m).isFalse();
    // round two pairs the bye-takers with the winners of their half; the final the winners of round two
    assertThat(List.of(rounds.get(1).get(0).get("first").asInt(), rounds.get(1).get(0).get("second").asInt()))
        .containsExactlyInAnyOrder(0, rounds.get(0).get(1).get("winner").asInt());
    assertThat(List.of(rounds.get(2).get(0).get("first").asInt(), rounds.get(2).get(0).get("second").asInt()))
        .containsExactlyInAnyOrder(rounds.get(1).get(0).get("winner").asInt(), rounds.get(1).get(1).get("winner").asInt());
    int winner = end.get("winner").asInt();
    assertThat(winner).isEqualTo(rounds.get(2).get(0).get("winner").asInt());
    assertThat(end.get("standings").get(0).get("seed").asInt()).isEqualTo(winner);
    assertThat(end.get("standings").get(0).get("wins").asInt()).isEqualTo(3);
    // each board's players are the pairing's entrants, in its seats, and it ended as recorded
    for (JsonNode round : rounds) {
      for (JsonNode m : round) {
        if (m.get("gameId").isNull()) continue;
        JsonNode g = alice.snapshot(m.get("gameId").asLong());
        assertThat(g.get("players").get(0).get("name").asText()).isEqualTo(end.get("entrants").get(m.get("first").asInt()).get("name").asText());
        assertThat(g.get("players").get(1).get("name").asText()).isEqualTo(end.get("entrants").get(m.get("second").asInt()).get("name").asText());
        int seatWon = g.get("matchWinner").asInt();
        assertThat(m.get("winner").asInt()).isEqualTo(seatWon == 0 ? m.get("first").asInt() : m.get("second").asInt());
      }
    }
    assertThat(alice.get("/api/tournaments").json().get("tournaments")).anySatisfy(s -> assertThat(s.get("id").asLong()).isEqualTo(id));
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void registrationRefusesBadInputAndChangesNothing(TestDb db) {
    ApiClient dan = SERVERS.client(db).registered("dan");
    Map<String, Object> bad = knockout("x", 8);
    bad.put("format", "ladder");
    assertThat(dan.post("/api/tournaments", bad).status()).isEqualTo(400);
    Map<String, Object> big = knockout("big", 65);
    assertThat(dan.post("/api/tournaments", big).error()).contains("at most 64");
    Map<String, Object> swiss = knockout("swiss", 10);
    swiss.put("format", "swiss");
    swiss.put("minPlayers", 10);
    swiss.put("rounds", 6);
    assertThat(dan.post("/api/tournaments", swiss).error()).contains("1 to 5 rounds");
    // issue 30: a name refuses what chat refuses (one rule: kernel.TextRule)
    assertThat(dan.post("/api/tournaments", knockout("\u202Eevil", 8)).error()).contains("direction overrides");
    String lone = ApiClient.write(knockout("x", 8)).replace("\"name\":\"x\"", "\"name\":\"a\\ud800b\"");
    ApiClient.Resp surrogate = dan.postRaw("/api/tournaments", lone, true);
    assertThat(surrogate.error()).as("%s", surrogate).isEqualTo("the text is not valid Unicode");
    Map<String, Object> money = knockout("money", 8);
    money.put("rules", Map.of("matchLength", 0));
    assertThat(dan.post("/api/tournaments", money).status()).isEqualTo(400);
    Map<String, Object> past = knockout("past", 8);
    past.put("startsAt", System.currentTimeMillis() - 60_000);
    assertThat(dan.post("/api/tournaments", past).status()).isEqualTo(400);
    Map<String, Object> untimed = knockout("untimed", 8);
    untimed.remove("clock");
    assertThat(dan.post("/api/tournaments", untimed).error()).contains("needs a time control");
    Map<String, Object> extra = knockout("extra", 8);
    extra.put("prize", "a car");
    assertThat(dan.post("/api/tournaments", extra).error()).contains("unknown field 'prize'");
    ApiClient guest = SERVERS.client(db).guest();
    assertThat(guest.post("/api/tournaments", knockout("guest", 4)).status()).isEqualTo(403);

    for (int i = 0; i < 3; i++) create(dan, knockout("cup " + i, 8));
    assertThat(dan.post("/api/tournaments", knockout("one too many", 8)).status()).isEqualTo(409);
    long id = create(SERVERS.client(db).registered("erin"), knockout("withdrawals", 8));
    assertThat(dan.post("/api/tournaments/" + id + "/join", null).status()).isEqualTo(200);
    assertThat(dan.delete("/api/tournaments/" + id + "/join").json().get("entrants")).isEmpty();
    assertThat(dan.post("/api/tournaments/" + id + "/start", null).status()).as("not his").isEqualTo(403);
    assertThat(guest.post("/api/tournaments/" + id + "/join", null).status()).isEqualTo(403);

    // a tournament with a start time does not start when full; a place beyond the maximum is refused
    ApiClient fay = SERVERS.client(db).registered("fay");
    Map<String, Object> later = knockout("later", 2);
    later.put("startsAt", System.currentTimeMillis() + 3_600_000);
    long full = create(fay, later);
    for (int i = 0; i < 2; i++) assertThat(fay.post("/api/tournaments/" + full + "/computer", Map.of("level", "random")).status()).isEqualTo(200);
    Resp third = dan.post("/api/tournaments/" + full + "/join", null);
    assertThat(third.status()).isEqualTo(409);
    assertThat(third.error()).contains("full");
    JsonNode waiting = dan.get("/api/tournaments/" + full).json();
    assertThat(waiting.get("status").asText()).isEqualTo("registering");
    assertThat(waiting.get("entrants")).hasSize(2);
    assertThat(fay.delete("/api/tournaments/" + full).json().get("status").asText()).isEqualTo("cancelled");
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aCrashInTheMiddleOfARoundLosesNothingAndTheTournamentGoesOn(TestDb db) {
    ServerConfig config = db.freshConfig(TestServers.DICE_SEED);
    TablaServer server = TablaServer.start(config);
    List<ApiClient> people = new ArrayList<>();
    long id;
    JsonNode before;
    try {
      for (String n : List.of("fay", "gus", "hal", "ivy")) people.add(new ApiClient(server.port()).registered(n));
      id = create(people.get(0), knockout("restart cup", 4));
      for (ApiClient c : people) c.post("/api/tournaments/" + id + "/join", null);
      before = people.get(0).get("/api/tournaments/" + id).json();
      assertThat(before.get("status").asText()).isEqualTo("playing");
      JsonNode m = before.get("rounds").get(0).get(0);
      ApiClient.playToEnd(m.get("gameId").asLong(), new ApiClient[] {people.get(m.get("first").asInt()),
          people.get(m.get("second").asInt())}, new Random(2), 0, (a, after) -> {});
    } finally {
      server.close();
    }
    // The state a crash between the game's last action and the tournament's hook leaves: the game stored as finished,
    // its result not yet in the tournament.
    assertThat(sql(config, "UPDATE tournament_matches SET winner_seed = NULL WHERE tournament_id = ? AND round = 0 AND slot = 0", id))
        .isEqualTo(1);
    TablaServer again = TablaServer.start(config);
    try {
      List<ApiClient> back = new ArrayList<>();
      for (ApiClient p : people) {
        ApiClient c = new ApiClient(again.port());
        assertThat(c.login(p.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
        back.add(c);
      }
      JsonNode after = back.get(0).get("/api/tournaments/" + id).json();
      // the same entrants in the same seeds; their ratings are today's, so the first match's result has moved two
      assertThat(withoutRatings(after.get("entrants"))).isEqualTo(withoutRatings(before.get("entrants")));
      assertThat(after.get("rounds").get(0).get(0).get("winner").isNull()).as("the result the crash cut off is recorded").isFalse();
      assertThat(after.get("rounds").get(0).get(1)).isEqualTo(before.get("rounds").get(0).get(1));
      JsonNode end = TournamentDriver.playOut(back.get(0), id, back, new Random(3));
      assertThat(end.get("status").asText()).isEqualTo("finished");
      assertThat(end.get("rounds")).hasSize(2);
    } finally {
      again.close();
    }
  }

  /**
   * A player who never shows loses on time (the tournament's clock starts 20 s after the room opens at the latest), and
   * the one who came goes through: the tournament ends with her the winner. The server's clock is moved over the grace
   * and the absent player's time once it is his turn, instead of waiting them out (25 s a database).
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aPlayerWhoDoesNotShowLosesOnTimeAndTheOtherGoesThrough(TestDb db) throws InterruptedException {
    MovableClock clock = new MovableClock();
    try (TablaServer server = TablaServer.start(db.freshConfig(TestServers.DICE_SEED), ClusterSettings.NONE, clock)) {
      ApiClient present = new ApiClient(server.port()).registered("present");
      ApiClient absent = new ApiClient(server.port()).registered("absent");
      Map<String, Object> body = knockout("no-show cup", 2);
      body.put("clock", Map.of("reservePerPoint", 2, "delay", 3));
      long id = create(present, body);
      present.post("/api/tournaments/" + id + "/join", null);
      JsonNode t = absent.post("/api/tournaments/" + id + "/join", null).json();
      long game = t.get("rounds").get(0).get(0).get("gameId").asLong();
      Random rnd = new Random(4);
      long deadline = System.currentTimeMillis() + 90_000;
      boolean moved = false;
      JsonNode s = present.snapshot(game);
      while (!s.get("status").asText().equals("finished")) {
        assertThat(System.currentTimeMillis()).as("the absent player loses on time: %s", s).isLessThan(deadline);
        if (!s.get("turn").isNull() && s.get("turn").asInt() == s.get("you").asInt()) {
          present.act(game, s.get("version").asInt(), ApiClient.randomAction(s, rnd, 0));
        } else {
          if (!s.get("turn").isNull() && !moved) {
            // his turn: past the grace (20 s), his delay (3 s) and his reserve (2 s a point), with room to spare
            clock.advance(java.time.Duration.ofSeconds(60));
            moved = true;
          }
          Thread.sleep(200);
        }
        s = present.snapshot(game);
      }
      assertThat(moved).as("the absent player had a turn before the match ended").isTrue();
      int presentSeat = s.get("you").asInt();
      assertThat(s.get("matchWinner").asInt()).isEqualTo(presentSeat);
      JsonNode end = present.get("/api/tournaments/" + id).json();
      for (int i = 0; i < 50 && !end.get("status").asText().equals("finished"); i++) {
        Thread.sleep(100);
        end = present.get("/api/tournaments/" + id).json();
      }
      assertThat(end.get("status").asText()).isEqualTo("finished");
      assertThat(end.get("entrants").get(end.get("winner").asInt()).get("name").asText()).isEqualTo(present.name());
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aRatedTournamentsMatchChangesRatingsAndAnUnratedOnesDoesNot(TestDb db) {
    for (boolean rated : new boolean[] {false, true}) {
      ApiClient a = SERVERS.client(db).registered("rated");
      ApiClient b = SERVERS.client(db).registered("rated");
      Map<String, Object> body = knockout(rated ? "rated" : "unrated", 2);
      body.put("rated", rated);
      long id = create(a, body);
      a.post("/api/tournaments/" + id + "/join", null);
      b.post("/api/tournaments/" + id + "/join", null);
      JsonNode end = TournamentDriver.playOut(a, id, List.of(a, b), new Random(8));
      assertThat(end.get("rated").asBoolean()).isEqualTo(rated);
      for (ApiClient c : List.of(a, b)) {
        double rating = c.get("/api/players/" + c.name()).json().get("user").get("rating").asDouble();
        if (rated) assertThat(rating).as("%s after a rated match", c.name()).isNotEqualTo(1500.0);
        else assertThat(rating).as("%s after an unrated match", c.name()).isEqualTo(1500.0);
        // the entrants list shows each player's rating now, not the one they were seeded with
        JsonNode shown = null;
        for (JsonNode e : a.get("/api/tournaments/" + id).json().get("entrants")) {
          if (e.get("name").asText().equals(c.name())) shown = e;
        }
        assertThat(shown).as("%s among the entrants", c.name()).isNotNull();
        assertThat(shown.get("rating").asDouble()).as("%s's rating in the entrants list", c.name()).isEqualTo(rating);
      }
    }
  }

  /** Runs one statement with the tournament's id on the server's database (to set up the state a crash leaves). */
  private static int sql(ServerConfig config, String statement, long id) {
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(config.dbUrl(), config.dbUser(), config.dbPassword());
        java.sql.PreparedStatement st = c.prepareStatement(statement)) {
      st.setLong(1, id);
      return st.executeUpdate();
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A result the game's hook did not record (it failed) is recorded by the periodic check, with no restart. */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aResultTheHookMissedIsRecordedByThePeriodicCheck(TestDb db) throws InterruptedException {
    ServerConfig config = db.freshConfig(TestServers.DICE_SEED);
    MovableClock clock = new MovableClock();
    try (TablaServer server = TablaServer.start(config, ClusterSettings.NONE, clock)) {
      ApiClient a = new ApiClient(server.port()).registered("hook");
      ApiClient b = new ApiClient(server.port()).registered("hook");
      long id = create(a, knockout("missed hook", 2));
      a.post("/api/tournaments/" + id + "/join", null);
      b.post("/api/tournaments/" + id + "/join", null);
      JsonNode end = TournamentDriver.playOut(a, id, List.of(a, b), new Random(9));
      assertThat(end.get("status").asText()).isEqualTo("finished");
      sql(config, "UPDATE tournament_matches SET winner_seed = NULL WHERE tournament_id = ?", id);
      sql(config, "UPDATE tournaments SET status = 'playing', winner_seed = NULL WHERE id = ?", id);
      assertThat(a.get("/api/tournaments/" + id).json().get("winner").isNull()).isTrue();
      // the next periodic check is due within its period by the server's clock: moved over it, not waited out
      clock.advance(java.time.Duration.ofSeconds(TournamentScheduler.CHECK_SECONDS + 1));
      JsonNode t = a.get("/api/tournaments/" + id).json();
      for (int i = 0; i < 100 && t.get("status").asText().equals("playing"); i++) {
        Thread.sleep(300);
        t = a.get("/api/tournaments/" + id).json();
      }
      assertThat(t.get("status").asText()).isEqualTo("finished");
      assertThat(t.get("winner")).isEqualTo(end.get("winner"));
    }
  }

  /** A field of computer players only: every match is played off the board, and the tournament runs by itself. */
  static JsonNode computersOnly(ApiClient creator, String format, int players, int rounds) {
    Map<String, Object> body = knockout(format + " of computers", players);
    body.put("format", format);
    body.put("minPlayers", players);
    if (rounds > 0) body.put("rounds", rounds);
    long id = create(creator, body);
    for (int i = 0; i < players; i++) {
      assertThat(creator.post("/api/tournaments/" + id + "/computer", Map.of("level", "random")).status()).isEqualTo(200);
    }
    return TournamentDriver.playOut(creator, id, List.of(), new Random(0));
  }

  /**
   * A knock-out of eight with a consolation bracket: once the first round is decided its four losers play a knock-out
   * of their own, linked both ways, to its own winner; a Swiss cannot have one.
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aConsolationBracketIsTheFirstRoundsLosersKnockOut(TestDb db) {
    ApiClient director = SERVERS.client(db).registered("cons");
    Map<String, Object> swiss = knockout("No consolation", 6);
    swiss.put("format", "swiss");
    swiss.put("rounds", 2);
    swiss.put("consolation", true);
    assertThat(director.post("/api/tournaments", swiss).status()).isEqualTo(400);
    Map<String, Object> body = knockout("Cup with a plate", 8);
    body.put("consolation", "yes");
    assertThat(director.post("/api/tournaments", body).status()).isEqualTo(400);
    body.put("consolation", true);
    body.put("minPlayers", 8);
    long id = create(director, body);
    for (int i = 0; i < 8; i++) director.post("/api/tournaments/" + id + "/computer", Map.of("level", "random"));
    JsonNode end = TournamentDriver.playOut(director, id, List.of(), new Random(0));
    assertThat(end.get("status").asText()).isEqualTo("finished");
    assertThat(end.get("consolation").asBoolean()).isTrue();
    long plate = end.get("consolationId").asLong();
    JsonNode last = TournamentDriver.playOut(director, plate, List.of(), new Random(0));
    assertThat(last.get("status").asText()).isEqualTo("finished");
    assertThat(last.get("parentId").asLong()).isEqualTo(id);
    assertThat(last.get("name").asText()).isEqualTo("Cup with a plate");
    assertThat(last.get("entrants")).hasSize(4);
    assertThat(last.get("rounds")).hasSize(2);
    assertThat(last.get("winner").isNull()).isFalse();
    // the plate's entrants are the first round's losers: the main seeds that won nothing
    List<Integer> losers = new ArrayList<>();
    for (JsonNode m : end.get("rounds").get(0)) losers.add(m.get("winner").asInt() == m.get("first").asInt() ? m.get("second").asInt() : m.get("first").asInt());
    assertThat(end.get("standings")).filteredOn(l -> l.get("wins").asInt() == 0).extracting(l -> l.get("seed").asInt())
        .containsExactlyInAnyOrderElementsOf(losers);
    assertThat(director.get("/api/tournaments/" + plate).json().get("consolationId").isNull()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void knockOutsOfSixteenAndThirteenPlayToOneWinnerWithTheTopSeedsByes(TestDb db) {
    ApiClient director = SERVERS.client(db).registered("ko");
    for (int n : new int[] {16, 13}) {
      JsonNode end = computersOnly(director, "knockout", n, 0);
      assertThat(end.get("status").asText()).isEqualTo("finished");
      JsonNode rounds = end.get("rounds");
      assertThat(rounds).hasSize(4);
      assertThat(rounds.get(0)).hasSize(8);
      assertThat(rounds.get(0)).filteredOn(m -> m.get("second").isNull()).extracting(m -> m.get("first").asInt())
          .containsExactlyInAnyOrderElementsOf(n == 16 ? List.of() : List.of(0, 1, 2));
      assertThat(rounds.get(3)).hasSize(1);
      int lost = 0;
      for (JsonNode round : rounds) for (JsonNode m : round) if (!m.get("second").isNull()) lost++;
      assertThat(lost).as("everyone but the winner loses once").isEqualTo(n - 1);
      assertThat(end.get("winner").asInt()).isEqualTo(rounds.get(3).get(0).get("winner").asInt());
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void tenPlayerSwissOfFourRoundsRepeatsNoPairingAndStandsAsRecountedHere(TestDb db) {
    JsonNode end = computersOnly(SERVERS.client(db).registered("swiss"), "swiss", 10, 4);
    assertThat(end.get("status").asText()).isEqualTo("finished");
    JsonNode rounds = end.get("rounds");
    assertThat(rounds).hasSize(4);
    java.util.Set<java.util.Set<Integer>> met = new java.util.HashSet<>();
    int[] wins = new int[10];
    List<List<Integer>> opponents = new ArrayList<>();
    for (int i = 0; i < 10; i++) opponents.add(new ArrayList<>());
    for (JsonNode round : rounds) {
      assertThat(round).hasSize(5);
      for (JsonNode m : round) {
        int a = m.get("first").asInt();
        int b = m.get("second").asInt();
        assertThat(met.add(java.util.Set.of(a, b))).as("%d and %d meet once", a, b).isTrue();
        wins[m.get("winner").asInt()]++;
        opponents.get(a).add(b);
        opponents.get(b).add(a);
      }
    }
    List<Integer> expected = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
    java.util.function.ToIntFunction<Integer> buchholz = e -> opponents.get(e).stream().mapToInt(o -> wins[o]).sum();
    expected.sort(java.util.Comparator.<Integer>comparingInt(e -> -wins[e]).thenComparingInt(e -> -buchholz.applyAsInt(e))
        .thenComparingInt(e -> e));
    assertThat(end.get("standings")).extracting(l -> l.get("seed").asInt()).containsExactlyElementsOf(expected);
    for (JsonNode l : end.get("standings")) {
      assertThat(l.get("wins").asInt()).isEqualTo(wins[l.get("seed").asInt()]);
      assertThat(l.get("buchholz").asInt()).isEqualTo(buchholz.applyAsInt(l.get("seed").asInt()));
    }
    assertThat(end.get("winner").asInt()).isEqualTo(expected.get(0));
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void roundRobinOfFiveMeetsEveryPairOnceWithOneByeARound(TestDb db) {
    JsonNode end = computersOnly(SERVERS.client(db).registered("robin"), "roundRobin", 5, 0);
    assertThat(end.get("status").asText()).isEqualTo("finished");
    assertThat(end.get("rounds")).hasSize(5);
    java.util.Set<java.util.Set<Integer>> met = new java.util.HashSet<>();
    for (JsonNode round : end.get("rounds")) {
      assertThat(round).filteredOn(m -> m.get("second").isNull()).hasSize(1);
      for (JsonNode m : round) if (!m.get("second").isNull()) met.add(java.util.Set.of(m.get("first").asInt(), m.get("second").asInt()));
    }
    assertThat(met).hasSize(10);
  }

  /** The entrants (seed, name, level) without their ratings, which are read as they are now. */
  private static JsonNode withoutRatings(JsonNode entrants) {
    com.fasterxml.jackson.databind.node.ArrayNode out = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
    for (JsonNode e : entrants) out.add(((com.fasterxml.jackson.databind.node.ObjectNode) e.deepCopy()).without("rating"));
    return out;
  }
}
