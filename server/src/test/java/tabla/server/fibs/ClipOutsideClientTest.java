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
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.FibsSettings;

/**
 * What outside clients met at the door (session 12's audit with telnet under tmux and a FIBS parser), each case failed
 * before its fix: a client that logs in again while the server still holds its broken connection, the X player's
 * refused move, and the invitations told at login.
 */
class ClipOutsideClientTest {
  static TablaServer server;
  static int clip;

  @BeforeAll
  static void start() {
    server = TablaServer.start(TestDb.H2.freshConfig(TestServers.DICE_SEED).withFibs(FibsSettings.on(0)
        .withBounds(1024, 1000, 60 * 60_000L, 60_000L, 50, 200)));
    clip = server.fibsPort();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static final String PASSWORD = ApiClient.PASSWORD.replace(' ', '_');

  static ClipClient online(String label, String name) {
    ClipClient c = new ClipClient(label, clip);
    c.login(name, PASSWORD);
    return c;
  }

  @Test
  void aPlayerWhoLogsInAgainMidMatchPlaysItOnFromTheNewConnection() throws Exception {
    for (String n : new String[] {"lena", "mike"}) {
      assertThat(new ApiClient(server.port()).register(n, PASSWORD).status()).isEqualTo(201);
    }
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
    for (String n : new String[] {"nina", "otto"}) {
      assertThat(new ApiClient(server.port()).register(n, PASSWORD).status()).isEqualTo(201);
    }
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
    for (String n : new String[] {"quin", "rosa", "sven"}) {
      assertThat(new ApiClient(server.port()).register(n, PASSWORD).status()).isEqualTo(201);
    }
    ClipClient quin = online("quin", "quin");
    try (ClipClient rosa = online("rosa", "rosa"); ClipClient sven = online("sven", "sven")) {
      ClipMatchTest.ready(quin, rosa);
      ClipMatchTest.startMatch(quin, rosa, "3");
      quin.await("^\\*\\* Player rosa has joined you for a 3 point match\\.$");
      sven.send("watch quin");
      sven.await("^You're now watching quin\\.$");
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

  private static ApiClient.Resp asBot(ApiClient account, String secret, String path, String body) {
    return account.send(account.request(path).header("Authorization", "Bearer " + secret)
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
  }
}
