package tabla.server;

import tabla.server.kernel.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient.Resp;

/**
 * Several node processes on one PostgreSQL schema, the two players of each game on different nodes, and nodes
 * killed with SIGKILL during play and started again. Afterwards, from the database: every acknowledged action is
 * stored as it was sent, every game finished, no game's clock fired twice, and no game ran on two nodes at once
 * (each game's actions carry non-decreasing lease epochs: a write under an epoch another node had replaced would
 * have been refused). Prints the takeover times: from each kill to each of the dead node's games being taken.
 *
 * <p>By default a short run for {@code ./tabla test}: 2 nodes, 2 games, 1 kill. The run (README "Running a
 * cluster"): TABLA_CLUSTER_NODES=3 TABLA_CLUSTER_GAMES=200 TABLA_CLUSTER_KILLS=10.
 */
@RunsAlone // takeovers within 10 s and node answers within a patience
class ClusterKillTest {
  private static final String SECRET = "cluster-kill-test-secret-0123456789";
  private static final int NODES = env("TABLA_CLUSTER_NODES", 2);
  private static final int GAMES = env("TABLA_CLUSTER_GAMES", 2);
  private static final int KILLS = env("TABLA_CLUSTER_KILLS", 1);
  /** Games played at once (each pair of players plays its games one after the other). */
  private static final int PAIRS = Math.min(GAMES, env("TABLA_CLUSTER_PAIRS", 20));
  /** Every tenth game has a 1-second clock and a player who stops playing: its clock must fire, once. */
  private static final int TIMED_EVERY = 10;
  /** A request that meets a dead node or a game in transit is tried again (another node) for this long. */
  private static final long PATIENCE_MILLIS = 90_000;

  private record Ack(long game, int seq, String type) {}

  private record Kill(int node, long atMillis) {}

  /** A node process: its name, fixed port (it comes back on the same one) and environment. */
  private static final class Node {
    final String id;
    final int port = ServerProcess.freePort();
    final ServerProcess process;
    final Map<String, String> env;

    Node(int i, ServerConfig config, Path dir) {
      id = "n" + (i + 1);
      process = new ServerProcess(dir.resolve(id + ".log"));
      env = new HashMap<>(TestDb.env(config.withPort(port)));
      env.put("TABLA_NODE_ID", id);
      env.put("TABLA_CLUSTER_SECRET", SECRET);
    }

    void start() {
      process.start(env);
    }
  }

  /** One person: the same session on every node; requests go to the home node, or to the next one while it is down. */
  private static final class Person {
    final ApiClient[] at;
    final int home;

    Person(ApiClient first, List<Node> nodes, int home) {
      at = new ApiClient[nodes.size()];
      for (int i = 0; i < at.length; i++) at[i] = first.at(nodes.get(i).port);
      this.home = home;
    }

    Resp call(Function<ApiClient, Resp> request) {
      long end = System.currentTimeMillis() + PATIENCE_MILLIS;
      for (int attempt = 0; ; attempt++) {
        ApiClient c = at[(home + attempt) % at.length];
        try {
          Resp r = request.apply(c);
          if (r.status() != 503 && r.status() != 502) return r;
        } catch (UncheckedIOException | IllegalStateException e) {
          // the node is down (killed, or starting again): another one answers
        }
        assertThat(System.currentTimeMillis()).as("a node answers within %d s", PATIENCE_MILLIS / 1000).isLessThan(end);
        sleep(100);
      }
    }
  }

