package tabla.cli;

import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.server.kernel.ServerConfig;
import tabla.server.TablaServer;

/**
 * Plays many simulated matches between pairs of simulated users against a server: every player holds a WebSocket
 * on its game and sends its actions over it (or posts them, {@code --actions http}) when an event says it is its
 * turn. Closed loop (act at once) by
 * default; {@code --think 2-6} waits like a person. Reports games held, actions per second and the latency of
 * accepted actions (p50, p99, max).
 */
@Command(name = "loadtest", description = "Simulated matches over HTTP + WebSocket; reports games held, actions/s and action latency.")
final class LoadTestCommand implements Callable<Integer> {
  @Option(names = "--games", description = "matches played at once (default 200)")
  int games = 200;

  @Option(names = "--seconds", description = "how long to play (default 60)")
  int seconds = 60;

  @Option(names = "--users", description = "registered users sharing the matches (default: two per match, at most 200)")
  Integer users;

  @Option(names = "--think", description = "seconds each player waits before acting, e.g. 2-6 (default 0: closed loop)")
  String think = "0";

  @Option(names = "--in-flight", description = "actions sent and not yet answered, at most (default: 32 in the "
      + "closed loop, no bound with --think, where people act on their own)")
  Integer inFlight;

  @Option(names = "--match-length", description = "points of each match (default 3)")
  int matchLength = 3;

  @Option(names = "--resign-from", description = "from this version of a game on, the player who may resign does "
      + "(a single game): short matches, for --finished (default 0: never)")
  int resignFrom;

  @Option(names = "--setup-parallel", description = "matches set up at once (default 16)")
  int setupParallel = 16;

  @Option(names = "--actions", description = "how players send their actions: socket (over the game's WebSocket, "
      + "the default) or http (a POST each)")
  String actions = "socket";

  @Option(names = "--url", description = "a running server, e.g. http://127.0.0.1:8080; default: start one in this "
      + "process on a fresh H2 database")
  String url;

  @Option(names = "--finished", description = "play until this many matches have finished (instead of --seconds) and "
      + "report the heap after a full GC at the start and at the end; only against the server of its own (no --url)")
  Integer finished;

  private volatile boolean running = true;

