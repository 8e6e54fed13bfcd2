package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import tabla.server.kernel.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The heap a live match keeps on the server (issue 24: at most 30 kB for its room and its two players' open sockets,
 * after a full collection). The server runs as its own process, so the JDK client's sockets of this JVM are not
 * counted: its class histogram (jcmd, which collects first) is read before the matches and with them open.
 * A measurement, not part of {@code ./tabla test}: run it with TABLA_MEASURE_MATCHES=N (docs/measurements/
 * 2026-11-27-bytes-per-match.md has the command and the numbers).
 */
@EnabledIfEnvironmentVariable(named = "TABLA_MEASURE_MATCHES", matches = "[0-9]+")
class LiveMatchMemoryTest {
  static final long MAX_BYTES_PER_MATCH = 30 * 1024;

  @Test
  void aLiveMatchKeepsLittleHeap() throws Exception {
    int n = Integer.parseInt(System.getenv("TABLA_MEASURE_MATCHES"));
    // TABLA_MEASURE_DB=postgres: on PostgreSQL, whose page cache is not in the server's heap (H2's is, bounded)
    TestDb db = "postgres".equals(System.getenv("TABLA_MEASURE_DB")) ? TestDb.POSTGRES : TestDb.H2;
    db.assume();
    ServerConfig config = db.freshConfig(TestServers.DICE_SEED).withPort(ServerProcess.freePort());
    Path dir = TestDb.tempDir("tabla-match-memory-");
    try (ServerProcess server = new ServerProcess(dir.resolve("server.log"))) {
      int port = server.start(TestDb.env(config));
      ApiClient alice = new ApiClient(port).registered("alice");
      ApiClient bob = new ApiClient(port).registered("bob");
      List<ApiWebSocketTest.Socket> warm = open(alice, bob, ApiClient.newGame(alice, bob, 3));
      Map<String, long[]> before = histogram(server.pid());
      List<ApiWebSocketTest.Socket> sockets = new java.util.concurrent.CopyOnWriteArrayList<>(warm);
      // a socket quiet for 30 s is closed by the server (Jetty's idle timeout), as a page's is not: a slow setup
      // (a loaded machine) would otherwise measure fewer sockets than it opened
      java.util.concurrent.ScheduledExecutorService pings = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
      pings.scheduleWithFixedDelay(() -> sockets.forEach(s -> s.ws.sendPing(java.nio.ByteBuffer.allocate(0))),
          10, 10, java.util.concurrent.TimeUnit.SECONDS);
      for (int i = 0; i < n; i++) sockets.addAll(open(alice, bob, ApiClient.newGame(alice, bob, 3)));
      Map<String, long[]> after = histogram(server.pid());
      pings.shutdownNow();
      assertThat(sockets).as("sockets closed before the reading").noneMatch(s -> s.closed.isDone());
      String dump = System.getenv("TABLA_MEASURE_DUMP");
      if (dump != null) jcmd(server.pid(), "GC.heap_dump", dump); // for a look at who holds what (the doc's analyser)
      long perMatch = (after.get("Total")[1] - before.get("Total")[1]) / n;
      System.out.printf("%d live matches: %d bytes of server heap each (room and two open sockets)%n", n, perMatch);
      after.entrySet().stream()
          .map(e -> Map.entry(e.getKey(), e.getValue()[1] - before.getOrDefault(e.getKey(), new long[2])[1]))
          .filter(e -> !e.getKey().equals("Total"))
          .sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(60)
          .forEach(e -> System.out.printf("  %8d bytes per match  %s%n", e.getValue() / n, e.getKey()));
      Map<String, Long> byOwner = new java.util.TreeMap<>();
      after.forEach((k, v) -> {
        if (k.equals("Total")) return;
        String owner = k.startsWith("tabla.") ? "tabla" : k.startsWith("org.eclipse.jetty") ? "jetty"
            : k.startsWith("io.javalin") ? "javalin" : k.startsWith("org.h2") || k.startsWith("[Lorg.h2") ? "h2"
            : "java and arrays";
        byOwner.merge(owner, v[1] - before.getOrDefault(k, new long[2])[1], Long::sum);
      });
      byOwner.forEach((k, v) -> System.out.printf("  %8d bytes per match in classes of %s%n", v / n, k));
      assertThat(perMatch).as("server heap per live match, bytes").isLessThanOrEqualTo(MAX_BYTES_PER_MATCH);
      assertThat(sockets).hasSize(2 * n + 2);
    }
  }

  /** Both players' boards on the game, as the page opens them (with chat), each read up to its snapshot. */
  private static List<ApiWebSocketTest.Socket> open(ApiClient alice, ApiClient bob, long game) throws Exception {
    List<ApiWebSocketTest.Socket> out = new ArrayList<>();
    for (ApiClient c : new ApiClient[] {alice, bob}) {
      ApiWebSocketTest.Socket s = ApiWebSocketTest.Socket.open(c, game, "?chat=1");
      while (!s.next().get("type").asText().equals("snapshot")) {
        // chat history and counts come first
      }
      s.messages.clear();
      out.add(s);
    }
    return out;
  }

  /** The server's live objects by class after a full collection: {instances, bytes}, and "Total". */
  private static Map<String, long[]> histogram(long pid) throws IOException, InterruptedException {
    Map<String, long[]> rows = new HashMap<>();
    for (String line : jcmd(pid, "GC.class_histogram").split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 4 && f[0].endsWith(":")) rows.put(f[3], new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
      if (f.length == 3 && f[0].equals("Total")) rows.put("Total", new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
    }
    return rows;
  }

  private static String jcmd(long pid, String... command) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
        String.valueOf(pid)));
    cmd.addAll(List.of(command));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as("jcmd: %s", text).isZero();
    return text;
  }
}