  @Test
  void nodesKilledDuringPlayLoseNothingAndTheirGamesGoOn() throws Exception {
    TestDb.POSTGRES.assume();
    ServerConfig config = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    Path dir = Files.createDirectories(Path.of("target", "cluster-logs-" + System.currentTimeMillis())); // kept
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < NODES; i++) nodes.add(new Node(i, config, dir));
    try {
      nodes.forEach(Node::start);
      // pair p: seat 0 on node p, seat 1 on the next node; the acceptor's node runs the game at first
      List<Person[]> pairs = new ArrayList<>();
      for (int p = 0; p < PAIRS; p++) {
        Node n0 = nodes.get(p % NODES);
        Node n1 = nodes.get((p + 1) % NODES);
        pairs.add(new Person[] {
            new Person(new ApiClient(n0.port).registered("c" + p), nodes, p % NODES),
            new Person(new ApiClient(n1.port).registered("d" + p), nodes, (p + 1) % NODES)});
      }
      List<List<Long>> gamesOfPair = new ArrayList<>();
      for (int p = 0; p < PAIRS; p++) gamesOfPair.add(new ArrayList<>());
      List<Long> timed = new ArrayList<>();
      for (int g = 0; g < GAMES; g++) {
        Person[] pair = pairs.get(g % PAIRS);
        boolean clock = g % TIMED_EVERY == TIMED_EVERY - 1;
        String body = "{\"rules\":{\"matchLength\":1},\"mode\":\"live\""
            + (clock ? ",\"clock\":{\"reservePerPoint\":1,\"delay\":1}}" : "}");
        Resp seek = pair[0].call(c -> c.postRaw("/api/seeks", body, true));
        assertThat(seek.status()).as("seek: %s", seek).isEqualTo(201);
        String accept = "/api/seeks/" + seek.json().get("seek").get("id").asLong() + "/accept";
        Resp accepted = pair[1].call(c -> c.post(accept, null));
        assertThat(accepted.status()).as("accept: %s (logs in %s)", accepted, dir).isEqualTo(200);
        long game = accepted.json().get("gameId").asLong();
        gamesOfPair.get(g % PAIRS).add(game);
        if (clock) timed.add(game);
      }

      ConcurrentLinkedQueue<Ack> acks = new ConcurrentLinkedQueue<>();
      AtomicInteger finished = new AtomicInteger();
      AtomicBoolean playing = new AtomicBoolean(true);
      ExecutorService pool = Executors.newFixedThreadPool(PAIRS + 1);
      List<Kill> kills = Collections.synchronizedList(new ArrayList<>());
      try {
        // the killer: kill i once the games have gone on a while, so every kill falls during play
        int acksPerKill = Math.max(10, GAMES * 30 / (KILLS + 1));
        Future<?> killer = pool.submit(() -> {
          Random rnd = new Random(7);
          for (int i = 1; i <= KILLS; i++) {
            while (acks.size() < i * acksPerKill) {
              assertThat(playing.get()).as("play ended before kill %d", i).isTrue();
              sleep(50);
            }
            int victim = rnd.nextInt(NODES);
            nodes.get(victim).process.kill();
            kills.add(new Kill(victim, System.currentTimeMillis()));
            nodes.get(victim).start();
          }
          return null;
        });
        List<Future<?>> drivers = new ArrayList<>();
        for (int p = 0; p < PAIRS; p++) {
          Person[] pair = pairs.get(p);
          List<Long> games = gamesOfPair.get(p);
          long seed = p;
          drivers.add(pool.submit(() -> {
            Random rnd = new Random(seed);
            for (long g : games) {
              play(g, pair, timed.contains(g), rnd, acks);
              finished.incrementAndGet();
            }
            return null;
          }));
        }
        for (Future<?> d : drivers) d.get();
        playing.set(false);
        killer.get();
      } finally {
        playing.set(false);
        pool.shutdownNow();
      }
      check(config, acks, timed, kills, nodes);
    } finally {
      for (Node n : nodes) n.process.close();
    }
  }

  /** Plays one game to its end; in a timed game seat 1 stops after a few actions and waits for its flag to fall. */
  private static void play(long game, Person[] seats, boolean abandon, Random rnd, ConcurrentLinkedQueue<Ack> acks) {
    for (int steps = 0; ; steps++) {
      assertThat(steps).as("steps in game %d", game).isLessThan(20_000);
      Resp r = seats[0].call(c -> c.get("/api/games/" + game));
      assertThat(r.status()).as("snapshot of game %d: %s", game, r).isEqualTo(200);
      JsonNode s = r.json();
      if (s.get("status").asText().equals("finished")) return;
      if (s.get("turn").isNull()) {
        sleep(20);
        continue;
      }
      int turn = s.get("turn").asInt();
      if (abandon && turn == 1 && s.get("version").asInt() > 6) {
        sleep(250); // seat 1 has left: the clock ends the game
        continue;
      }
      Person mover = seats[turn];
      JsonNode mine = turn == 0 ? s : mover.call(c -> c.get("/api/games/" + game)).json();
      if (!mine.hasNonNull("turn") || mine.get("turn").asInt() != turn) continue;
      int v = mine.get("version").asInt();
      ObjectNode action = ApiClient.randomAction(mine, rnd, 0);
      Resp answer = mover.call(c -> c.act(game, v, action));
      if (answer.status() == 200) acks.add(new Ack(game, v + 1, action.get("type").asText()));
      // anything else (a version that moved on, a flag that fell): read the game again
    }
  }

  private static void check(ServerConfig c, ConcurrentLinkedQueue<Ack> acks, List<Long> timed, List<Kill> kills,
      List<Node> nodes) throws Exception {
    try (Connection con = DriverManager.getConnection(c.dbUrl(), c.dbUser(), c.dbPassword());
        Statement st = con.createStatement()) {
      assertThat(count(st, "SELECT COUNT(*) FROM games WHERE status <> 'finished'")).as("unfinished games").isZero();
      assertThat(count(st, "SELECT COUNT(*) FROM games")).isEqualTo(GAMES);

      Map<Long, Map<Integer, String>> stored = new HashMap<>();
      Map<Long, List<Long>> epochs = new HashMap<>();
      Map<Long, List<Integer>> timeouts = new HashMap<>();
      Map<Long, Integer> lastSeq = new HashMap<>();
      try (ResultSet rs = st.executeQuery("SELECT game_id, seq, payload, epoch FROM game_events ORDER BY game_id, seq")) {
        while (rs.next()) {
          long g = rs.getLong(1);
          int seq = rs.getInt(2);
          String type = ApiClient.JSON.readTree(rs.getString(3)).get("t").asText();
          stored.computeIfAbsent(g, k -> new HashMap<>()).put(seq, type);
          epochs.computeIfAbsent(g, k -> new ArrayList<>()).add(rs.getLong(4));
          if (type.equals("timeout")) timeouts.computeIfAbsent(g, k -> new ArrayList<>()).add(seq);
          lastSeq.put(g, seq);
        }
      }
      for (Ack a : acks) {
        assertThat(stored.getOrDefault(a.game(), Map.of()).get(a.seq())).as("acknowledged %s", a).isEqualTo(a.type());
      }
      for (Map.Entry<Long, List<Integer>> t : timeouts.entrySet()) {
        assertThat(t.getValue()).as("the clock of game %d fired once, and ended it", t.getKey())
            .containsExactly(lastSeq.get(t.getKey()));
      }
      for (long g : timed) assertThat(timeouts).as("timed game %d ended on time", g).containsKey(g);
      for (Map.Entry<Long, List<Long>> e : epochs.entrySet()) {
        assertThat(e.getValue()).as("game %d: never back to an earlier owner's epoch", e.getKey()).isSorted()
            .doesNotContainNull();
      }

      // takeovers: each lease the killed node held at its kill, timed from the kill to another holder
      List<Long> takeovers = new ArrayList<>();
      // (the previous lease taken before the kill: the killed run held it, not the node started again after it)
      try (ResultSet rs = st.executeQuery("SELECT l.game_id, l.taken_at, p.owner, p.taken_at FROM game_lease_log l "
          + "JOIN game_lease_log p ON p.game_id = l.game_id AND p.epoch = l.epoch - 1 ORDER BY l.taken_at")) {
        List<long[]> seen = new ArrayList<>();
        while (rs.next()) {
          long takenAt = rs.getLong(2);
          String previous = rs.getString(3);
          for (int k = 0; k < kills.size(); k++) {
            Kill kill = kills.get(k);
            long until = k + 1 < kills.size() ? kills.get(k + 1).atMillis() : Long.MAX_VALUE;
            if (nodes.get(kill.node()).id.equals(previous) && rs.getLong(4) < kill.atMillis() && takenAt >= kill.atMillis()
                && takenAt < until) {
              long key = rs.getLong(1);
              final int kk = k;
              if (seen.stream().noneMatch(x -> x[0] == key && x[1] == kk)) {
                seen.add(new long[] {key, k});
                takeovers.add(takenAt - kill.atMillis());
              }
            }
          }
        }
      }
      Collections.sort(takeovers);
      assertThat(takeovers).as("at least one game taken over from a killed node").isNotEmpty();
      String report = "cluster test: " + NODES + " nodes, " + GAMES + " games, " + kills.size() + " kills, "
          + acks.size() + " acknowledged actions all stored; " + takeovers.size() + " takeovers: p50 "
          + takeovers.get(takeovers.size() / 2) + " ms, max " + takeovers.get(takeovers.size() - 1) + " ms";
      System.out.println(report);
      Files.writeString(Path.of("target", "cluster-test.txt"), report + "\n");
      // 4 s by design (3 s lease + 1 s scan); the slack is for a 2-core machine shared with the test's own JVMs
      assertThat(takeovers.get(takeovers.size() - 1)).as("slowest takeover (ms)").isLessThan(10_000);
    }
  }

  private static long count(Statement st, String sql) throws Exception {
    try (ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static int env(String name, int dflt) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? dflt : Integer.parseInt(v.trim());
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
