package tabla.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.server.ServerConfig;
import tabla.server.TablaServer;

/**
 * Plays many simulated games between pairs of simulated users against a server on loopback: every
 * player holds a WebSocket on its game and posts its actions over HTTP. Reports how many games were
 * held at once, actions per second, and the latency of accepted actions (p50, p99, max).
 */
@Command(name = "loadtest", description = "Simulated games over HTTP + WebSocket on loopback; reports games held and p99 action latency.")
final class LoadTestCommand implements Callable<Integer> {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Option(names = "--games", description = "games played at once (default 200)")
  int games = 200;

  @Option(names = "--seconds", description = "how long to play (default 60)")
  int seconds = 60;

  @Option(names = "--threads", description = "client threads (default 32)")
  int threads = 32;

  @Option(names = "--url", description = "an already running server; default: start one on a fresh H2 database")
  String url;

  private final ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
  private final AtomicInteger errors = new AtomicInteger();
  private final AtomicInteger finished = new AtomicInteger();
  private final AtomicLong wsMessages = new AtomicLong();

  @Override
  public Integer call() throws Exception {
    TablaServer server = null;
    if (url == null) {
      Path dir = Files.createTempDirectory("tabla-load");
      server = TablaServer.start(new ServerConfig(0, ServerConfig.h2Url(dir), "tabla", "", 1L,
          tabla.server.ops.SiteSettings.defaults().withDataDir(dir)));
      url = "http://localhost:" + server.port();
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Sim> sims = new ArrayList<>();
      for (int i = 0; i < games; i++) sims.add(new Sim(i));
      long t0 = System.nanoTime();
      for (Sim s : sims) pool.submit(() -> s.setUp());
      pool.shutdown();
      pool.awaitTermination(10, TimeUnit.MINUTES);
      int held = (int) sims.stream().filter(s -> s.ready).count();
      System.out.printf("set up %d games (%d with both WebSockets open) in %.1f s%n", games, held,
          (System.nanoTime() - t0) / 1e9);
      ExecutorService play = Executors.newFixedThreadPool(threads);
      long end = System.currentTimeMillis() + seconds * 1000L;
      long p0 = System.nanoTime();
      for (Sim s : sims) play.submit(() -> s.playUntil(end));
      play.shutdown();
      play.awaitTermination(seconds + 120L, TimeUnit.SECONDS);
      double elapsed = (System.nanoTime() - p0) / 1e9;
      report(held, elapsed);
      for (Sim s : sims) s.close();
    } finally {
      if (server != null) server.close();
    }
    return errors.get() == 0 ? 0 : 1;
  }

  private void report(int held, double elapsed) {
    long[] l = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
    if (l.length == 0) {
      System.out.println("no actions were accepted");
      return;
    }
    System.out.printf("games held at once: %d; actions accepted: %d in %.1f s (%.0f/s); matches finished: %d;"
            + " WebSocket events received: %d; errors: %d%n",
        held, l.length, elapsed, l.length / elapsed, finished.get(), wsMessages.get(), errors.get());
    System.out.printf("action latency (POST to response, stored and broadcast): p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
        pct(l, 0.50), pct(l, 0.99), l[l.length - 1] / 1e6);
  }

  private static double pct(long[] sorted, double p) {
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
  }

  /** One simulated game: two users, their cookies, their sockets. */
  private final class Sim {
    private final int n;
    private final Client[] players = new Client[2];
    private final Random rnd;
    private long gameId;
    private volatile boolean ready;

    Sim(int n) {
      this.n = n;
      this.rnd = new Random(n);
    }

    void setUp() {
      try {
        String tag = Long.toString(System.nanoTime() % 1_000_000_000L, 36) + n;
        for (int i = 0; i < 2; i++) players[i] = new Client("lt" + i + "_" + tag);
        newMatch();
        ready = true;
      } catch (Exception e) {
        errors.incrementAndGet();
        System.err.println("set-up of game " + n + " failed: " + e);
      }
    }

