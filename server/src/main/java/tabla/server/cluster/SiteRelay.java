package tabla.server.cluster;

import java.time.Clock;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.http.Json;
import tabla.server.site.OnlineState;
import tabla.server.site.NodeSummary;
import tabla.server.site.OtherNodes;
import tabla.server.site.SiteNotice;
import tabla.server.site.SiteNotices;
import tabla.server.kernel.Workers;

/**
 * The people on the site across nodes. Events (chat, personal messages, tournament changes) go as
 * {@link SiteNotice}s on PostgreSQL's NOTIFY, with the games' events ({@link PgEvents}). What each node has open
 * (its online users, the spectators of each game) is state, not events: each node writes it to its row of
 * {@code node_presence} when it changes (at most once per {@link #SYNC_MILLIS}) and at least every
 * {@link #REFRESH_MILLIS}, and says so with a notice; the others read the rows again on that notice, after a lost
 * listening connection, and every {@link #REFRESH_MILLIS} anyway. A row not written for {@link #STALE_SECONDS} is a
 * dead node's: nobody counts it, and it is deleted.
 *
 * <p>A notice for a user's pages ({@link SiteNotice.ToUser}: a turn alert, a seek accepted, an invitation) is sent
 * only when another node has that user online, as its row last read here says; otherwise it is held
 * ({@link HeldNotices}) and sent when a later read shows the user on another node (a page opened there just now).
 * Turn alerts for players with no page open elsewhere were most of the site's notices, each parsed by every node.
 *
 * <p>Bounds: one row per node, holding at most what that node's sockets are; at most {@link #MAX_WAITING} heard
 * notices wait to be delivered here (beyond that they are dropped: chat is stored, and a page's next open reads it);
 * the held notices are bounded by {@link HeldNotices}.
 */
final class SiteRelay implements OtherNodes, PgEvents.SiteListener {
  private static final Logger LOG = LoggerFactory.getLogger(SiteRelay.class);
  static final long SYNC_MILLIS = 1000;
  static final long REFRESH_MILLIS = 5000;
  static final int STALE_SECONDS = 15;
  static final int MAX_WAITING = 10_000;

