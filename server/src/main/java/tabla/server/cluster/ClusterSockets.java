package tabla.server.cluster;

import java.time.Clock;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.websocket.api.StatusCode;
import tabla.server.games.Ownership;
import tabla.server.games.RemoteSockets;
import tabla.server.kernel.http.Json;
import tabla.server.site.OtherNodes;
import tabla.server.site.SiteNotice;
import tabla.server.socket.Connection;
import tabla.server.socket.GameSocket;
import tabla.server.kernel.Workers;

/**
 * The sockets open on this node for games another node runs. Each gets its snapshot from the game's owner (an HTTP
 * request as its user, through {@link Forwarding}) and then the owner's events as the database's notices bring them
 * ({@link PgEvents}); an event that does not follow the version the socket holds, a notice without its event, a
 * lost notice connection and a "resync" from the page all fetch a fresh snapshot. Notices that arrive while a
 * snapshot is being fetched wait, and those newer than the snapshot follow it in order.
 *
 * <p>Bounds: a socket's messages as its {@link Connection} bounds them; at most {@link #MAX_FETCHES} snapshot
 * fetches wait (beyond that a socket is closed with "try again later", and its page reconnects).
 */
public final class ClusterSockets implements RemoteSockets, PgEvents.Listener {
  static final int MAX_FETCHES = 1000;
  /** Notices held for one socket while its snapshot is fetched; beyond that the snapshot is fetched again instead. */
  static final int MAX_HELD = 64;
  /** Tries to fetch a snapshot (one a second) before the socket is closed and its page reconnects. */
  static final int MAX_FETCH_TRIES = 10;

  /** How long a socket waits for its game's LISTEN before it fetches its snapshot anyway. */
  static final long LISTEN_TIMEOUT_SECONDS = 2;

  private final Clock clock;
  /** Where this node starts and stops hearing a game's notices (its first socket here opens, its last closes). */
  private final PgEvents watching;
  private final Forwarding forwarding;
  private final GameLeases leases;
  private final OtherNodes site;
  private volatile Ownership.Owner self;
  private final Map<Long, Set<Socket>> byGame = new ConcurrentHashMap<>();
  private final ThreadPoolExecutor fetcher = new ThreadPoolExecutor(2, 2, 0, TimeUnit.SECONDS,
      new ArrayBlockingQueue<>(MAX_FETCHES), Workers.daemon("tabla-snapshots"));

  /** One socket: its bounded sender, whose cookie fetches its snapshots, and the version it holds. */
  private static final class Socket {
    final Connection out;
    final int seat;
    final long game;
    final String cookie;
    final String forwardedFor;
    int version = -1;
    boolean fetching;
    boolean fetchAgain;
    final List<PgEvents.Notice> held = new ArrayList<>();

    Socket(Connection out, int seat, long game, String cookie, String forwardedFor) {
      this.out = out;
      this.seat = seat;
      this.game = game;
      this.cookie = cookie;
      this.forwardedFor = forwardedFor;
    }

    int seatClass() {
      return seat < 0 ? 2 : seat;
    }
  }

  /** {@code site}: where a player's board opened here is told (the owner starts a waiting clock). */
  ClusterSockets(Forwarding forwarding, GameLeases leases, OtherNodes site, PgEvents watching, Clock clock) {
    this.watching = watching;
    this.clock = clock;
    this.forwarding = forwarding;
    this.leases = leases;
    this.site = site;
  }

  /** This node's own address: a game nobody runs now is fetched from here (which takes it over). */
  void startedAt(String node, String url) {
    self = new Ownership.Owner(node, url);
  }

  @Override
  public void connect(GameSocket gs, int seat) {
    long game = gs.game();
    Socket s = new Socket(gs.out(), seat, game, gs.cookieHeader(), gs.forwardedFor());
    gs.state(s);
    CompletableFuture<Void> listening = new CompletableFuture<>();
    byGame.compute(game, (k, set) -> {
      Set<Socket> open = set != null ? set : ConcurrentHashMap.<Socket>newKeySet();
      open.add(s);
      watching.watch(game).whenComplete((v, e) -> listening.complete(null));
      return open;
    });
    // the snapshot once this node hears the game's notices (none passes it by); a listening connection that is
    // down then fetches it again as it comes back
    listening.completeOnTimeout(null, LISTEN_TIMEOUT_SECONDS, TimeUnit.SECONDS).thenRun(() -> fetch(s));
    if (seat >= 0) site.tell(new SiteNotice.BoardOpened(game, seat));
  }

