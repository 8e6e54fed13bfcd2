package tabla.server.games;

import io.javalin.websocket.WsContext;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.eclipse.jetty.websocket.api.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.bot.Bots;
import tabla.bot.eval.Evaluator;
import tabla.bot.Player;
import tabla.core.variant.Variant;
import tabla.bot.SelfPlay;
import tabla.server.accounts.Accounts;
import tabla.server.http.ApiError;
import tabla.server.http.Json;

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
  private final long botDelayMillis;
  private final LongConsumer onFinished;
  private final Map<Long, GameRoom> rooms = new ConcurrentHashMap<>();
  private final Map<Long, Player> bots = new ConcurrentHashMap<>();
  private final Map<Long, Set<Watcher>> watchers = new ConcurrentHashMap<>();
  private final Set<Long> botPending = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService exec = Executors.newScheduledThreadPool(2, r -> {
    Thread t = new Thread(r, "tabla-hub");
    t.setDaemon(true);
    return t;
  });

  /** A WebSocket watching a room, and the seat it sees the game from (-1 for a spectator). */
  public record Watcher(WsContext ws, int seat) {}

  /** {@code onFinished} runs after every change of a finished game (ratings; it must be idempotent). */
  public GameHub(GameStore store, Accounts accounts, GameRoom.DiceMaker diceMaker, long botDelayMillis,
      LongConsumer onFinished) {
    this.onFinished = onFinished;
    this.store = store;
    this.accounts = accounts;
    this.diceMaker = diceMaker;
    this.botDelayMillis = botDelayMillis;
    exec.scheduleAtFixedRate(this::checkClocks, 1, 1, TimeUnit.SECONDS);
  }

  /** Loads every running game (after a restart), so the computer and the clocks go on by themselves. */
  public void resumeAll() {
    for (long id : store.running()) {
      try {
        afterChange(room(id));
      } catch (RuntimeException e) {
        LOG.error("game {} could not be resumed", id, e);
      }
    }
  }

  public GameRoom room(long id) {
    GameRoom r = rooms.get(id);
    if (r != null) return r;
    GameRow row = store.find(id).orElseThrow(() -> ApiError.notFound("game " + id));
    return rooms.computeIfAbsent(id, k -> {
      GameRoom loaded = GameRoom.load(row, store, diceMaker, names(row));
      loaded.onCommit(this::broadcast);
      return loaded;
    });
  }

  /** Forgets a room whose in-memory state may be ahead of the database (a failed write): it reloads. */
  public void evict(long id) {
    rooms.remove(id);
  }

  private String[] names(GameRow row) {
    String[] n = new String[2];
    for (int seat = 0; seat < 2; seat++) {
      Long uid = row.player(seat);
      n[seat] = row.isBot(seat) ? "Computer (" + row.botLevel() + ")"
          : uid == null ? "?" : accounts.find(uid).map(u -> u.name()).orElse("?");
    }
    return n;
  }

  /**
   * After an accepted action (its watchers were told as it was stored): let the computer move if it
   * is its turn. At most one computer turn is pending per room, however many callers see its turn.
   */
  public void afterChange(GameRoom room) {
    if (room.isFinished()) onFinished.accept(room.id());
    GameRow row = room.row();
    if (row.botSeat() != null && !room.isFinished() && room.match().game().turn() == row.botSeat()
        && botPending.add(room.id())) {
      exec.schedule(() -> botTurn(room), botDelayMillis, TimeUnit.MILLISECONDS);
    }
  }

  private void botTurn(GameRoom room) {
    botPending.remove(room.id());
    try {
      Player p = bots.computeIfAbsent(room.id(), id -> player(room.row().botLevel(), room.match().rules().game(), id));
      if (room.botStep(m -> SelfPlay.decide(m.game(), p, room.dice()))) afterChange(room);
    } catch (RuntimeException e) {
      LOG.error("computer move failed in game {}", room.id(), e);
      evict(room.id());
    }
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
      watchers.computeIfAbsent(room.id(), k -> ConcurrentHashMap.newKeySet()).add(w);
      send(w.ws(), Json.write(Map.of("type", "snapshot", "snapshot", Snapshot.of(room, w.seat()))));
      // the second player's board is open: the clock starts now, and everyone sees the new deadline
      if (room.arrived(w.seat())) broadcast(room);
    }
  }

  /** A fresh snapshot for one socket, in order with the room's events. */
  public void resync(GameRoom room, WsContext ws, int seat) {
    synchronized (room) {
      send(ws, Json.write(Map.of("type", "snapshot", "snapshot", Snapshot.of(room, seat))));
    }
  }

  public void unwatch(long gameId, WsContext ws) {
    Set<Watcher> set = watchers.get(gameId);
    if (set != null) set.removeIf(w -> w.ws().sessionId().equals(ws.sessionId()));
  }

  /**
   * Tells every watcher about the action just stored: called by the room under its lock, so each
   * version goes out once, in order. Sends are queued, never awaited: a slow socket cannot stall a game.
   */
  private void broadcast(GameRoom room) {
    Set<Watcher> set = watchers.get(room.id());
    if (set == null) return;
    for (Watcher w : set) {
      try {
        Map<String, Object> snap = Snapshot.of(room, w.seat());
        send(w.ws(), Json.write(Map.of("type", "event", "version", snap.get("version"), "snapshot", snap)));
      } catch (RuntimeException e) {
        set.remove(w); // a closed socket; the client resyncs when it reconnects
      }
    }
  }

  private static void send(WsContext ws, String text) {
    ws.session.sendText(text, Callback.NOOP);
  }

  private void checkClocks() {
    long now = System.currentTimeMillis();
    for (GameRoom r : rooms.values()) {
      try {
        if (r.timeOut(now)) afterChange(r);
      } catch (RuntimeException e) {
        LOG.error("clock check failed in game {}", r.id(), e);
        evict(r.id());
      }
    }
  }

  /** How many rooms are held in memory now (for /metrics). */
  public int roomsInMemory() {
    return rooms.size();
  }

  @Override
  public void close() {
    exec.shutdownNow();
  }
}
