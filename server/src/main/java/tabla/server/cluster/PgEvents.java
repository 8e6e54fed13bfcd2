package tabla.server.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import org.jdbi.v3.core.Jdbi;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.games.EventRelay;
import tabla.server.kernel.http.Json;

/**
 * The events of games between nodes over PostgreSQL's LISTEN/NOTIFY (README "Running a cluster" says why this and
 * not Redis). The owner of a game sends each event once per visibility class on the game's own channel
 * ({@link #channelOf}); a node LISTENs to a game's channel only while it has a socket of that game open that another
 * node runs ({@link #watch}, from {@link ClusterSockets}), so it hears the notices of the games its sockets watch and
 * no others (issue 30: with affinity, almost none).
 *
 * <p>The owner sends a game's events only while some node watches it ({@link #heardElsewhere}): a watching node
 * says so on one control channel ({@link #WATCH_CHANNEL}, which every node LISTENs to) once its LISTEN of the game's
 * channel holds, again every {@link #WATCH_REFRESH_MILLIS} while it watches, and withdraws it at its last socket;
 * every node keeps the watches it heard ({@link Watchers}), so the node that runs the game later knows them too.
 * An event published just before the owner heard a new watch is not sent; so the owner, hearing a watch new to it
 * of a game it runs, sends that game a "resync" notice, and the watcher's sockets fetch a snapshot from it (which
 * holds every version before): after that every event is sent. A node that dies without withdrawing is forgotten
 * after {@link #WATCH_EXPIRES_MILLIS}; a node whose listening connection starts (or starts again, having perhaps
 * missed watches) asks the others to say theirs again.
 *
 * <p>A notice is {"game":G,"version":V,"seat":K,"event":EVENT} with K 0, 1 or 2 (spectators); one whose event does
 * not fit PostgreSQL's 8000-byte payload goes without it, and its sockets fetch a fresh snapshot instead. Notices
 * are sent by one thread, in the order the rooms published them, those waiting together in one transaction.
 *
 * <p>Bounds: at most {@link #MAX_WAITING} notices wait to be sent; beyond that a game's notices are dropped and
 * replaced by one "resync" notice for it (its sockets fetch a snapshot), so a slow database never holds a room up.
 */
