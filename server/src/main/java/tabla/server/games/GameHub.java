package tabla.server.games;

import io.javalin.websocket.WsContext;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.StatusCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.bot.Bots;
import tabla.bot.eval.Evaluator;
import tabla.bot.Player;
import tabla.core.variant.Variant;
import tabla.server.accounts.Accounts;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.Json;

/**
 * The live rooms: loads them from the database on first use, tells every watcher of a room about
 * each accepted action (after it is stored), lets the computer take its turns, and ends live games
 * whose player to act ran out of time.
 */
public final class GameHub implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GameHub.class);

  private final GameStore store;
  private final Accounts accounts;
  private final GameRoom.DiceMaker diceMaker;
  private final LongConsumer onFinished;
  private final Ownership ownership;
  private EventRelay relay = EventRelay.NONE;
  private final Map<Long, GameRoom> rooms = new ConcurrentHashMap<>();
  /** When each room in memory was last asked for (System.currentTimeMillis): idle rooms leave memory. */
  private final Map<Long, Long> lastUse = new ConcurrentHashMap<>();
  private final Map<Long, Set<Watcher>> watchers = new ConcurrentHashMap<>();
  private final BotTurns bots;
  private final ScheduledExecutorService exec = Executors.newScheduledThreadPool(2, r -> {
    Thread t = new Thread(r, "tabla-hub");
    t.setDaemon(true);
    return t;
  });

  /** Messages queued to one socket and not yet written: beyond this the reader is too slow and is closed. */
  public static final int MAX_QUEUED = 64;
  /** Messages a socket may send per {@link #INBOUND_WINDOW_MILLIS} (it only ever needs "resync"); then it is closed. */
  public static final int MAX_INBOUND = 20;
  static final long INBOUND_WINDOW_MILLIS = 10_000;
  /**
   * Actions a socket may send per {@link #INBOUND_WINDOW_MILLIS} ({@link SocketActions}), then it is closed: far more
   * than a person or the load test's busiest player sends (each waits for its turn), far fewer than a flood.
   */
  public static final int MAX_ACTIONS = 500;
  /** A room with no watcher, untouched this long, leaves memory (it reloads from the database on demand). */
  static final long IDLE_MILLIS = 5 * 60_000;
  /** How often rooms are checked for leaving memory, and a room whose clock step failed is tried again. */
  static final long SWEEP_MILLIS = 10_000;

  /**
   * A WebSocket watching a room, and the seat it sees the game from (-1 for a spectator), with the bounds of its
   * traffic: how many messages wait to be written to it, and how many it sent in the current window.
   */
  public static final class Watcher {
    private final WsContext ws;
    private final int seat;
    private final AtomicInteger queued = new AtomicInteger();
    private long windowStart;
    private int inbound;
    private long actionWindowStart;
    private int actions;

    public Watcher(WsContext ws, int seat) {
      this.ws = ws;
      this.seat = seat;
    }

    public WsContext ws() {
      return ws;
    }

    public int seat() {
      return seat;
    }

    /** Counts one message from the client; false when it sent more than its share (then it is closed). */
    public synchronized boolean allowInbound(long now) {
      if (now - windowStart > INBOUND_WINDOW_MILLIS) {
        windowStart = now;
        inbound = 0;
      }
      return ++inbound <= MAX_INBOUND;
    }

    /** Counts one action from the client; false when it sent more than {@link #MAX_ACTIONS} in the window. */
    synchronized boolean allowAction(long now) {
      if (now - actionWindowStart > INBOUND_WINDOW_MILLIS) {
        actionWindowStart = now;
        actions = 0;
      }
      return ++actions <= MAX_ACTIONS;
    }

    /** Queues a message; a socket that stopped reading is closed with the reason instead of queuing without end. */
    public void send(String text) {
      if (queued.incrementAndGet() > MAX_QUEUED) {
        queued.decrementAndGet();
        close(StatusCode.POLICY_VIOLATION, "too slow: more than " + MAX_QUEUED + " messages unread");
        return;
      }
      ws.session.sendText(text, Callback.from(queued::decrementAndGet, e -> queued.decrementAndGet()));
    }

    void close(int code, String reason) {
      if (ws.session.isOpen()) ws.session.close(code, reason, Callback.NOOP);
    }
  }

  /** {@code onFinished} runs after every change of a finished game (ratings; it must be idempotent). */
  public GameHub(GameStore store, Accounts accounts, GameRoom.DiceMaker diceMaker, long botDelayMillis,
      LongConsumer onFinished) {
    this(store, accounts, diceMaker, botDelayMillis, onFinished, Ownership.SINGLE);
  }

  /** With {@code ownership} deciding which games this node runs (several nodes: a lease per game). */
  public GameHub(GameStore store, Accounts accounts, GameRoom.DiceMaker diceMaker, long botDelayMillis,
      LongConsumer onFinished, Ownership ownership) {
    this.ownership = ownership;
    this.onFinished = onFinished;
    this.store = store;
    this.accounts = accounts;
    this.diceMaker = diceMaker;
    this.bots = new BotTurns(this::room, this::afterChange, this::evict, botDelayMillis);
    exec.scheduleAtFixedRate(this::checkClocks, 1, 1, TimeUnit.SECONDS);
    exec.scheduleWithFixedDelay(this::sweep, SWEEP_MILLIS, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Several nodes: every event of a game run here goes to the other nodes too (set before the first game loads). */
  public void relayTo(EventRelay r) {
    this.relay = r;
  }

  /** Loads every running game (after a restart), so the computer and the clocks go on by themselves. */
  public void resumeAll() {
    for (long id : store.running()) {
      try {
        afterChange(room(id));
      } catch (Ownership.OwnedElsewhere e) {
        // another node runs it
      } catch (RuntimeException e) {
        LOG.error("game {} could not be resumed", id, e);
      }
    }
  }

  public GameRoom room(long id) {
    GameRoom r = rooms.get(id);
    if (r != null) {
      lastUse.put(id, System.currentTimeMillis());
      return r;
    }
    GameRow row = store.find(id).orElseThrow(() -> ApiError.notFound("game " + id));
    Ownership.Owner elsewhere = ownership.claim(id); // taken before the load: what the load reads is final
    if (elsewhere != null) throw new Ownership.OwnedElsewhere(id, elsewhere);
    return rooms.computeIfAbsent(id, k -> {
      GameRoom loaded = GameRoom.load(row, store, diceMaker, names(row));
      loaded.onCommit(this::broadcast);
      lastUse.put(id, System.currentTimeMillis());
      return loaded;
    });
  }

  /** Forgets a room whose in-memory state may be ahead of the database (a failed write): it reloads. */
  public void evict(long id) {
    GameRoom gone = rooms.remove(id);
    if (gone != null) gone.retire(); // a thread that still holds it gets a refusal, not a second write of a version
    lastUse.remove(id);
  }

  /**
   * Another node runs the game now (this one lost its lease): the room leaves memory, and its sockets are closed
   * with "service restart" so that the pages reconnect and resync from whoever runs it.
   */
  public void handOver(long id) {
    evict(id);
    bots.forget(id);
    Set<Watcher> set = watchers.remove(id);
    if (set != null) set.forEach(w -> w.close(StatusCode.SERVICE_RESTART, "the game moved to another server"));
  }

  /**
   * A room leaves memory when nobody watches it, the computer has no turn pending in it, and it is finished, or
   * idle for {@link #IDLE_MILLIS} with no clock running; its computer player goes with it. Everything it holds is
   * in the database, and {@link #room} reloads it on demand.
   */
  private void releaseIfUnused(GameRoom room, long now) {
    long id = room.id();
    synchronized (room) { // no action is committing meanwhile
      if (watchers.containsKey(id) || bots.isPending(id)) return;
      boolean idle = now - lastUse.getOrDefault(id, now) >= IDLE_MILLIS && room.deadlineMillis() == 0;
      if (!room.isFinished() && !idle) return;
      if (rooms.remove(id, room)) {
        lastUse.remove(id);
        ownership.release(id);
      }
      bots.forget(id);
    }
  }

  private void sweep() {
    long now = System.currentTimeMillis();
    for (GameRoom r : rooms.values()) releaseIfUnused(r, now);
  }

  private String[] names(GameRow row) {
    String[] n = new String[2];
    for (int seat = 0; seat < 2; seat++) {
      Long uid = row.player(seat);
      n[seat] = row.isBot(seat) ? GameRow.botName(row.botLevel())
          : uid == null ? "?" : accounts.find(uid).map(u -> u.name()).orElse("?");
    }
    return n;
  }

  /**
   * After an accepted action (its watchers were told as it was stored): let the computer move if it
   * is its turn. At most one computer turn is pending per room, however many callers see its turn.
   */
  public void afterChange(GameRoom room) {
    if (room.isFinished()) {
      onFinished.accept(room.id());
      releaseIfUnused(room, System.currentTimeMillis());
    }
    bots.consider(room);
  }

  /**
   * The computer at each level for the room's variant (see {@link Bots#forVariant}): "strong" is the best
   * engine the bot module has for it (the networks for the backgammon family, else the 1-ply variant bot).
   */
  static Player player(String level, Variant variant, long seed) {
    return Bots.forVariant(variant, level, seed);
  }

  /** The bot's networks, shared (read-only) by every computer player and analysis. */
  public static Evaluator evaluator() {
    return BundledNet.EVALUATOR;
  }

  /** Loaded once, on first use; evaluation only reads it, so every room shares it. */
  private static final class BundledNet {
    static final Evaluator EVALUATOR = Bots.standard();
  }

  /** Starts sending a room's events to {@code w}, after the snapshot it starts from (in that order). */
  public void watch(GameRoom room, Watcher w) {
    synchronized (room) {
      watchers.compute(room.id(), (k, set) -> {
        Set<Watcher> s = set != null ? set : ConcurrentHashMap.newKeySet();
        s.add(w);
        return s;
      });
      w.send(Json.write(new SnapshotMessage(Snapshot.of(room, w.seat()))));
      arrived(room, w.seat());
    }
  }

  /** A player's board opened on another node (several nodes): counted as a board here is, if this node runs the game. */
  public void arrivedElsewhere(long gameId, int seat) {
    GameRoom room = rooms.get(gameId);
    if (room == null) return; // not run here (or not loaded yet: its clock then starts at the end of its grace)
    synchronized (room) {
      arrived(room, seat);
    }
  }

  /**
   * Under the room's lock: when the second player's board is open, the clock starts now. Nothing was stored (the
   * version stays), so a delta would be taken for one already seen: every watcher gets a fresh snapshot instead.
   */
  private void arrived(GameRoom room, int seat) {
    if (!room.arrived(seat)) return;
    relay.resync(room.id());
    for (Watcher other : watchers.getOrDefault(room.id(), Set.of())) {
      other.send(Json.write(new SnapshotMessage(Snapshot.of(room, other.seat()))));
    }
  }

  /** A message from a socket: the only one is "resync" (a fresh snapshot, in order with the room's events). */
  public void received(GameRoom room, Watcher w) {
    if (!w.allowInbound(System.currentTimeMillis())) {
      w.close(StatusCode.POLICY_VIOLATION, "too many messages: at most " + MAX_INBOUND + " per "
          + INBOUND_WINDOW_MILLIS / 1000 + " s");
      return;
    }
    synchronized (room) {
      w.send(Json.write(new SnapshotMessage(Snapshot.of(room, w.seat()))));
    }
  }

  public void unwatch(long gameId, WsContext ws) {
    watchers.computeIfPresent(gameId, (k, set) -> {
      set.removeIf(w -> w.ws().sessionId().equals(ws.sessionId()));
      return set.isEmpty() ? null : set;
    });
    GameRoom room = rooms.get(gameId);
    if (room != null && room.isFinished()) releaseIfUnused(room, System.currentTimeMillis());
  }

  /** {"type":"snapshot","snapshot":SNAPSHOT}: the whole state, on connect and on resync. */
  record SnapshotMessage(String type, GameSnapshot snapshot) {
    SnapshotMessage(GameSnapshot snapshot) {
      this("snapshot", snapshot);
    }
  }

  /**
   * Tells every watcher about the action just stored: called by the room under its lock, so each version goes out
   * once, in order. The delta ({@link GameDelta}) is built once per visibility class (seat 0, seat 1, spectators),
   * not per socket. Sends are queued, never awaited: a slow socket cannot stall a game, and one that stops reading
   * is closed.
   */
  private void broadcast(GameRoom room) {
    Set<Watcher> set = watchers.get(room.id());
    boolean relayed = relay != EventRelay.NONE;
    if ((set == null || set.isEmpty()) && !relayed) return;
    // The history is the same for every receiver: built once, and only its tail is sent (all of it once the match
    // is over, when its entries gain the boards of the replay).
    boolean finished = room.isFinished();
    List<GameSnapshot.HistoryEntry> history = Snapshot.history(room);
    int from = finished ? 0 : Math.max(0, history.size() - GameDelta.HISTORY_TAIL);
    List<GameSnapshot.HistoryEntry> tail = history.subList(from, history.size());
    String[] byClass = new String[3];
    if (relayed) {
      for (int k = 0; k < 3; k++) byClass[k] = Json.write(GameDelta.of(Snapshot.of(room, k < 2 ? k : -1, false), from, tail));
      relay.published(room.id(), room.version(), byClass);
    }
    for (Watcher w : set == null ? Set.<Watcher>of() : set) {
      int k = w.seat() < 0 ? 2 : w.seat();
      if (byClass[k] == null) byClass[k] = Json.write(GameDelta.of(Snapshot.of(room, w.seat(), false), from, tail));
      try {
        w.send(byClass[k]);
      } catch (RuntimeException e) {
        set.remove(w); // a closed socket; the client resyncs when it reconnects
      }
    }
  }

  private void checkClocks() {
    long now = System.currentTimeMillis();
    for (GameRoom r : rooms.values()) {
      try {
        if (r.tick(now)) afterChange(r);
      } catch (RuntimeException e) {
        LOG.error("clock check failed in game {}", r.id(), e);
        evict(r.id());
        reloadLater(r.id(), 1);
      }
    }
  }

  /**
   * Brings back a room whose clock step failed on the database, retrying with {@link Backoff} until it loads (the
   * clocks only see rooms in memory: without this a game would wait for someone to open it).
   */
  private void reloadLater(long id, int failures) {
    exec.schedule(() -> {
      try {
        afterChange(room(id));
      } catch (RuntimeException e) {
        if (e instanceof ApiError a && a.status() == 404) return; // deleted: nothing to bring back
        if (e instanceof Ownership.OwnedElsewhere) return; // another node runs it
        LOG.warn("game {} could not be reloaded ({}); trying again", id, e.toString());
        reloadLater(id, failures + 1);
      }
    }, Backoff.delayMillis(failures), TimeUnit.MILLISECONDS);
  }

  /** How many rooms are held in memory now (for /metrics). */
  public int roomsInMemory() {
    return rooms.size();
  }

  /** How many computer players are held in memory now. */
  public int botsInMemory() {
    return bots.playersInMemory();
  }

  @Override
  public void close() {
    exec.shutdownNow();
    bots.close();
    store.close();
  }
}
