package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.ServerConfig;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.ops.TcpProxy;

/**
 * PostgreSQL unreachable (cut by a relay) while a CLIP user and an API user play one match, the CLIP user to move:
 * his move is answered with the plain outage line and changes nothing; the next commands are refused at once with
 * the same line while the site knows the database is away; the API user meanwhile gets the API's 503. Once the
 * database is back, the same CLIP session (still logged in) moves, the API user sees the move, and the CLIP user
 * hears the API user's next turn: nothing was lost on either side. The log has a WARN without a stack, no ERROR.
 */
class ClipOutageTest {
  private static final String PW = "correct_horse";

  @Test
  @Timeout(180)
  void aMoveThatMeetsTheDatabaseAwayIsRefusedAndWorksOnceItIsBack() {
    ServerConfig base = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED).withFibs(FibsTestServer.settings());
    Logger clipLog = (Logger) LoggerFactory.getLogger(ClipServer.class);
    ListAppender<ILoggingEvent> log = new ListAppender<>();
    log.start();
    clipLog.addAppender(log);
    try (TcpProxy proxy = TcpProxy.toDatabaseOf(base);
        TablaServer server = TablaServer.start(proxy.through(base))) {
      ApiClient web = new ApiClient(server.port());
      assertThat(web.register("webby", PW).status()).isEqualTo(201);
      ApiClient clipsAccount = new ApiClient(server.port());
      assertThat(clipsAccount.register("clippy", PW).status()).isEqualTo(201);
      long game = ApiClient.newGame(web, clipsAccount, 3);
      try (ClipClient clippy = new ClipClient("clippy", server.fibsPort())) {
        clippy.login("clippy", PW);
        clippy.send("join webby");
        clippy.await("^You are now playing with webby");
        int webSeat = web.snapshot(game).get("you").asInt();
        Random rnd = new Random(14);
        String play = playUntilClipMoves(web, webSeat, clippy, game, rnd);
        JsonNode before = web.snapshot(game);

        proxy.cut();
        clippy.drain();
        clippy.send("move " + play);
        clippy.await("^\\*\\* The site cannot reach its database just now: please try again in a few seconds\\. Nothing was changed\\.$");
        // the site knows now: the door refuses the next command at once, with the same line, and so does the API
        clippy.send("board");
        String refused = clippy.await("^(\\*\\*|board:)");
        assertThat(refused).isEqualTo(ClipServer.DATABASE_DOWN);
        Resp down = web.get("/api/games/" + game);
        assertThat(down.status()).as("%s", down).isEqualTo(503);
        assertThat(down.json().get("code").asText()).isEqualTo("site.database_down");
        assertThat(down.headers().firstValue("Retry-After")).contains(String.valueOf(DatabaseOutage.RETRY_SECONDS));
        // a login meanwhile: the same line, and the prompt again
        try (ClipClient late = new ClipClient("late", server.fibsPort())) {
          late.await("^Clients log in with");
          late.send("login TablaTest 1008 webby " + PW);
          assertThat(late.await("^\\*\\* ")).isEqualTo(ClipServer.DATABASE_DOWN);
          late.await("^login: ");
        }

        proxy.restore();
        awaitAnswers(web, game);
        JsonNode after = web.snapshot(game);
        assertThat(after.get("version")).as("nothing was stored").isEqualTo(before.get("version"));
        assertThat(after.get("board")).as("the board as before").isEqualTo(before.get("board"));
        assertThat(after.get("dice")).isEqualTo(before.get("dice"));

        // the same session, still logged in, moves now (a command typed within the prober's half second of the
        // database's return may still be refused: typed again, as the line asks)
        String moved = null;
        for (int i = 0; i < 40 && moved == null; i++) {
          clippy.drain();
          clippy.send("move " + play);
          String l = clippy.await("^(\\*\\* |board:)");
          if (l.startsWith("board:")) moved = l;
          else assertThat(l).isEqualTo(ClipServer.DATABASE_DOWN);
          if (moved == null) ClipVsWebTest.sleepQuietly(250);
        }
        assertThat(moved).as("the move went through once the database was back: %s", clippy.tail()).isNotNull();
        JsonNode stored = web.snapshot(game);
        assertThat(stored.get("version").asInt()).as("the API player sees the move").isGreaterThan(before.get("version").asInt());
        // the API player's next turn reaches the CLIP user: its subscription outlived the room's reload
        clippy.drain();
        webTurn(web, webSeat, game, rnd);
        clippy.await("^webby (rolls|moves|can't move)");
      }
    } finally {
      clipLog.detachAppender(log);
    }
    assertThat(log.list).noneMatch(e -> e.getLevel() == Level.ERROR);
    assertThat(log.list).filteredOn(e -> e.getLevel() == Level.WARN)
        .isNotEmpty()
        .allMatch(e -> e.getThrowableProxy() == null, "a WARN without a stack trace");
  }

  /**
   * The API user plays its turns and the CLIP user rolls until the CLIP user has a play to make; returns it in
   * FIBS's numbering.
   */
  private static String playUntilClipMoves(ApiClient web, int webSeat, ClipClient clippy, long game, Random rnd) {
    long end = System.nanoTime() + 60_000_000_000L;
    while (System.nanoTime() < end) {
      if (webTurn(web, webSeat, game, rnd)) continue;
      JsonNode s = web.snapshot(game);
      if (s.get("turn").isNull() || s.get("turn").asInt() == webSeat) {
        ClipVsWebTest.sleepQuietly(20);
        continue;
      }
      clippy.drain();
      clippy.send("board");
      BoardPlayer b = new BoardPlayer(clippy.await("^board:"));
      if (b.myTurnToMove()) {
        String play = b.firstPlay();
        if (play != null) return play;
      } else if (b.n(33) == 0) {
        clippy.send("roll");
      }
      ClipVsWebTest.sleepQuietly(20);
    }
    throw new AssertionError("the CLIP user never had a move to make: " + clippy.tail());
  }

  /** One action of the API user when it is his to act (a turn, or the next game's start); false when it is not. */
  private static boolean webTurn(ApiClient web, int webSeat, long game, Random rnd) {
    long end = System.nanoTime() + 30_000_000_000L;
    while (System.nanoTime() < end) {
      JsonNode s = web.snapshot(game);
      assertThat(s.get("status").asText()).isNotEqualTo("finished");
      boolean between = s.get("turn").isNull() && s.hasNonNull("between") && !s.get("between").get("ready").get(webSeat).asBoolean();
      if (!between && (s.get("turn").isNull() || s.get("turn").asInt() != webSeat)) return false;
      Resp r = web.act(game, s.get("version").asInt(), between ? ApiClient.action("continue") : ApiClient.randomAction(s, rnd, 0.0));
      assertThat(r.status()).as("web: %s", r).isIn(200, 409); // 409: the CLIP side acted in between
      if (r.status() == 200) return true;
    }
    throw new AssertionError("the API user's action was never taken");
  }

  /** Waits until the API answers again (the prober found the database back). */
  private static void awaitAnswers(ApiClient web, long game) {
    long end = System.nanoTime() + 60_000_000_000L;
    while (System.nanoTime() < end) {
      if (web.get("/api/games/" + game).status() == 200) return;
      ClipVsWebTest.sleepQuietly(250);
    }
    throw new AssertionError("the API did not answer again within 60 s of the database's return");
  }
}