public final class PgEvents implements EventRelay, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PgEvents.class);
  /** The prefix of a game's channel: tabla_g_ID. */
  static final String GAME_CHANNEL = "tabla_g_";
  /** The notices about people (chat, presence, personal messages): {@link SiteRelay}. */
  static final String SITE_CHANNEL = "tabla_site";
  /** The watches of games: {"node":N,"watch":[G…]}, {"node":N,"unwatch":[G…]}, {"node":N,"ask":true}. */
  static final String WATCH_CHANNEL = "tabla_watch";
  /** How often a node says again which games it watches; a watch not said again for 3 times this runs out. */
  static final long WATCH_REFRESH_MILLIS = 10_000;
  static final long WATCH_EXPIRES_MILLIS = 3 * WATCH_REFRESH_MILLIS + 5_000;
  /** Game ids per watch notice: 300 of at most 20 characters (and commas) fit PostgreSQL's 7,999 bytes. */
  static final int IDS_PER_NOTICE = 300;
  /** PostgreSQL refuses a payload of 8000 bytes or more. */
  static final int MAX_PAYLOAD_BYTES = 7999;
  static final int MAX_WAITING = 10_000;
  static final int SEATS = 3;
  /**
   * How long the listening connection waits for notices before it runs the LISTENs asked meanwhile: a socket of a
   * game run elsewhere (rare with affinity) waits that long at most for its snapshot. Each wait that ends empty
   * costs the driver a timed-out read (50 ms measured 0.07 s of CPU a second on three nodes).
   */
  static final int LISTEN_WAIT_MILLIS = 500;

  /** A notice as heard: the event for seat class {@code seat}, or null when the sockets must fetch a snapshot. */
  public record Notice(long game, int version, int seat, String event) {}

  /** Hears the notices of every node, in order, and that some may have been missed (after a lost connection). */
  public interface Listener {
    void heard(Notice n);

    void missedSome();
  }

  /** Hears the site's notices ({@link #SITE_CHANNEL}) of every node, and that some may have been missed. */
  public interface SiteListener {
    void heard(String payload);

    void missedSome();
  }

  /** A notice waiting to be sent. */
  private record Out(String channel, String payload) {}

  private final Jdbi jdbi;
  private final String url;
  private final String user;
  private final String password;
  /** The listening connection's application_name in pg_stat_activity: "tabla-listen NODE". */
  private final String applicationName;
  private final String node;
  private final java.time.Clock clock;
  /** The other nodes' watches, as heard on {@link #WATCH_CHANNEL}. */
  private final Watchers watchers = new Watchers();
  /** Whether this node runs a game now (then it answers a new watch of it with a "resync"). */
  private volatile java.util.function.LongPredicate runsHere = g -> false;
  private final BlockingQueue<Out> waiting = new ArrayBlockingQueue<>(MAX_WAITING);
  private final Set<Long> dropped = ConcurrentHashMap.newKeySet();
  /**
   * The games whose channels this node listens to (or is about to): each done once its LISTEN has run, so a
   * socket fetches its snapshot only when no later notice can pass it by. As many as the sockets watching.
   */
  private final Map<Long, CompletableFuture<Void>> watched = new ConcurrentHashMap<>();
  /** LISTEN (true) and UNLISTEN (false) to run on the listening connection, in the order asked. */
  private final Queue<Map.Entry<Long, Boolean>> changes = new ConcurrentLinkedQueue<>();
  private final Thread sender;
  private final Thread receiver;
  private volatile Listener listener = new Listener() {
    @Override
    public void heard(Notice n) {}

    @Override
    public void missedSome() {}
  };
  private volatile SiteListener site = new SiteListener() {
    @Override
    public void heard(String payload) {}

    @Override
    public void missedSome() {}
  };
  private volatile boolean closed;

  public PgEvents(Jdbi jdbi, String url, String user, String password, String node, java.time.Clock clock) {
    this.jdbi = jdbi;
    this.node = node;
    this.clock = clock;
    this.applicationName = "tabla-listen " + node;
    this.url = url;
    this.user = user;
    this.password = password;
    sender = new Thread(this::send, "tabla-events-out");
    receiver = new Thread(this::receive, "tabla-events-in");
    sender.setDaemon(true);
    receiver.setDaemon(true);
  }

  public void start(Listener l, SiteListener siteListener, java.util.function.LongPredicate runs) {
    this.listener = l;
    this.runsHere = runs;
    this.site = siteListener;
    sender.start();
    receiver.start();
  }

  /** Whether a node (this one's remote sockets included) watches game {@code game}: else its events are not sent. */
  @Override
  public boolean heardElsewhere(long game) {
    return watched.containsKey(game) || watchers.watched(game, clock.millis());
  }

  @Override
  public void published(long game, int version, String[] byClass) {
    if (!heardElsewhere(game)) return;
    for (int k = 0; k < SEATS; k++) {
      ObjectNode n = Json.MAPPER.createObjectNode().put("game", game).put("version", version).put("seat", k);
      n.putRawValue("event", new RawValue(byClass[k]));
      String payload = Json.write(n);
      if (payload.getBytes(StandardCharsets.UTF_8).length > MAX_PAYLOAD_BYTES) payload = resyncNotice(game, version, k);
      offer(game, payload);
    }
  }

  @Override
  public void resync(long game) {
    if (heardElsewhere(game)) resyncNow(game);
  }

  private void resyncNow(long game) {
    for (int k = 0; k < SEATS; k++) offer(game, resyncNotice(game, -1, k));
  }

  private static String resyncNotice(long game, int version, int seat) {
    return Json.write(Json.MAPPER.createObjectNode().put("game", game).put("version", version).put("seat", seat));
  }

  private void offer(long game, String payload) {
    if (!waiting.offer(new Out(channelOf(game), payload))) dropped.add(game);
  }

  /** Game {@code game}'s channel. */
  static String channelOf(long game) {
    return GAME_CHANNEL + game;
  }

  /**
   * This node hears game {@code game}'s notices from now on (until {@link #unwatch}); done once it listens. The
   * caller keeps watch and unwatch of one game in order (ClusterSockets does, under its map's lock of the game).
   */
  CompletableFuture<Void> watch(long game) {
    return watched.computeIfAbsent(game, g -> {
      changes.add(Map.entry(g, true));
      return new CompletableFuture<>();
    });
  }

  /** This node no longer hears game {@code game}'s notices (its last socket here closed). */
  void unwatch(long game) {
    if (watched.remove(game) != null) changes.add(Map.entry(game, false));
  }

  /** Sends a site notice after those waiting; false when {@link #MAX_WAITING} wait already (it is dropped). */
  boolean offerSite(String payload) {
    return waiting.offer(new Out(SITE_CHANNEL, payload));
  }

  private void send() {
    List<Out> group = new ArrayList<>();
    while (!closed) {
      try {
        group.add(waiting.take());
      } catch (InterruptedException e) {
        return;
      }
      waiting.drainTo(group, 255);
      for (Long g : List.copyOf(dropped)) {
        dropped.remove(g);
        for (int k = 0; k < SEATS; k++) group.add(new Out(channelOf(g), resyncNotice(g, -1, k)));
      }
      try {
        // one statement per notice, one transaction: a text[] of the group in one statement costs more (the driver
        // escapes every character of every payload: 29 % of a node's CPU in a profile, 27 Nov)
        jdbi.useTransaction(h -> {
          for (Out o : group) {
            h.createQuery("SELECT 1 FROM (SELECT pg_notify(:c, :p)) n").bind("c", o.channel()).bind("p", o.payload())
                .mapTo(Integer.class).one();
          }
        });
      } catch (RuntimeException e) {
        // the sockets elsewhere see the gap in versions at the next event and fetch a snapshot
        LOG.warn("{} event notices not sent ({})", group.size(), e.toString());
      }
      group.clear();
    }
  }

  /** One connection of its own that LISTENs; when it breaks, a new one, and the sockets resync (notices were lost). */
  private void receive() {
    while (!closed) {
      java.util.Properties p = new java.util.Properties();
      p.setProperty("user", user);
      p.setProperty("password", password);
      p.setProperty("ApplicationName", applicationName);
      try (Connection c = DriverManager.getConnection(url, p)) {
        changes.clear(); // every game watched now is listened to below
        try (Statement st = c.createStatement()) {
          st.execute("LISTEN " + SITE_CHANNEL);
          st.execute("LISTEN " + WATCH_CHANNEL);
          for (Long g : watched.keySet()) st.execute("LISTEN " + channelOf(g));
        }
        // the watches missed while this connection was down (or before this node started) are said again
        notify(c, Json.MAPPER.createObjectNode().put("node", node).put("ask", true));
        List<Long> all = List.copyOf(watched.keySet());
        tell(c, "watch", all);
        all.forEach(g -> completeWatch(g));
        long refreshed = clock.millis();
        listener.missedSome();
        site.missedSome();
        PGConnection pg = c.unwrap(PGConnection.class);
        while (!closed) {
          listenAsAsked(c);
          if (clock.millis() - refreshed >= WATCH_REFRESH_MILLIS) {
            refreshed = clock.millis();
            tell(c, "watch", List.copyOf(watched.keySet()));
            watchers.sweep(refreshed);
          }
          // a short wait: a socket waits for its LISTEN before it fetches its snapshot
          PGNotification[] got = pg.getNotifications(LISTEN_WAIT_MILLIS);
          if (got == null) continue;
          for (PGNotification n : got) {
            if (SITE_CHANNEL.equals(n.getName())) site.heard(n.getParameter());
            else if (WATCH_CHANNEL.equals(n.getName())) heardWatch(c, n.getParameter());
            else hear(n.getParameter());
          }
        }
      } catch (SQLException e) {
        if (closed) return;
        LOG.warn("listening for events failed ({}); again in 1 s", e.toString());
        try {
          Thread.sleep(1000);
        } catch (InterruptedException ie) {
          return;
        }
      }
    }
  }

  /**
   * The LISTENs and UNLISTENs asked since the last, on the listening connection (its only user); each watch is told
   * to the other nodes after its LISTEN holds, and done after that.
   */
  private void listenAsAsked(Connection c) throws SQLException {
    Map.Entry<Long, Boolean> change;
    while ((change = changes.poll()) != null) {
      long g = change.getKey();
      try (Statement st = c.createStatement()) {
        st.execute((change.getValue() ? "LISTEN " : "UNLISTEN ") + channelOf(g));
      }
      tell(c, change.getValue() ? "watch" : "unwatch", List.of(g));
      if (change.getValue()) completeWatch(g);
    }
  }

  private void completeWatch(long game) {
    CompletableFuture<Void> w = watched.get(game);
    if (w != null) w.complete(null);
  }

  /** Tells every node (on the listening connection, so after its LISTENs) that this node watches or not {@code games}. */
  private void tell(Connection c, String what, List<Long> games) throws SQLException {
    for (int i = 0; i < games.size(); i += IDS_PER_NOTICE) {
      ObjectNode n = Json.MAPPER.createObjectNode().put("node", node);
      var ids = n.putArray(what);
      games.subList(i, Math.min(games.size(), i + IDS_PER_NOTICE)).forEach(ids::add);
      notify(c, n);
    }
  }

  private static void notify(Connection c, ObjectNode watchNotice) throws SQLException {
    try (java.sql.PreparedStatement st = c.prepareStatement("SELECT pg_notify(?, ?)")) {
      st.setString(1, WATCH_CHANNEL);
      st.setString(2, Json.write(watchNotice));
      st.execute();
    }
  }

  /** Another node's watch notice (this node's own come back too: ignored). */
  private void heardWatch(Connection c, String payload) throws SQLException {
    JsonNode n;
    try {
      n = Json.MAPPER.readTree(payload);
    } catch (JsonProcessingException e) {
      LOG.warn("a watch notice could not be read ({})", e.toString());
      return;
    }
    String from = n.path("node").asText("");
    if (from.equals(node) || from.isEmpty()) return;
    if (n.path("ask").asBoolean(false)) tell(c, "watch", List.copyOf(watched.keySet()));
    long now = clock.millis();
    for (JsonNode g : n.path("watch")) {
      // a watch new here, of a game run here: events just published may not have been sent; a snapshot covers them
      if (watchers.add(g.asLong(), from, now, now + WATCH_EXPIRES_MILLIS) && runsHere.test(g.asLong())) {
        resyncNow(g.asLong());
      }
    }
    for (JsonNode g : n.path("unwatch")) watchers.remove(g.asLong(), from);
  }

  private void hear(String payload) {
    try {
      JsonNode n = Json.MAPPER.readTree(payload);
      JsonNode event = n.get("event");
      listener.heard(new Notice(n.get("game").asLong(), n.get("version").asInt(), n.get("seat").asInt(),
          event == null ? null : Json.MAPPER.writeValueAsString(event)));
    } catch (JsonProcessingException | RuntimeException e) {
      LOG.warn("an event notice could not be read ({})", e.toString());
    }
  }

  @Override
  public void close() {
    closed = true;
    sender.interrupt();
    receiver.interrupt();
  }
}
