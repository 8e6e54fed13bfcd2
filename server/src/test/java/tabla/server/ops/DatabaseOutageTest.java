package tabla.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.kernel.ServerConfig;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.RunsAlone;

/**
 * PostgreSQL unreachable (every connection cut by a relay): API requests are answered 503 with Retry-After and a
 * plain sentence within 2 s, however many wait at once, and so are WebSocket upgrades; static files keep serving
 * meanwhile; once the database is back, the same session works again without a restart.
 */
@RunsAlone // every request answered within 2 s while PostgreSQL is cut off
class DatabaseOutageTest {
  private static final int WAITING = 200;

  /** An answer and how long it took. */
  private record Timed(Resp resp, long millis) {}

  @Test
  @Timeout(180)
  void requestsFailFastWith503AndServiceComesBackByItself() throws Exception {
    ServerConfig base = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    ExecutorService pool = Executors.newFixedThreadPool(64);
    try (TcpProxy proxy = TcpProxy.toDatabaseOf(base)) {
      try (TablaServer server = TablaServer.start(proxy.through(base))) {
        ApiClient alice = new ApiClient(server.port()).registered("outage");
        long game = alice.computerGame(1, "random");

        proxy.cut();
        // sessions are remembered a few seconds; past that, opening a socket needs the database
        Thread.sleep(tabla.server.accounts.Accounts.SESSION_MEMORY.toMillis() + 500);
        // the first to find the database away is a socket: closed with "try again later" and the plain sentence
        CompletableFuture<String> closed = new CompletableFuture<>();
        alice.webSocket("/ws/games/" + game, new WebSocket.Listener() {
          @Override
          public CompletionStage<?> onClose(WebSocket ws, int code, String reason) {
            closed.complete(code + " " + reason);
            return null;
          }
        });
        assertThat(closed.get(30, TimeUnit.SECONDS)).isEqualTo("1013 " + DatabaseOutage.MESSAGE);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Timed>> api = new ArrayList<>();
        for (int i = 0; i < WAITING; i++) {
          String path = i % 2 == 0 ? "/api/me" : "/api/games/" + game;
          api.add(pool.submit(() -> {
            go.await();
            return timed(() -> alice.get(path));
          }));
        }
        go.countDown();
        ApiClient visitor = new ApiClient(server.port());
        Timed page = timed(() -> visitor.get("/index.html"));
        assertThat(page.resp().status()).isEqualTo(200);
        Timed script = timed(() -> visitor.get("/pages/lobby.js"));
        assertThat(script.resp().status()).isEqualTo(200);

        long slowest = 0;
        for (Future<Timed> f : api) {
          Timed t = f.get();
          assertThat(t.resp().status()).as("%s", t.resp()).isEqualTo(503);
          assertThat(t.resp().headers().firstValue("Retry-After")).hasValueSatisfying(v -> assertThat(Long.parseLong(v)).isBetween(1L, 5L));
          assertThat(t.resp().error()).isEqualTo("the site cannot reach its database just now: please try again in a few seconds");
          slowest = Math.max(slowest, t.millis());
        }
        // The server's own time for each 503 (its request timer), and the clients' (which add their own queueing
        // on this shared machine, so only show that nothing hung).
        double serverSlowest = slowest503Seconds(visitor.get("/metrics").body());
        System.out.printf("database cut: %d API answers, slowest %.0f ms in the server, %d ms at the client; "
            + "/index.html in %d ms, /pages/lobby.js in %d ms%n", WAITING, serverSlowest * 1000, slowest, page.millis(), script.millis());
        assertThat(serverSlowest).as("every request answered within 2 s").isLessThan(2.0);
        assertThat(slowest).as("no client waited for a hung request").isLessThan(5000);
        assertThat(Math.max(page.millis(), script.millis())).as("static files while it is down").isLessThan(2000);
        for (String socket : List.of("/ws/games/" + game, "/ws/site")) {
          Resp upgrade = upgrade(alice, socket);
          assertThat(upgrade.status()).as("the upgrade of %s", socket).isEqualTo(503);
          assertThat(upgrade.headers().firstValue("Retry-After")).contains(String.valueOf(DatabaseOutage.RETRY_SECONDS));
        }

        proxy.restore();
        long end = System.nanoTime() + 60_000_000_000L;
        Resp me;
        do {
          me = alice.get("/api/me");
          if (me.status() == 200) break;
          Thread.sleep(250);
        } while (System.nanoTime() < end);
        assertThat(me.status()).as("the same session works again: %s", me).isEqualTo(200);
        assertThat(alice.get("/api/games/" + game).status()).isEqualTo(200);
        assertThat(alice.webSocket("/ws/games/" + game, new WebSocket.Listener() {})).as("a socket opens again").isNotNull();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** The answer to a WebSocket upgrade of {@code path} that the server refused (it fails the test if it opened). */
  private static Resp upgrade(ApiClient c, String path) {
    try {
      c.webSocket(path, new WebSocket.Listener() {}).abort();
    } catch (CompletionException e) {
      if (e.getCause() instanceof WebSocketHandshakeException h) {
        HttpResponse<?> r = h.getResponse();
        return new Resp(r.statusCode(), String.valueOf(r.body()), null, r.headers());
      }
      throw e;
    }
    throw new AssertionError(path + " opened while the database was away");
  }

  /** The longest 503 answer in seconds, from the server's request timer (Prometheus text). */
  private static double slowest503Seconds(String metrics) {
    double max = 0;
    for (String line : metrics.split("\n")) {
      if (line.startsWith("http_server_requests_seconds_max{") && line.contains("status=\"503\"")) {
        max = Math.max(max, Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)));
      }
    }
    assertThat(max).as("the server timed its 503 answers").isPositive();
    return max;
  }

  private static Timed timed(java.util.function.Supplier<Resp> call) {
    long t0 = System.nanoTime();
    Resp r = call.get();
    return new Timed(r, (System.nanoTime() - t0) / 1_000_000);
  }
}
