package tabla.server;

import tabla.server.kernel.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static tabla.server.MeetingApiTest.socket;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import tabla.server.ApiWebSocketTest.Socket;

/**
 * Two nodes in one JVM on one PostgreSQL schema, each person on a node of their own: what one does on one node
 * reaches the other's pages on the other node (a seek accepted, an invitation, chat, mutes), and the online list
 * and the spectator counts are the same on both. The nodes hold 30 s leases (TwoNodes.LEASE_MILLIS): no
 * game moves during a test; every wait is for a condition, with a generous timeout.
 */
class ClusterMeetingTest {
  /** How long a condition that crosses nodes may take on a loaded CI machine (it takes about a second). */
  static final long PATIENCE_MILLIS = 30_000;

  @Test
  void aSeekMadeOnOneNodeAndAcceptedOnTheOtherTakesBothPlayersToTheBoard() throws Exception {
    try (TwoNodes nodes = TwoNodes.start(c -> c)) {
      TablaServer a = nodes.a();
      TablaServer b = nodes.b();
      ApiClient alice = new ApiClient(a.port()).registered("alice");
      ApiClient bob = new ApiClient(b.port()).registered("bob");
      Socket alicePage = socket(alice, "/ws/site");
      Socket bobPage = socket(bob, "/ws/site");
      try {
        next(alicePage, "chatHistory");
        next(bobPage, "chatHistory");
        // the creator on a, the acceptor on b
        long game = bob.accept(alice.seek("{\"matchLength\":3}"));
        JsonNode told = next(alicePage, "seekAccepted");
        assertThat(told.get("gameId").asLong()).isEqualTo(game);
        assertThat(told.get("by").asText()).isEqualTo(bob.name());
        assertThat(onTheBoard(alice, game)).as("alice's board, on a").isEqualTo(0);
        assertThat(onTheBoard(bob, game)).as("bob's board, on b").isEqualTo(1);

        // the other way round: the creator on b, the acceptor on a
        long second = alice.accept(bob.seek("{\"matchLength\":1}"));
        assertThat(next(bobPage, "seekAccepted").get("gameId").asLong()).isEqualTo(second);
        assertThat(onTheBoard(bob, second)).isEqualTo(0);
        assertThat(onTheBoard(alice, second)).isEqualTo(1);

        // an invitation made on b reaches the invited player's page on a
        ApiClient.Resp inv = bob.postRaw("/api/seeks",
            "{\"rules\":{\"matchLength\":1},\"mode\":\"live\",\"invite\":\"" + alice.name() + "\"}", true);
        assertThat(inv.status()).as("invite: %s", inv).isEqualTo(201);
        assertThat(next(alicePage, "invited").get("by").asText()).isEqualTo(bob.name());
      } finally {
        alicePage.close();
        bobPage.close();
      }
    }
  }

  @Test
  void chatTheOnlineListAndSpectatorCountsAreTheSameOnEveryNode() throws Exception {
    try (TwoNodes nodes = TwoNodes.start(c -> c)) {
      TablaServer a = nodes.a();
      TablaServer b = nodes.b();
      ApiClient alice = new ApiClient(a.port()).registered("alice");
      ApiClient bob = new ApiClient(b.port()).registered("bob");
      ApiClient carol = new ApiClient(b.port()).registered("carol");
      long game = ApiClient.newGame(alice, bob, 5); // accepted on b: b runs it
      Socket alicePage = socket(alice, "/ws/site");
      Socket bobPage = socket(bob, "/ws/site");
      Socket aliceBoard = socket(alice, "/ws/games/" + game + "?chat=1");
      Socket carolBoard = null;
      Socket bobBoard = null;
      try {
        next(alicePage, "chatHistory");
        next(bobPage, "chatHistory");
        assertThat(next(aliceBoard, "spectators").get("count").asInt()).isZero();

        // the online list on a shows bob, whose page is on b, and then playing once his board is open there
        assertThat(settled(alice, m -> "idle".equals(m.get(bob.name())))).containsEntry(bob.name(), "idle")
            .containsEntry(alice.name(), "playing");
        bobBoard = socket(bob, "/ws/games/" + game);
        next(bobBoard, "snapshot");
        assertThat(settled(alice, m -> "playing".equals(m.get(bob.name())))).containsEntry(bob.name(), "playing");
        bobBoard.close();
        bobPage.close();
        assertThat(settled(alice, m -> !m.containsKey(bob.name()))).as("bob left: gone from a's list too")
            .doesNotContainKey(bob.name());
        bobPage = socket(bob, "/ws/site");
        next(bobPage, "chatHistory");

        // chat written on b reaches the readers on a: the lobby's and the game's players'
        assertThat(bob.post("/api/chat/lobby", Map.of("text", "hello from b")).status()).isEqualTo(201);
        assertThat(next(alicePage, "chat").get("message").get("text").asText()).isEqualTo("hello from b");
        assertThat(bob.post("/api/games/" + game + "/chat/players", Map.of("text", "good luck")).status()).isEqualTo(201);
        assertThat(next(aliceBoard, "chat").get("message").get("text").asText()).isEqualTo("good luck");
        // alice mutes bob through b (a had read her mutes already): a no longer passes his messages to her
        assertThat(alice.at(b.port()).post("/api/me/mutes", Map.of("name", bob.name())).status()).isEqualTo(200);
        awaitMuteHeard(alice, bob, carol, alicePage);

        // a spectator on b counts on a: on alice's board and in a's list of live games
        carolBoard = socket(carol, "/ws/games/" + game);
        next(carolBoard, "snapshot");
        awaitCount(aliceBoard, 1);
        assertThat(liveSpectators(alice, game)).isEqualTo(1);
        carolBoard.close();
        awaitCount(aliceBoard, 0);
      } finally {
        for (Socket s : new Socket[] {alicePage, bobPage, aliceBoard, carolBoard, bobBoard}) if (s != null) s.close();
      }
    }
  }