    void playUntil(long end) {
      if (!ready) return;
      try {
        while (System.currentTimeMillis() < end) {
          JsonNode s = players[0].get("/api/games/" + gameId);
          if (!"playing".equals(s.get("status").asText())) {
            finished.incrementAndGet();
            newMatch();
            continue;
          }
          // between two games nobody is to act: each player says "continue" (the second starts the next game)
          boolean between = s.get("turn").isNull() && s.hasNonNull("between");
          int turn = between ? (s.get("between").get("ready").get(0).asBoolean() ? 1 : 0) : s.get("turn").asInt();
          Client me = players[turn];
          JsonNode mine = me.get("/api/games/" + gameId);
          String body = between ? "{\"version\":" + mine.get("version").asInt() + ",\"type\":\"continue\"}" : decide(mine);
          long t = System.nanoTime();
          me.post("/api/games/" + gameId + "/actions", body);
          latencies.add(System.nanoTime() - t);
        }
      } catch (Exception e) {
        errors.incrementAndGet();
        System.err.println("game " + n + " failed: " + e);
      }
    }

    /** Player 0 offers a 3-point match, player 1 accepts it, both watch it. */
    private void newMatch() throws Exception {
      JsonNode seek = players[0].post("/api/seeks", "{\"rules\":{\"matchLength\":3},\"mode\":\"correspondence\"}");
      gameId = players[1].post("/api/seeks/" + seek.get("seek").get("id").asLong() + "/accept", "{}").get("gameId").asLong();
      for (Client c : players) c.listen(gameId);
    }

    private String decide(JsonNode s) {
      int v = s.get("version").asInt();
      String phase = s.get("phase").asText();
      String type = switch (phase) {
        case "ROLL" -> s.get("canDouble").asBoolean() && rnd.nextInt(20) == 0 ? "double" : "roll";
        case "DOUBLE_OFFERED" -> rnd.nextInt(4) == 0 ? "drop" : "take";
        case "RESIGN_OFFERED" -> "accept";
        default -> "move";
      };
      if (!type.equals("move")) return "{\"version\":" + v + ",\"type\":\"" + type + "\"}";
      JsonNode plays = s.get("legalPlays");
      String move = plays.get(rnd.nextInt(plays.size())).get("move").asText();
      return "{\"version\":" + v + ",\"type\":\"move\",\"move\":\"" + move + "\"}";
    }

    void close() {
      for (Client c : players) if (c != null) c.close();
    }
  }

  /** One simulated user: a cookie jar, a CSRF token, a WebSocket. */
  private final class Client {
    private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
        .connectTimeout(Duration.ofSeconds(10)).build();
    private String csrf = "";
    private WebSocket ws;

    Client(String name) throws Exception {
      csrf = post("/api/register", "{\"name\":\"" + name + "\",\"password\":\"load-test-pw\"}").get("csrf").asText();
    }

    JsonNode get(String path) throws Exception {
      return send(HttpRequest.newBuilder(URI.create(url + path)).GET().build());
    }

    JsonNode post(String path, String body) throws Exception {
      return send(HttpRequest.newBuilder(URI.create(url + path)).header("X-CSRF-Token", csrf)
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private JsonNode send(HttpRequest r) throws Exception {
      HttpResponse<String> resp = http.send(r, HttpResponse.BodyHandlers.ofString());
      if (resp.statusCode() >= 300) throw new IllegalStateException(r.uri().getPath() + " → " + resp.statusCode() + " " + resp.body());
      return JSON.readTree(resp.body());
    }

    void listen(long gameId) {
      if (ws != null) ws.abort();
      String wsUrl = url.replaceFirst("^http", "ws") + "/ws/games/" + gameId;
      ws = http.newWebSocketBuilder().buildAsync(URI.create(wsUrl), new WebSocket.Listener() {
        @Override
        public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
          if (last) wsMessages.incrementAndGet();
          w.request(1);
          return null;
        }
      }).join();
    }

    void close() {
      if (ws != null) ws.abort();
    }
  }
}