  @Override
  public boolean message(GameSocket gs) {
    if (!(gs.state() instanceof Socket s)) return false;
    if (!s.out.allowInbound(clock.millis())) {
      s.out.closeFlooding();
    } else {
      fetch(s);
    }
    return true;
  }

  @Override
  public void close(GameSocket gs) {
    if (!(gs.state() instanceof Socket s)) return;
    byGame.computeIfPresent(s.game, (k, set) -> {
      set.remove(s);
      if (!set.isEmpty()) return set;
      watching.unwatch(k); // its last socket here: this node stops hearing the game's notices
      return null;
    });
  }

  /** How many sockets of games run elsewhere are open here. */
  public int count() {
    return byGame.values().stream().mapToInt(Set::size).sum();
  }

  @Override
  public void heard(PgEvents.Notice n) {
    Set<Socket> set = byGame.get(n.game());
    if (set == null) return;
    for (Socket s : set) {
      if (s.seatClass() != n.seat()) continue;
      synchronized (s) {
        if (s.fetching && s.held.size() < MAX_HELD) {
          s.held.add(n);
        } else if (s.fetching) {
          s.held.clear();
          s.fetchAgain = true; // the next snapshot covers them
        } else {
          apply(s, n);
        }
      }
    }
  }

  @Override
  public void missedSome() {
    byGame.values().forEach(set -> set.forEach(this::fetch));
  }

  /** Under the socket's lock: the next version goes out; an old one is ignored; anything else fetches a snapshot. */
  private void apply(Socket s, PgEvents.Notice n) {
    if (n.event() != null && n.version() <= s.version) return;
    if (n.event() != null && n.version() == s.version + 1) {
      s.out.send(n.event());
      s.version = n.version();
      return;
    }
    if (n.event() == null && n.version() >= 0 && n.version() <= s.version) return;
    fetch(s);
  }

  private void fetch(Socket s) {
    synchronized (s) {
      if (s.fetching) {
        s.fetchAgain = true;
        return;
      }
      s.fetching = true;
    }
    submit(s, 1);
  }

  private void submit(Socket s, int attempt) {
    try {
      fetcher.execute(() -> fetchNow(s, attempt));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      close(s, StatusCode.TRY_AGAIN_LATER, "the server is busy; reconnecting");
    }
  }

  private void fetchNow(Socket s, int attempt) {
    JsonNode snapshot = null;
    try {
      Ownership.Owner owner = leases.ownerElsewhere(s.game);
      HttpResponse<byte[]> r = forwarding.send(owner != null ? owner : self, "GET", "/api/games/" + s.game, null, null,
          h -> h.equals("Cookie") ? s.cookie : null, s.forwardedFor);
      if (r.statusCode() == 200) snapshot = Json.MAPPER.readTree(r.body());
    } catch (Exception e) {
      snapshot = null; // the owner just died or the game is moving: try again in a second
    }
    if (snapshot == null) {
      if (attempt >= MAX_FETCH_TRIES) {
        close(s, StatusCode.SERVICE_RESTART, "the game's server does not answer; reconnecting");
      } else {
        // the retry waits outside the pool: a sleeping fetch would hold one of its threads
        java.util.concurrent.CompletableFuture.delayedExecutor(1, TimeUnit.SECONDS).execute(() -> submit(s, attempt + 1));
      }
      return;
    }
    var message = Json.MAPPER.createObjectNode().put("type", "snapshot").set("snapshot", snapshot);
    boolean again;
    synchronized (s) {
      s.out.send(Json.write(message));
      s.version = snapshot.get("version").asInt();
      s.fetching = false;
      List<PgEvents.Notice> waiting = List.copyOf(s.held);
      s.held.clear();
      again = s.fetchAgain;
      s.fetchAgain = false;
      if (!again) waiting.forEach(n -> apply(s, n));
    }
    if (again) fetch(s);
  }

  private void close(Socket s, int code, String reason) {
    s.out.close(code, reason);
  }

  void stop() {
    fetcher.shutdownNow();
  }
}
