package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;
import tabla.server.TablaServer;

/**
 * CLIP clients over real sockets against the real site (H2, the test dice seed): login, who, chat, invitations, a
 * 1-point and a 3-point match with doubles played to the end, a watcher with kibitz, a resignation, and a match left
 * by a logout and resumed. The players choose their moves from the board: lines they receive.
 */
class ClipMatchTest {
  static TablaServer server;
  static int clip;
  static int http;

  @BeforeAll
  static void start() {
    server = FibsTestServer.start();
    clip = server.fibsPort();
    http = server.port();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static void account(String name) {
    assertThat(new ApiClient(http).register(name, ApiClient.PASSWORD).status()).isEqualTo(201);
  }

  static ClipClient online(String name) {
    ClipClient c = new ClipClient(name, clip);
    c.login(name, ApiClient.PASSWORD.replace(' ', '_'));
    return c;
  }

  static void accountAndPassword(String name) {
    // CLIP's login line is split on spaces: these tests' accounts have a password without one
    assertThat(new ApiClient(http).register(name, ApiClient.PASSWORD.replace(' ', '_')).status()).isEqualTo(201);
  }

  static void ready(ClipClient... cs) {
    for (ClipClient c : cs) {
      c.send("toggle ready");
      c.await("^\\*\\* You're now ready to invite or join someone\\.$");
    }
  }

  static void startMatch(ClipClient inviter, ClipClient joiner, String length) {
    inviter.send("invite " + joiner.label + " " + length);
    inviter.await("^\\*\\* You invited " + joiner.label + " to a");
    joiner.await("^" + inviter.label + " wants to play a");
    joiner.await("^Type 'join " + inviter.label + "' to accept\\.$");
    joiner.send("join " + inviter.label);
  }

  @Test
  void loginWhoAndChat() {
    accountAndPassword("alice");
    accountAndPassword("bob");
    try (ClipClient alice = online("alice"); ClipClient bob = online("bob")) {
      alice.await("^7 bob bob logs in\\.$");
      alice.drain();
      alice.send("who");
      String a = null;
      String b = null;
      for (String l = alice.await("^[56]"); !l.equals("6"); l = alice.await("^[56]")) {
        if (l.startsWith("5 alice ")) a = l;
        if (l.startsWith("5 bob ")) b = l;
      }
      assertThat(a).matches("5 alice - - 0 0 1500\\.00 0 \\d+ \\d+ 127\\.0\\.0\\.1 TablaTest -");
      assertThat(b).startsWith("5 bob - - 0 0 1500.00 0 ");
      bob.send("tell alice hello there");
      alice.await("^12 bob hello there$");
      bob.await("^16 alice hello there$");
      alice.send("shout good luck all");
      bob.await("^13 alice good luck all$");
      alice.await("^17 good luck all$");
      bob.send("message alice see you later");
      alice.await("^9 bob \\d+ see you later$");
      bob.await("^10 alice$"); // delivered at once: she is here
      bob.send("message carol see you");
      bob.await("^\\*\\* There is no one called carol$");
      bob.send("whois alice");
      bob.await("^Information about alice:$");
      bob.await("^  Still logged in\\.");
      bob.await("^  Rating: 1500\\.00 Experience: 0$");
      try (ClipClient wrong = new ClipClient("wrong", clip)) {
        wrong.send("login TablaTest 1008 alice not-her-password");
        wrong.await("^\\*\\* Login incorrect\\.$");
        wrong.await("^login: $");
      }
      bob.send("bye");
      bob.await("Goodbye\\.$");
      alice.await("^8 bob bob logs out\\.$");
    }
  }

  @Test
  void aOnePointMatchPlayedToTheEndChangesTheRatings() throws Exception {
    accountAndPassword("carl");
    accountAndPassword("dora");
    try (ClipClient carl = online("carl"); ClipClient dora = online("dora")) {
      ready(carl, dora);
      startMatch(carl, dora, "1");
      carl.await("^\\*\\* Player dora has joined you for a 1 point match\\.$");
      dora.await("^\\*\\* You are now playing a 1 point match with carl$");
      var c = ClipPlayer.play(carl, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
      var d = ClipPlayer.play(dora, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
      String cEnd = c.get(60, TimeUnit.SECONDS);
      String dEnd = d.get(60, TimeUnit.SECONDS);
      assertThat(List.of(cEnd, dEnd)).anyMatch(l -> l.matches("You win the 1 point match [1-3]-0 \\."));
      assertThat(List.of(cEnd, dEnd)).anyMatch(l -> l.matches("(carl|dora) wins the 1 point match [1-3]-0 \\."));
      assertThat(carl.transcript).anyMatch(l -> l.matches("You rolled \\d, dora rolled \\d"));
      assertThat(carl.transcript).anyMatch(l -> l.matches("dora moves [0-9a-z -]+ \\."));
      assertThat(carl.transcript).anyMatch(l -> l.matches("You roll \\d and \\d\\."));
      boolean carlWon = cEnd.startsWith("You win");
      carl.send("whois carl");
      String rating = carl.await("^  Rating: ");
      assertThat(rating).doesNotContain("1500.00").contains("Experience: 1");
      // FIBS's formula, as the web's matches are rated: equal players, new to the game, one point
      double change = tabla.core.rating.FibsRating.gain(1500, 1500, 1, 0);
      assertThat(change).isEqualTo(10.0);
      assertThat(Double.parseDouble(rating.split("\\s+")[2])).isEqualTo(carlWon ? 1500 + change : 1500 - change);
    }
  }

  @Test
  void aThreePointMatchWithDoublesAWatcherAndChat() throws Exception {
    accountAndPassword("emma");
    accountAndPassword("fred");
    accountAndPassword("gail");
    try (ClipClient emma = online("emma"); ClipClient fred = online("fred"); ClipClient gail = online("gail")) {
      ready(emma, fred);
      startMatch(emma, fred, "3");
      emma.await("^\\*\\* Player fred has joined you for a 3 point match\\.$");
      gail.send("watch emma");
      gail.await("^You're now watching emma\\.$");
      gail.await("^board:emma:fred:3:0:0:");
      emma.await("^gail is watching you\\.$");
      gail.send("kibitz nice opening");
      emma.await("^15 gail nice opening$");
      fred.await("^15 gail nice opening$");
      gail.await("^19 nice opening$");
      emma.send("say good luck");
      fred.await("^12 emma good luck$");
      emma.await("^16 fred good luck$");
      // emma doubles whenever she may; fred takes
      ClipPlayer.Policy doubler = new ClipPlayer.Policy() {
        public boolean doubleNow(ClipClient c) {
          return true;
        }

        public boolean take(ClipClient c) {
          return true;
        }
      };
      var e = ClipPlayer.play(emma, doubler);
      var f = ClipPlayer.play(fred, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
      String eEnd = e.get(120, TimeUnit.SECONDS);
      String fEnd = f.get(120, TimeUnit.SECONDS);
      assertThat(eEnd + " / " + fEnd).matches(".*(You win|wins) the 3 point match [3-9]-[0-2] \\..*");
      assertThat(emma.transcript).anyMatch(l -> l.equals("You double. Please wait for fred to accept or reject."));
      assertThat(fred.transcript).anyMatch(l -> l.equals("emma doubles. Type 'accept' or 'reject'."));
      assertThat(emma.transcript).anyMatch(l -> l.equals("fred accepts the double. The cube shows 2."));
      assertThat(gail.transcript).anyMatch(l -> l.equals("emma doubles."));
      String watcherEnd = gail.await("wins the 3 point match");
      assertThat(watcherEnd).matches("(emma|fred) wins the 3 point match [3-9]-[0-2] \\.");
      // the watch follows emma (FIBS's 'watch' is of a player): it outlives her match
      gail.send("show watchers");
      gail.await("^gail is watching emma\\.$");
      assertThat(gail.transcript).anyMatch(l -> l.matches("(emma|fred) rolls \\d and \\d\\."));
      assertThat(gail.transcript).anyMatch(l -> l.matches("(emma|fred) moves [0-9a-z -]+ \\."));
      // every board the watcher saw is from emma's side
      assertThat(gail.transcript.stream().filter(l -> l.startsWith("board:"))).allMatch(l -> l.startsWith("board:emma:fred:3:"));
    }
  }

  @Test
  void aResignationRejectedThenAccepted() throws Exception {
    accountAndPassword("hugo");
    accountAndPassword("iris");
    try (ClipClient hugo = online("hugo"); ClipClient iris = online("iris")) {
      ready(hugo, iris);
      startMatch(hugo, iris, "3");
      hugo.await("^\\*\\* Player iris has joined you");
      // hugo resigns on his first turn to roll (after iris's opening move, or his own first move)
      var hugoTurn = java.util.concurrent.CompletableFuture.runAsync(() -> {
        while (true) {
          String l = hugo.await(".");
          if (l.startsWith("board:") && new BoardPlayer(l).myTurnToMove()) hugo.send("move " + new BoardPlayer(l).firstPlay());
          if (l.equals("It's your turn. Please roll or double")) {
            hugo.send("resign n");
            return;
          }
        }
      });
      var irisTurn = java.util.concurrent.CompletableFuture.runAsync(() -> {
        while (true) {
          String l = iris.await(".");
          if (l.startsWith("board:") && new BoardPlayer(l).myTurnToMove()) iris.send("move " + new BoardPlayer(l).firstPlay());
          if (l.equals("It's your turn. Please roll or double")) iris.send("roll");
          if (l.equals("hugo wants to resign. You will win 1 point. Type 'accept' or 'reject'.")) return;
        }
      });
      hugoTurn.get(30, TimeUnit.SECONDS);
      irisTurn.get(30, TimeUnit.SECONDS);
      hugo.await("^You want to resign\\. iris will win 1 point\\.$");
      iris.send("reject");
      iris.await("^You reject\\. The game continues\\.$");
      hugo.await("^iris rejects\\. The game continues\\.$");
      hugo.send("resign b");
      iris.await("^hugo wants to resign\\. You will win 3 points\\. Type 'accept' or 'reject'\\.$");
      iris.send("accept");
      iris.await("^You accept and win 3 points\\.$");
      hugo.await("^iris accepts and wins 3 points\\.$");
      iris.await("^You win the 3 point match 3-0 \\.$");
      hugo.await("^iris wins the 3 point match 3-0 \\.$");
    }
  }

  @Test
  void aMatchLeftByALogoutIsResumedWhenBothAreBack() throws Exception {
    accountAndPassword("jack");
    accountAndPassword("kate");
    ClipClient jack = online("jack");
    try (ClipClient kate = online("kate")) {
      ready(jack, kate);
      startMatch(jack, kate, "3");
      jack.await("^\\*\\* Player kate has joined you for a 3 point match\\.$");
      // both play until jack has moved twice
      int[] moves = {0};
      var kateTurns = java.util.concurrent.CompletableFuture.runAsync(() -> {
        while (true) {
          String l = kate.await(".");
          if (l.startsWith("board:") && new BoardPlayer(l).myTurnToMove()) kate.send("move " + new BoardPlayer(l).firstPlay());
          if (l.equals("It's your turn. Please roll or double")) kate.send("roll");
          if (l.equals("jack logs out. The game was saved.")) return;
        }
      });
      while (moves[0] < 2) {
        String l = jack.await(".");
        if (l.startsWith("board:") && new BoardPlayer(l).myTurnToMove()) {
          jack.send("move " + new BoardPlayer(l).firstPlay());
          moves[0]++;
        }
        if (l.equals("It's your turn. Please roll or double")) jack.send("roll");
      }
      jack.send("bye");
      jack.await("Goodbye\\.$");
      jack.close();
      kateTurns.get(30, TimeUnit.SECONDS);
      kate.send("show saved");
      kate.await("^  opponent          matchlength   score \\(your points first\\)$");
      kate.await("^  jack +3 +0 - +0$");
      try (ClipClient back = new ClipClient("jack", clip)) {
        back.login("jack", ApiClient.PASSWORD.replace(' ', '_'));
        kate.await("^7 jack jack logs in\\.$");
        back.send("toggle"); // his 'toggle ready' of before the logout is kept for the account, as on FIBS
        back.await("^ready +YES$");
        kate.send("invite jack");
        kate.await("^\\*\\* You invited jack to resume a saved match\\.$");
        back.await("^kate wants to resume a saved match with you\\.$");
        var k = ClipPlayer.play(kate, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
        var j = ClipPlayer.play(back, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
        back.send("join kate");
        String kEnd = k.get(120, TimeUnit.SECONDS);
        String jEnd = j.get(120, TimeUnit.SECONDS);
        assertThat(kEnd + " / " + jEnd).matches(".*(You win|wins) the 3 point match [3-9]-[0-2] \\..*");
        assertThat(back.transcript).contains("You are now playing with kate. Your running match was loaded.");
        assertThat(kate.transcript).contains("jack has joined you. Your running match was loaded.");
      }
    }
  }
}