  @Test
  void aPlayersBoardOnTheNodeThatDoesNotRunTheGameStartsTheClockAsOneOnTheOwnerDoes() throws Exception {
    try (TwoNodes nodes = TwoNodes.start(c -> c)) {
      TablaServer a = nodes.a();
      TablaServer b = nodes.b();
      ApiClient alice = new ApiClient(a.port()).registered("alice");
      ApiClient bob = new ApiClient(b.port()).registered("bob");
      for (int run = 0; run < 3; run++) {
        long opened = System.currentTimeMillis();
        ApiClient.Resp seek = alice.postRaw("/api/seeks",
            "{\"rules\":{\"matchLength\":1},\"mode\":\"live\",\"clock\":{\"preset\":\"blitz\"}}", true);
        long game = bob.accept(seek.json().get("seek").get("id").asLong()); // b runs it
        Socket bobBoard = socket(bob, "/ws/games/" + game);
        Socket aliceBoard = socket(alice, "/ws/games/" + game); // on a
        try {
          next(bobBoard, "snapshot");
          next(aliceBoard, "snapshot");
          // without alice's board counted, the clock waits for the end of the 20 s grace after the game opened
          while (System.currentTimeMillis() - opened < GRACE_MILLIS - 3000) {
            if (alice.snapshot(game).get("clock").get("startsIn").asLong() == 0) return;
            Thread.sleep(200);
          }
        } finally {
          bobBoard.close();
          aliceBoard.close();
        }
      }
      throw new AssertionError("in three games the clock did not start before the end of its grace, though both "
          + "boards were open");
    }
  }