  private final Jdbi jdbi;
  private final String node;
  private final PgEvents events;
  private volatile Here here;
  private final List<java.util.function.Consumer<SiteNotice>> receivers = new java.util.concurrent.CopyOnWriteArrayList<>();
  private volatile Map<String, NodeSummary> others = Map.of();
  /** The users online on other nodes ({@link #others}'s), and the notices held for users not among them; under its lock. */
  private final HeldNotices<SiteNotice.ToUser> held = new HeldNotices<>();
  private Set<Long> onlineElsewhere = Set.of();
  /** Whether {@link #others} has been read from the database at least once. */
  private volatile boolean readOnce;
  private final AtomicBoolean readAgain = new AtomicBoolean(true);
  /**
   * Whether the listening connection is (or was) up: each later start of it may have missed notices. Until the first,
   * this node's row is not written, so no other node counts it alive and sends notices nobody hears.
   */
  private final AtomicBoolean listened = new AtomicBoolean();
  /** Delivers heard notices in order, off the listening connection's thread. */
  private final ThreadPoolExecutor delivery = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
      new ArrayBlockingQueue<>(MAX_WAITING), Workers.daemon("tabla-site-in"));
  private final Thread sync = Workers.daemon("tabla-site-sync").newThread(this::syncLoop);
  private volatile boolean closed;

  private final Clock clock;

  SiteRelay(Jdbi jdbi, String node, PgEvents events, Clock clock) {
    this.clock = clock;
    this.jdbi = jdbi;
    this.node = node;
    this.events = events;
  }

  @Override
  public void attach(Here h) {
    this.here = h;
  }

  @Override
  public void listen(java.util.function.Consumer<SiteNotice> receiver) {
    receivers.add(receiver);
  }

  void start() {
    sync.start();
  }

  @Override
  public void tell(SiteNotice n) {
    if (n instanceof SiteNotice.ToUser u && readOnce) {
      synchronized (held) {
        if (!onlineElsewhere.contains(u.user()) && held.hold(u.user(), u, clock.millis())) return;
      }
    }
    send(n);
  }

  private void send(SiteNotice n) {
    SiteNotices.encode(node, n).ifPresentOrElse(p -> {
      if (!events.offerSite(p)) LOG.warn("a {} notice not sent: {} notices wait", kind(n), PgEvents.MAX_WAITING);
    }, () -> LOG.warn("a {} notice not sent: larger than {} bytes", kind(n), SiteNotices.MAX_BYTES));
  }

  private static String kind(SiteNotice n) {
    return n.getClass().getSimpleName();
  }

  @Override
  public Map<Long, OnlineState> online() {
    Map<Long, OnlineState> out = new HashMap<>();
    for (NodeSummary s : others.values()) out.putAll(s.online()); // Presence merges the states it gets with its own
    return out;
  }

  @Override
  public Map<Long, Set<Long>> seated() {
    Map<Long, Set<Long>> out = new HashMap<>();
    for (NodeSummary s : others.values()) {
      s.seated().forEach((game, users) -> out.computeIfAbsent(game, g -> new HashSet<>()).addAll(users));
    }
    return out;
  }

  @Override
  public Iterable<NodeSummary.Spectators> spectators(long game) {
    List<NodeSummary.Spectators> out = new java.util.ArrayList<>(1);
    for (NodeSummary s : others.values()) {
      NodeSummary.Spectators g = s.spectators().get(game);
      if (g != null) out.add(g);
    }
    return out;
  }

  @Override
  public void heard(String payload) {
    SiteNotices.Envelope e;
    try {
      e = SiteNotices.decode(payload);
    } catch (IllegalArgumentException ex) {
      LOG.warn("a site notice could not be read ({})", ex.getMessage());
      return;
    }
    if (e.from().equals(node)) return; // told here already
    if (e.notice() instanceof SiteNotice.PresenceChanged) {
      readAgain.set(true);
      return;
    }
    Here h = here;
    if (h == null) return;
    try {
      delivery.execute(() -> {
        try {
          h.heard(e.notice());
          receivers.forEach(r -> r.accept(e.notice()));
        } catch (RuntimeException ex) {
          LOG.warn("a {} notice from {} not delivered ({})", kind(e.notice()), e.from(), ex.toString());
        }
      });
    } catch (RejectedExecutionException ex) {
      LOG.warn("a {} notice from {} dropped: {} wait", kind(e.notice()), e.from(), MAX_WAITING);
    }
  }

  @Override
  public void missedSome() {
    readAgain.set(true);
    boolean before = listened.getAndSet(true);
    Here h = here;
    if (h == null) return;
    // the first start too: a page may have opened between this node's first request and its first LISTEN
    if (before) LOG.warn("notices of other nodes may have been missed: this node's pages reconnect");
    try {
      delivery.execute(h::missedSome);
    } catch (RejectedExecutionException e) {
      LOG.warn("the pages not told to reconnect: {} notices wait", MAX_WAITING);
    }
  }

  private void syncLoop() {
    String written = null;
    long writtenAt = 0;
    long readAt = 0;
    while (!closed) {
      try {
        Here h = here;
        long now = clock.millis();
        // the row says who is online here, so the others send their notices for them: only once they are heard
        if (h != null && listened.get()) {
          String summary = Json.write(h.summary());
          boolean changed = !summary.equals(written);
          if (changed || now - writtenAt >= REFRESH_MILLIS) {
            write(summary);
            written = summary;
            writtenAt = now;
            if (changed) send(new SiteNotice.PresenceChanged(node));
          }
        }
        if (readAgain.getAndSet(false) || now - readAt >= REFRESH_MILLIS) {
          read();
          readAt = now;
        }
      } catch (RuntimeException e) {
        LOG.warn("the site's presence not synchronized ({}); again in {} ms", e.toString(), SYNC_MILLIS);
        readAgain.set(true);
      }
      try {
        Thread.sleep(SYNC_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void write(String summary) {
    jdbi.useHandle(h -> h.createUpdate("INSERT INTO node_presence(node, updated_at, summary) VALUES (:n, now(), :s) "
        + "ON CONFLICT (node) DO UPDATE SET updated_at = now(), summary = EXCLUDED.summary")
        .bind("n", node).bind("s", summary).execute());
  }

  /** The other nodes' rows that are fresh; the spectator counts that changed are told to the boards here. */
  private void read() {
    Map<String, NodeSummary> now = new HashMap<>();
    jdbi.useHandle(h -> {
      h.createUpdate("DELETE FROM node_presence WHERE updated_at < now() - make_interval(secs => :s)")
          .bind("s", STALE_SECONDS * 10).execute();
      h.createQuery("SELECT node, summary FROM node_presence WHERE node <> :n "
              + "AND updated_at > now() - make_interval(secs => :s)")
          .bind("n", node).bind("s", STALE_SECONDS).map((rs, c) -> Map.entry(rs.getString(1), rs.getString(2)))
          .forEach(e -> {
            try {
              now.put(e.getKey(), Json.MAPPER.readValue(e.getValue(), NodeSummary.class));
            } catch (java.io.IOException ex) {
              LOG.warn("node {}'s presence could not be read ({})", e.getKey(), ex.toString());
            }
          });
    });
    Map<String, NodeSummary> before = others;
    Set<Long> online = new HashSet<>();
    for (NodeSummary s : now.values()) online.addAll(s.online().keySet());
    List<SiteNotice.ToUser> released;
    synchronized (held) { // with the view the held notices were judged by, so that none is held after its user came
      Set<Long> arrived = new HashSet<>(online);
      arrived.removeAll(onlineElsewhere);
      onlineElsewhere = online;
      others = Map.copyOf(now);
      readOnce = true;
      long at = clock.millis();
      released = held.release(arrived, at);
      held.expire(at);
    }
    released.forEach(this::send);
    Set<Long> changed = new HashSet<>();
    for (String n : union(before.keySet(), now.keySet())) {
      Map<Long, NodeSummary.Spectators> a = before.getOrDefault(n, NodeSummary.EMPTY).spectators();
      Map<Long, NodeSummary.Spectators> b = now.getOrDefault(n, NodeSummary.EMPTY).spectators();
      for (Long g : union(a.keySet(), b.keySet())) if (!java.util.Objects.equals(a.get(g), b.get(g))) changed.add(g);
    }
    Here h = here;
    if (h != null && !changed.isEmpty()) h.spectatorsChanged(changed);
  }

  @Override
  public java.util.Optional<Set<String>> alive() {
    return readOnce ? java.util.Optional.of(others.keySet()) : java.util.Optional.empty();
  }

  private static <T> Set<T> union(Set<T> a, Set<T> b) {
    Set<T> u = new HashSet<>(a);
    u.addAll(b);
    return u;
  }

  /** Stops, and removes this node's row: the others stop counting its people at their next read (within 5 s). */
  void close() {
    closed = true;
    sync.interrupt();
    delivery.shutdownNow();
    try {
      jdbi.useHandle(h -> h.createUpdate("DELETE FROM node_presence WHERE node = :n").bind("n", node).execute());
    } catch (RuntimeException e) {
      LOG.warn("node {}'s presence row not removed ({}); the others drop it in {} s", node, e.toString(), STALE_SECONDS);
    }
  }
}