  @Override
  public Integer call() throws Exception {
    LoadGame.Think pace = think(think);
    if (!actions.equals("socket") && !actions.equals("http")) throw new IllegalArgumentException("--actions is socket or http");
    if (finished != null && url != null) {
      throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
          "--finished reads the heap of the server in this process: leave out --url");
    }
    TablaServer server = null;
    if (url == null) {
      Path dir = Files.createTempDirectory("tabla-load");
      server = TablaServer.start(new ServerConfig(0, ServerConfig.h2Url(dir), "tabla", "", 1L,
          tabla.server.kernel.SiteSettings.defaults().withDataDir(dir))
          .withLimits(tabla.server.kernel.http.RateLimits.defaults().withoutCreationLimits())); // every simulated player is this address
      url = "http://localhost:" + server.port();
    }
    ExecutorService io = Executors.newFixedThreadPool(4, daemon("load-io"));
    ScheduledExecutorService timer = Executors.newScheduledThreadPool(2, daemon("load-think"));
    HttpClient http = HttpClient.newBuilder().executor(io).connectTimeout(Duration.ofSeconds(10)).build();
    LoadStats stats = new LoadStats();
    try {
      long t0 = System.nanoTime();
      int n = users != null ? Math.max(2, users) : Math.min(2 * games, 200);
      List<LoadUser> people = register(http, n);
      LoadGame.InFlight window = new LoadGame.InFlight(
          inFlight != null ? inFlight : pace.maxMillis() == 0 ? 32 : Integer.MAX_VALUE);
      List<LoadGame> sims = new ArrayList<>();
      for (int i = 0; i < games; i++) {
        LoadUser a = people.get((2 * i) % n);
        LoadUser b = people.get((2 * i + 1) % n == (2 * i) % n ? (2 * i + 2) % n : (2 * i + 1) % n);
        sims.add(new LoadGame(a, b, stats, timer, pace, matchLength, resignFrom, () -> running, window, i,
            actions.equals("socket")));
      }
      setUp(sims, stats);
      System.out.printf("set up %d users and %d matches (%d with both WebSockets open) in %.1f s; %s%n", n, games,
          stats.gamesHeld.get(), (System.nanoTime() - t0) / 1e9, heap());
      LoadHeap start = finished != null ? LoadHeap.read(http, url) : null;
      if (start != null) System.out.println("start: " + start.describe());
      stats.startCounting();
      long p0 = System.nanoTime();
      if (finished == null) Thread.sleep(seconds * 1000L);
      else playUntilFinished(p0, stats);
      LoadHeap end = finished != null ? LoadHeap.read(http, url) : null; // the same matches in play as at the start
      running = false;
      double elapsed = (System.nanoTime() - p0) / 1e9;
      Thread.sleep(Math.min(2_000, pace.maxMillis() + 1_000)); // answers in flight
      System.out.println(stats.report(elapsed));
      System.out.println(end != null ? start.against(end, stats.matchesFinished.get()) : heap());
      for (LoadGame g : sims) g.close();
    } finally {
      timer.shutdownNow();
      io.shutdownNow();
      if (server != null) server.close();
    }
    return stats.errors.get() == 0 && stats.acceptedCount() > 0 ? 0 : 1; // nothing accepted is a failure too
  }

  /** A run where no match finishes for this long has stalled: it ends, counted as an error, instead of waiting on. */
  static final long STALL_NANOS = 5 * 60_000_000_000L;

  /** Waits until {@code finished} matches have ended, saying how far it got once a minute; a stall ends it. */
  private void playUntilFinished(long p0, LoadStats stats) throws InterruptedException {
    long said = p0;
    long progressed = p0;
    int seen = 0;
    while (stats.matchesFinished.get() < finished) {
      Thread.sleep(200);
      int now = stats.matchesFinished.get();
      if (now != seen) {
        seen = now;
        progressed = System.nanoTime();
      } else if (System.nanoTime() - progressed > STALL_NANOS) {
        stats.error("stalled: no match finished for " + STALL_NANOS / 60_000_000_000L + " minutes (" + now + " of "
            + finished + ")");
        return;
      }
      if (System.nanoTime() - said > 60e9) {
        said = System.nanoTime();
        System.out.printf("%d of %d matches finished after %.0f s%n", stats.matchesFinished.get(), finished,
            (said - p0) / 1e9);
      }
    }
  }

  /** "2-6" (seconds): each player waits a uniform time in that range; "0": none. */
  static LoadGame.Think think(String text) {
    String[] p = text.split("-", 2);
    double lo = Double.parseDouble(p[0]);
    double hi = p.length > 1 ? Double.parseDouble(p[1]) : lo;
    if (lo < 0 || hi < lo) throw new IllegalArgumentException("--think wants MIN-MAX seconds, like 2-6");
    return new LoadGame.Think(Math.round(lo * 1000), Math.round(hi * 1000));
  }

  private List<LoadUser> register(HttpClient http, int n) throws Exception {
    String tag = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);
    ExecutorService pool = Executors.newFixedThreadPool(setupParallel);
    try {
      List<java.util.concurrent.Future<LoadUser>> made = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        String name = "lt" + tag + "_" + i;
        made.add(pool.submit(() -> LoadUser.register(http, url, name)));
      }
      List<LoadUser> out = new ArrayList<>();
      for (var f : made) out.add(f.get());
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Sets the matches up, {@code setupParallel} at a time. */
  private void setUp(List<LoadGame> sims, LoadStats stats) throws InterruptedException {
    Semaphore slots = new Semaphore(setupParallel);
    List<CompletableFuture<Void>> all = new ArrayList<>();
    for (LoadGame g : sims) {
      slots.acquire();
      all.add(g.newMatch().whenComplete((v, e) -> {
        slots.release();
        if (e != null) stats.error("set-up failed: " + e);
        else stats.gamesHeld.incrementAndGet();
      }));
    }
    try {
      CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(10, TimeUnit.MINUTES);
    } catch (Exception e) {
      // counted per match above
    }
  }

  private static String heap() {
    System.gc();
    var mem = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    return String.format("this process's heap after GC: %.0f MB", mem.getUsed() / 1e6);
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