  @Test
  void aNodeThatLostItsListeningConnectionHasItsPagesReconnectAndReadAgain() throws Exception {
    try (TwoNodes nodes = TwoNodes.start(c -> c)) {
      TablaServer a = nodes.a();
      TablaServer b = nodes.b();
      ApiClient alice = new ApiClient(a.port()).registered("alice");
      ApiClient bob = new ApiClient(b.port()).registered("bob");
      Socket alicePage = socket(alice, "/ws/site");
      next(alicePage, "chatHistory");
      try (java.sql.Connection c = java.sql.DriverManager.getConnection(nodes.config().dbUrl(),
          nodes.config().dbUser(), nodes.config().dbPassword());
          java.sql.Statement st = c.createStatement()) {
        // this database's node a only: another test JVM (or run) may have a node a of its own in another database
        st.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tabla-listen a'"
            + " AND datname = current_database()");
      }
      assertThat(alicePage.closed.get(PATIENCE_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS))
          .as("a's page is told to reconnect (1012): notices for it may have been lost").isEqualTo(1012);
      assertThat(bob.post("/api/chat/lobby", Map.of("text", "while a was deaf")).status()).isEqualTo(201);
      alicePage = socket(alice, "/ws/site");
      try {
        JsonNode history = next(alicePage, "chatHistory").get("messages");
        assertThat(history.findValuesAsText("text")).as("read again from the database").contains("while a was deaf");
        // and a hears the other nodes again: bob's next line reaches alice's page as it is written
        long until = System.currentTimeMillis() + PATIENCE_MILLIS;
        for (int i = 0; ; i++) {
          int status = bob.post("/api/chat/lobby", Map.of("text", "again " + i)).status();
          assertThat(status).as("written, or bob's 5 lines in 10 s are spent").isIn(201, 429);
          JsonNode m = alicePage.messages.poll(2500, java.util.concurrent.TimeUnit.MILLISECONDS);
          if (m != null && m.path("type").asText().equals("chat")) break;
          assertThat(System.currentTimeMillis()).as("a listens again").isLessThan(until);
        }
      } finally {
        alicePage.close();
      }
    }
  }

  @Test
  void aBroadcastAndTheMessageOfTheDayPostedOnOneNodeShowOnTheOther() throws Exception {
    String adminName = ApiClient.uniqueName("admin");
    try (TwoNodes nodes = TwoNodes.start(c -> c.withSite(c.site().withAdmins(java.util.Set.of(adminName))))) {
      ApiClient admin = new ApiClient(nodes.a().port());
      assertThat(admin.register(adminName, ApiClient.PASSWORD).status()).isEqualTo(201);
      ApiClient bob = new ApiClient(nodes.b().port()).registered("bob");
      Socket bobPage = socket(bob, "/ws/site");
      try {
        next(bobPage, "chatHistory");
        ApiClient.Resp posted = admin.post("/api/admin/broadcast", Map.of("text", "Tournament at eight"));
        assertThat(posted.status()).as("%s", posted).isEqualTo(200);
        JsonNode pushed = next(bobPage, "notice");
        assertThat(pushed.get("text").asText()).isEqualTo("Tournament at eight");
        assertThat(pushed.get("id").asLong()).isEqualTo(posted.json().get("broadcast").get("id").asLong());
        assertThat(bob.get("/api/notices").json().get("broadcasts").findValuesAsText("text"))
            .as("b's notices, which the pages poll, list it").contains("Tournament at eight");

        assertThat(admin.post("/api/admin/motd", Map.of("text", "Club night on Friday")).status()).isEqualTo(200);
        long until = System.currentTimeMillis() + PATIENCE_MILLIS;
        while (!bob.get("/api/notices").json().get("motd").asText().equals("Club night on Friday")) {
          assertThat(System.currentTimeMillis()).as("b shows the new message of the day").isLessThan(until);
          Thread.sleep(200);
        }
      } finally {
        bobPage.close();
      }
    }
  }

  /** RoomClock's grace: a clock waits this long after the game opens for both boards. */
  static final long GRACE_MILLIS = 20_000;

  /** The next message of {@code type} on {@code s}, waiting up to {@link #PATIENCE_MILLIS} for it. */
  static JsonNode next(Socket s, String type) throws InterruptedException {
    long until = System.currentTimeMillis() + PATIENCE_MILLIS;
    while (true) {
      JsonNode m = s.messages.poll(Math.max(1, until - System.currentTimeMillis()), java.util.concurrent.TimeUnit.MILLISECONDS);
      assertThat(m).as("a '%s' message within %d ms", type, PATIENCE_MILLIS).isNotNull();
      if (m.path("type").asText().equals(type)) return m;
    }
  }

  /** The seat the player's board shows after its first snapshot (wherever the game runs). */
  private static int onTheBoard(ApiClient c, long game) throws InterruptedException {
    Socket board = socket(c, "/ws/games/" + game);
    try {
      return next(board, "snapshot").get("snapshot").get("you").asInt();
    } finally {
      board.close();
    }
  }

  /**
   * After the mute: node a holds alice's new list of mutes (what its deliveries are filtered by) once the lobby's
   * history it gives alice (filtered by the same list) has none of bob's lines; then bob writes, then carol (both on
   * b, so their notices reach a in that order), and alice's page gets carol's line and not bob's. (Bob writing until a
   * line of his was left out took one line each 2 s: had the mute's notice taken over 6 s to reach a, his sixth line
   * in 10 s was refused, 429, and the test failed saying only that.)
   */
  private static void awaitMuteHeard(ApiClient alice, ApiClient bob, ApiClient carol, Socket alicePage)
      throws InterruptedException {
    long until = System.currentTimeMillis() + PATIENCE_MILLIS;
    while (alice.get("/api/chat/lobby").json().get("messages").findValuesAsText("author").contains(bob.name())) {
      assertThat(System.currentTimeMillis()).as("the mute reached a: its lobby history for alice leaves bob out")
          .isLessThan(until);
      Thread.sleep(200);
    }
    assertThat(bob.post("/api/chat/lobby", Map.of("text", "muted")).status()).isEqualTo(201);
    assertThat(carol.post("/api/chat/lobby", Map.of("text", "marker")).status()).isEqualTo(201);
    while (true) {
      String text = next(alicePage, "chat").get("message").get("text").asText();
      assertThat(text).as("bob's line reached alice, who muted him").isNotEqualTo("muted");
      if (text.equals("marker")) return;
    }
  }

  /** Reads the board's spectator counts until one says {@code n}, for up to {@link #PATIENCE_MILLIS}. */
  private static void awaitCount(Socket s, int n) throws InterruptedException {
    long until = System.currentTimeMillis() + PATIENCE_MILLIS;
    int last = -1;
    while (last != n && System.currentTimeMillis() < until) {
      JsonNode m = s.messages.poll(until - System.currentTimeMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
      if (m != null && m.path("type").asText().equals("spectators")) last = m.get("count").asInt();
    }
    assertThat(last).isEqualTo(n);
  }

  private static int liveSpectators(ApiClient c, long game) {
    for (JsonNode g : c.get("/api/live").json().get("games")) if (g.get("id").asLong() == game) return g.get("spectators").asInt();
    throw new AssertionError("game " + game + " is not in the live list");
  }

  /** The online list once {@code done} holds, or as it is after {@link #PATIENCE_MILLIS}. */
  private static Map<String, String> settled(ApiClient c, Predicate<Map<String, String>> done) throws InterruptedException {
    long until = System.currentTimeMillis() + PATIENCE_MILLIS;
    Map<String, String> m = MeetingApiTest.states(c);
    while (!done.test(m) && System.currentTimeMillis() < until) {
      Thread.sleep(200);
      m = MeetingApiTest.states(c);
    }
    return m;
  }
}
