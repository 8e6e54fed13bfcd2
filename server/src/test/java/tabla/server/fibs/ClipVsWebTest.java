package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;
import tabla.server.TablaServer;

/**
 * A CLIP user against a user of the web site's API, in one match: arranged on the web (a seek and its acceptance),
 * joined from CLIP ("join NAME" resumes a saved match with a player who is not on CLIP), played to the end, the web
 * side through HTTP actions. Both see the same result and score. (With a browser: e2e.BrowserVsClipTest.)
 */
class ClipVsWebTest {
  static TablaServer server;

  @BeforeAll
  static void start() {
    server = FibsTestServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aClipUserPlaysAWebUserToTheEnd() throws Exception {
    String pw = "correct_horse";
    ApiClient web = new ApiClient(server.port());
    assertThat(web.register("webby", pw).status()).isEqualTo(201);
    ApiClient clipsAccount = new ApiClient(server.port());
    assertThat(clipsAccount.register("clippy", pw).status()).isEqualTo(201);
    long game = ApiClient.newGame(web, clipsAccount, 3);
    try (ClipClient clippy = new ClipClient("clippy", server.fibsPort())) {
      clippy.login("clippy", pw);
      clippy.send("show saved");
      clippy.await("^  webby +3 +0 - +0$");
      var clipSide = ClipPlayer.play(clippy, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
      clippy.send("join webby");
      int webSeat = web.snapshot(game).get("you").asInt();
      Random rnd = new Random(26);
      JsonNode end = CompletableFuture.supplyAsync(() -> {
        while (true) {
          JsonNode s = web.snapshot(game);
          if (s.get("status").asText().equals("finished")) return s;
          boolean between = s.get("turn").isNull() && s.hasNonNull("between") && !s.get("between").get("ready").get(webSeat).asBoolean();
          if (between || (!s.get("turn").isNull() && s.get("turn").asInt() == webSeat)) {
            ApiClient.Resp r = web.act(game, s.get("version").asInt(),
                between ? ApiClient.action("continue") : ApiClient.randomAction(s, rnd, 0.0));
            assertThat(r.status()).as("web: %s", r).isIn(200, 409); // 409: the CLIP side acted in between
          } else {
            sleepQuietly(20);
          }
        }
      }).get(60, TimeUnit.SECONDS);
      String clipEnd = clipSide.get(30, TimeUnit.SECONDS);
      int clipSeat = 1 - webSeat;
      boolean clipWon = end.get("matchWinner").asInt() == clipSeat;
      int hi = Math.max(end.get("score").get(0).asInt(), end.get("score").get(1).asInt());
      int lo = Math.min(end.get("score").get(0).asInt(), end.get("score").get(1).asInt());
      assertThat(clipEnd).isEqualTo((clipWon ? "You win" : "webby wins") + " the 3 point match " + hi + "-" + lo + " .");
      assertThat(clippy.transcript).contains("You are now playing with webby. Your running match was loaded.");
      assertThat(clippy.transcript).anyMatch(l -> l.matches("webby moves [0-9a-z -]+ \\."));
      assertThat(clippy.transcript).anyMatch(l -> l.matches("webby rolls \\d and \\d\\."));
    }
  }

  static void sleepQuietly(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
