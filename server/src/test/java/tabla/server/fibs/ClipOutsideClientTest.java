package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;
import tabla.server.TablaServer;

/**
 * What outside clients met at the door (session 12's audit with telnet under tmux and a FIBS parser), each case failed
 * before its fix: a client that logs in again while the server still holds its broken connection, the X player's
 * refused move, the invitations told at login, the marks of 'show saved', and a watch that follows its player.
 */
class ClipOutsideClientTest {
  static TablaServer server;
  static int clip;

  @BeforeAll
  static void start() {
    server = FibsTestServer.start();
    clip = server.fibsPort();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static final String PASSWORD = ApiClient.PASSWORD.replace(' ', '_');

  static void registered(String... names) {
    for (String n : names) assertThat(new ApiClient(server.port()).register(n, PASSWORD).status()).isEqualTo(201);
  }

  /** {@code player} invites {@code opponent} to a 3 point match, and {@code watcher} watches it from his side. */
  static void watchedThreePointMatch(ClipClient player, ClipClient opponent, ClipClient watcher) {
    ClipMatchTest.ready(player, opponent);
    ClipMatchTest.startMatch(player, opponent, "3");
    player.await("^\\*\\* Player " + opponent.label + " has joined you for a 3 point match\\.$");
    watcher.send("watch " + player.label);
    watcher.await("^You're now watching " + player.label + "\\.$");
  }

  static ClipClient online(String label, String name) {
    ClipClient c = new ClipClient(label, clip);
    c.login(name, PASSWORD);
    return c;
  }

  @Test
  void aPlayerWhoLogsInAgainMidMatchPlaysItOnFromTheNewConnection() throws Exception {
    registered("lena", "mike");
    try (ClipClient old = online("lena", "lena"); ClipClient mike = online("mike", "mike")) {
      ClipMatchTest.ready(old, mike);
      ClipMatchTest.startMatch(old, mike, "1");
      old.await("^\\*\\* Player mike has joined you for a 1 point match\\.$");
      var mikeSide = ClipPlayer.play(mike, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
      try (ClipClient lena = online("lena", "lena")) {
        lena.await("^You are now playing with mike\\. Your running match was loaded\\.$");
        old.await("^\\*\\* You logged in again elsewhere; this connection closes\\.$");
        assertThat(old.awaitClosed(10_000)).isTrue();
        var lenaSide = ClipPlayer.play(lena, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
        String l = lenaSide.get(120, TimeUnit.SECONDS);
        String m = mikeSide.get(120, TimeUnit.SECONDS);
        // a gammon wins it 2-0, a backgammon 3-0
        assertThat(l + " / " + m).matches("You win the 1 point match ([1-3])-0 \\. / lena wins the 1 point match \\1-0 \\."
            + "|mike wins the 1 point match ([1-3])-0 \\. / You win the 1 point match \\2-0 \\.");
      }
    }
  }

  @Test
  void theXPlayersRefusedMoveIsToldInTheNumbersHeTyped() {
    registered("nina", "otto");
    try (ClipClient nina = online("nina", "nina"); ClipClient otto = online("otto", "otto")) {
      ClipMatchTest.ready(nina, otto);
      ClipMatchTest.startMatch(nina, otto, "1");
      String refusal = null;
      boolean tried = false;
      // both sides play their first legal play; X, on his first turn, first tries a checker backwards from FIBS's 24
      for (long end = System.currentTimeMillis() + 30_000; refusal == null && System.currentTimeMillis() < end; ) {
        for (ClipClient c : new ClipClient[] {nina, otto}) {
          String l = c.next(20);
          if (l == null) continue;
          if (l.startsWith("** You can't move")) refusal = l;
          if (!l.startsWith("board:") || !new BoardPlayer(l).myTurnToMove()) continue;
          BoardPlayer b = new BoardPlayer(l);
          if (b.colour() == -1 && !tried) {
            tried = true;
            c.send("move 24-23"); // FIBS's 24 is X's own 1 point: core reads "1/2", a move backwards
          } else if (b.firstPlay() != null) {
            c.send("move " + b.firstPlay());
          }
        }
      }
      // before: "…: '1/2': checkers move from higher points to lower ones (1 to 2 goes backwards)", numbers he never typed
      assertThat(refusal).matches("\\*\\* You can't move 24-23: it is not a legal play of [1-6] and [1-6] "
          + "\\(points as numbered on the board: line\\)\\.");
    }
  }

  @Test
  void invitationsMadeWhileAwayAreToldOldestFirstSoThatJoinTakesTheLastOneTold() {
    ApiClient web = new ApiClient(server.port());
    assertThat(web.register("wanda", PASSWORD).status()).isEqualTo(201);
    assertThat(new ApiClient(server.port()).register("pia", PASSWORD).status()).isEqualTo(201);
    for (int length : new int[] {1, 3}) {
      assertThat(web.post("/api/seeks", Map.of("rules", Map.of("matchLength", length), "mode", "live", "invite", "pia"))
          .status()).isEqualTo(201);
    }
    try (ClipClient pia = online("pia", "pia")) {
      pia.await("^wanda wants to play a 1 point match with you\\.$");
      pia.await("^wanda wants to play a 3 point match with you\\.$"); // before: told first, then the 1 point one
      pia.send("join wanda");
      pia.await("^\\*\\* You are now playing a 3 point match with wanda$");
    }
  }

  @Test
  void aWatcherHearsThatTheMatchWasSavedWhenAPlayerDrops() {
    registered("quin", "rosa", "sven");
    ClipClient quin = online("quin", "quin");
    try (ClipClient rosa = online("rosa", "rosa"); ClipClient sven = online("sven", "sven")) {
      watchedThreePointMatch(quin, rosa, sven);
      quin.close(); // the connection drops
      rosa.await("^quin drops connection\\. The game was saved\\.$");
      sven.await("^quin drops connection\\. The game was saved\\.$"); // before: nothing, the board just stopped
    }
  }

  @Test
  void aBotsChallengeAndItsAcceptanceReachTheClipUserAtOnce() {
    ApiClient robo = new ApiClient(server.port());
    assertThat(robo.register("robo", PASSWORD).status()).isEqualTo(201);
    ApiClient.Resp made = robo.post("/api/tokens", Map.of("name", "engine", "scopes", List.of("bot")));
    assertThat(made.status()).as("%s", made).isEqualTo(201);
    String secret = made.json().get("secret").asText();
    assertThat(asBot(robo, secret, "/api/bot/account/upgrade", "").status()).isEqualTo(200);
    ApiClient tessOnTheWeb = new ApiClient(server.port());
    assertThat(tessOnTheWeb.register("tess", PASSWORD).status()).isEqualTo(201);
    try (ClipClient tess = online("tess", "tess")) {
      ApiClient.Resp challenge = asBot(robo, secret, "/api/bot/challenge", "{\"invite\":\"tess\",\"rules\":{\"matchLength\":1}}");
      assertThat(challenge.status()).as("%s", challenge).isEqualTo(201);
      tess.await("^robo wants to play a 1 point match with you\\.$"); // before: not until her next login
      ClipMatchTest.ready(tess);
      tess.send("invite robo 3");
      tess.await("^\\*\\* You invited robo to a 3 point match\\.$");
      long seek = -1;
      for (var s : tessOnTheWeb.get("/api/seeks").json().get("seeks")) {
        if (s.path("invitee").asText().equals("robo")) seek = s.get("id").asLong();
      }
      ApiClient.Resp accepted = asBot(robo, secret, "/api/bot/challenge/" + seek + "/accept", "");
      assertThat(accepted.status()).as("%s", accepted).isEqualTo(200);
      // before: never: the match started with nobody on the door's side of it
      tess.await("^\\*\\* Player robo has joined you for a 3 point match\\.$");
    }
  }

  @Test
  void showSavedMarksTheOpponentsWhoAreHereAsFibsDoes() {
    registered("ulla", "vera", "will");
    try (ClipClient ulla = online("ulla", "ulla"); ClipClient will = online("will", "will")) {
      try (ClipClient vera = online("vera", "vera")) {
        ClipMatchTest.ready(ulla, vera, will);
        ClipMatchTest.startMatch(ulla, vera, "3");
        ulla.await("^\\*\\* Player vera has joined you for a 3 point match\\.$");
        vera.send("leave");
        ulla.await("^\\*\\* Player vera has left the game\\. The game was saved\\.$");
        // here and free to resume: "**" (before: "  vera             3            0 -  0", as if she were away)
        assertThat(savedLine(ulla)).isEqualTo("**vera                    3                0 -  0");
        ClipMatchTest.startMatch(vera, will, "1");
        vera.await("^\\*\\* Player will has joined you for a 1 point match\\.$");
        // here but playing another match: " *"
        assertThat(savedLine(ulla)).isEqualTo(" *vera                    3                0 -  0");
        vera.send("bye");
        ulla.await("^8 vera vera logs out\\.$");
      }
      assertThat(savedLine(ulla)).isEqualTo("  vera                    3                0 -  0"); // not here
    }
  }

  /** The one line of 'show saved' after its heading (the test's players have one saved match). */
  private static String savedLine(ClipClient c) {
    c.send("show saved");
    c.await("^  opponent          matchlength   score \\(your points first\\)$");
    return c.await("^[ *]{2}\\w");
  }

  @Test
  void aWatchFollowsThePlayerToHisNextMatchUntilHeLogsOut() {
    registered("alma", "boris", "cleo");
    ClipClient alma = online("alma", "alma");
    try (ClipClient boris = online("boris", "boris"); ClipClient cleo = online("cleo", "cleo")) {
      watchedThreePointMatch(alma, boris, cleo);
      // whoever may double first resigns a backgammon, which ends the 3 point match at once; both hear the end
      java.util.Set<ClipClient> ended = new java.util.HashSet<>();
      for (long end = System.currentTimeMillis() + 60_000; ended.size() < 2 && System.currentTimeMillis() < end; ) {
        for (ClipClient c : new ClipClient[] {alma, boris}) {
          String l = c.next(20);
          if (l == null) continue;
          if (l.startsWith("board:") && new BoardPlayer(l).myTurnToMove() && new BoardPlayer(l).firstPlay() != null) {
            c.send("move " + new BoardPlayer(l).firstPlay());
          }
          if (l.equals("It's your turn. Please roll or double")) c.send("resign b");
          if (l.matches("\\w+ wants to resign\\. You will win 3 points\\. Type 'accept' or 'reject'\\.")) c.send("accept");
          if (l.matches("(You win|alma wins|boris wins) the 3 point match 3-0 \\.")) ended.add(c);
        }
      }
      assertThat(ended).hasSize(2);
      cleo.await("^(alma|boris) wins the 3 point match 3-0 \\.$");
      ClipMatchTest.startMatch(alma, boris, "1");
      // before: "You stop watching alma." at the end of the match, and nothing of the next one
      cleo.await("^alma and boris start a 1 point match\\.$");
      cleo.await("^board:alma:boris:1:0:0:");
      alma.send("bye");
      cleo.await("^alma logs out\\. The game was saved\\.$");
      cleo.await("^You stop watching alma\\.$");
      assertThat(cleo.transcript).filteredOn(l -> l.startsWith("You stop watching")).hasSize(1);
      assertThat(cleo.transcript).filteredOn(l -> l.startsWith("alma and boris start a")).hasSize(1);
    } finally {
      alma.close();
    }
  }

  @Test
  void togglesAreKeptForTheAccountAcrossLogins() {
    registered("dana");
    try (ClipClient dana = online("dana", "dana")) {
      dana.send("toggle silent"); // off by default
      dana.await("^\\*\\* You won't hear what other players shout\\.$");
      dana.send("toggle notify"); // on by default
      dana.await("^\\*\\* You won't be notified when new users log in\\.$");
      dana.send("bye");
      dana.await("Goodbye\\.$");
    }
    try (ClipClient dana = online("dana", "dana")) {
      // before: each login began at FIBS's defaults (notify YES, silent NO)
      assertThat(toggles(dana)).containsEntry("notify", "NO").containsEntry("silent", "YES").containsEntry("ready", "NO");
      assertThat(ownInfo(dana)).containsExactly("0", "1"); // CLIP 2 says the same: notify 0, silent 1
      dana.send("toggle silent");
      dana.await("^\\*\\* You will hear what other players shout\\.$");
      dana.send("toggle notify");
      dana.await("^\\*\\* You'll be notified when new users log in\\.$");
      dana.send("bye");
      dana.await("Goodbye\\.$");
    }
    try (ClipClient dana = online("dana", "dana")) {
      assertThat(toggles(dana)).containsEntry("notify", "YES").containsEntry("silent", "NO"); // back at the defaults
      assertThat(ownInfo(dana)).containsExactly("1", "0");
    }
  }

  /** What 'toggle' lists: each toggle's YES or NO. */
  private static Map<String, String> toggles(ClipClient c) {
    c.send("toggle");
    c.await("^The current settings are:$");
    Map<String, String> out = new java.util.LinkedHashMap<>();
    while (out.size() < 17) {
      String[] w = c.await("^[a-z]+ +(YES|NO)$").split(" +");
      out.put(w[0], w[1]);
    }
    return out;
  }

  /** The notify and silent fields of the CLIP 2 line (own info) this client got at login. */
  private static List<String> ownInfo(ClipClient c) {
    String[] w = c.transcript.stream().filter(l -> l.startsWith("2 ")).findFirst().orElseThrow().split(" ");
    return List.of(w[14], w[20]);
  }

  private static ApiClient.Resp asBot(ApiClient account, String secret, String path, String body) {
    return account.send(account.request(path).header("Authorization", "Bearer " + secret)
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
  }
}
