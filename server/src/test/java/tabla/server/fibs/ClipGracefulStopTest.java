package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient;
import tabla.server.HeldRows;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.FibsSettings;
import tabla.server.kernel.ServerConfig;

/**
 * The server's stop at the FIBS door, as tabla.server.GracefulStopTest does it for HTTP and the game sockets: a move
 * being stored when the stop begins is stored and its board written before the door closes (the door closed its
 * connections at once, the board lost, and took commands all through the stop's wait); every connection is told the
 * server restarts, and a command typed after that is refused with a line saying nothing was changed.
 */
class ClipGracefulStopTest {
  private static final String PASSWORD = "correct_horse";
  private static final FibsSettings DOOR = FibsSettings.on(0).withBounds(1024, 1000, 60 * 60_000L, 60_000L, 50, 200);

  /**
   * An admin's graceful shutdown is told at the door as on the web's pages (a CLIP user has no socket, and heard
   * nothing before the connection was cut): its seconds and text when announced, then the restart itself.
   */
  @Test
  @Timeout(60)
  void anAdminsShutdownIsAnnouncedAtTheDoorThenTheConnectionIsToldAndClosed() throws Exception {
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    TablaServer server = TablaServer.start(c.withSite(c.site().withAdmins(Set.of("boss"))).withFibs(DOOR));
    CountDownLatch stopped = new CountDownLatch(1);
    server.onShutdown(() -> {
      server.close();
      stopped.countDown();
    });
    try {
      ApiClient boss = new ApiClient(server.port());
      assertThat(boss.register("boss", PASSWORD).status()).isEqualTo(201);
      assertThat(new ApiClient(server.port()).register("clippy", PASSWORD).status()).isEqualTo(201);
      try (ClipClient clippy = new ClipClient("clippy", server.fibsPort())) {
        clippy.login("clippy", PASSWORD);
        ApiClient.Resp r = boss.post("/api/admin/shutdown", Map.of("seconds", 2, "message", "Upgrade to the new version"));
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        clippy.await("^\\*\\* The server will restart in 2 seconds: Upgrade to the new version$");
        clippy.await("^" + java.util.regex.Pattern.quote(ClipServer.STOPPING) + "$");
        assertThat(clippy.awaitClosed(30_000)).as("%s", clippy.tail()).isTrue();
      }
      assertThat(stopped.await(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      server.close();
    }
  }

  @Test
  @Timeout(90)
  void aMoveTypedWhenTheStopBeginsIsStoredAndItsBoardSentAndOneTypedAfterIsRefused() throws Exception {
    ServerConfig config = HeldRows.patientConfig().withFibs(DOOR);
    TablaServer server = TablaServer.start(config);
    CompletableFuture<Void> closing = null;
    long game;
    int version;
    int webSeat;
    try {
      ApiClient web = new ApiClient(server.port());
      assertThat(web.register("webby", PASSWORD).status()).isEqualTo(201);
      ApiClient clipsAccount = new ApiClient(server.port());
      assertThat(clipsAccount.register("clippy", PASSWORD).status()).isEqualTo(201);
      game = ApiClient.newGame(web, clipsAccount, 1);
      webSeat = web.snapshot(game).get("you").asInt();
      // both sides play on the web until it is the CLIP user's turn to move
      ApiClient[] seats = webSeat == 0 ? new ApiClient[] {web, clipsAccount} : new ApiClient[] {clipsAccount, web};
      JsonNode before = ApiClient.playUntil(game, seats, new Random(3),
          s -> s.get("turn").asInt() != webSeat && s.get("phase").asText().equals("MOVE"));
      version = before.get("version").asInt();

      try (ClipClient clippy = new ClipClient("clippy", server.fibsPort())) {
        clippy.login("clippy", PASSWORD);
        clippy.send("join webby");
        clippy.await("Your running match was loaded");
        BoardPlayer board = new BoardPlayer(clippy.await("^board:"));
        assertThat(board.myTurnToMove()).as("%s", clippy.tail()).isTrue();
        String play = board.firstPlay();
        assertThat(play).isNotNull();

        try (Connection lock = HeldRows.hold(config, "games", game)) {
          clippy.send("move " + play);
          HeldRows.awaitBlockedSession(lock);

          closing = CompletableFuture.runAsync(server::close);
          clippy.await("^\\*\\* The server is restarting now");
          clippy.send("move " + play); // typed after the notice: refused, nothing changed
          assertThat(closing).as("the stop waits for the move being stored").isNotDone();
          lock.rollback(); // the held move is stored
        }
        assertThat(clippy.awaitClosed(30_000)).as("the door closes the connection: %s", clippy.tail()).isTrue();
        List<String> told = clippy.transcript;
        int notice;
        synchronized (told) {
          notice = told.indexOf(ClipServer.STOPPING);
          assertThat(notice).as("%s", told).isNotNegative();
          List<String> after = List.copyOf(told.subList(notice, told.size()));
          assertThat(after).as("the board after the held move comes before the door closes")
              .anyMatch(l -> l.startsWith("board:") && !new BoardPlayer(l).myTurnToMove());
          assertThat(after).as("the move typed after the notice").containsOnlyOnce(ClipServer.REFUSED_STOPPING);
          assertThat(after).noneMatch(l -> l.startsWith("** You can't") || l.startsWith("** It's not your turn"));
        }
      }
      closing.get(30, TimeUnit.SECONDS);
    } finally {
      if (closing == null) server.close();
    }

    try (TablaServer again = TablaServer.start(config)) {
      ApiClient back = new ApiClient(again.port());
      assertThat(back.login("webby", PASSWORD).status()).isEqualTo(200);
      JsonNode s = back.snapshot(game);
      assertThat(s.get("version").asInt()).as("the move is stored").isGreaterThan(version);
      assertThat(s.get("turn").asInt()).as("%s", s).isEqualTo(webSeat);
    }
  }
}
