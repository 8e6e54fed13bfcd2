package tabla.server.games;

import java.time.Clock;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import tabla.server.accounts.Accounts;

/**
 * The rooms in memory: loaded from the database on first use (after this node claims the game), and released when
 * nobody needs them ({@link #releaseIfUnused}); everything a room holds is in the database, so a released room
 * reloads on demand.
 */
final class Rooms {
  /** A room with no watcher, untouched this long, leaves memory (it reloads from the database on demand). */
  static final long IDLE_MILLIS = 5 * 60_000;

  private final GameStore store;
  private final Accounts accounts;
  private final GameRoom.DiceMaker diceMaker;
  private final Ownership ownership;
  private final Clock clock;
  private final Consumer<GameRoom> onCommit;
  private final Map<Long, GameRoom> rooms = new ConcurrentHashMap<>();
  /** When each room in memory was last asked for (clock millis): idle rooms leave memory. */
  private final Map<Long, Long> lastUse = new ConcurrentHashMap<>();

  /** {@code onCommit}: told under the room's lock after each stored action (the broadcaster). */
  Rooms(GameStore store, Accounts accounts, GameRoom.DiceMaker diceMaker, Ownership ownership, Clock clock,
      Consumer<GameRoom> onCommit) {
    this.store = store;
    this.accounts = accounts;
    this.diceMaker = diceMaker;
    this.ownership = ownership;
    this.clock = clock;
    this.onCommit = onCommit;
  }

  /** The game's room, loaded when not in memory; {@link Ownership.OwnedElsewhere} when another node runs it. */
  GameRoom room(long id) {
    GameRoom r = rooms.get(id);
    if (r != null) {
      lastUse.put(id, clock.millis());
      return r;
    }
    GameRow row = store.find(id).orElseThrow(() -> GameCode.missing(id));
    Ownership.Owner elsewhere = ownership.claim(id); // taken before the load: what the load reads is final
    if (elsewhere != null) throw new Ownership.OwnedElsewhere(id, elsewhere);
    return rooms.computeIfAbsent(id, k -> {
      GameRoom loaded = GameRoom.load(row, store, diceMaker, names(row), clock);
      loaded.onCommit(onCommit);
      lastUse.put(id, clock.millis());
      return loaded;
    });
  }

  /** The room if it is in memory now, else null (never loads). */
  GameRoom loaded(long id) {
    return rooms.get(id);
  }

  Collection<GameRoom> all() {
    return rooms.values();
  }

  int size() {
    return rooms.size();
  }

  /** Forgets a room whose in-memory state may be ahead of the database (a failed write): it reloads. */
  void evict(long id) {
    GameRoom gone = rooms.remove(id);
    if (gone != null) gone.retire(); // a thread that still holds it gets a refusal, not a second write of a version
    lastUse.remove(id);
  }

  /**
   * Releases the room when {@code needed} says nobody needs it (no watcher, no computer turn pending) and it is
   * finished, or idle for {@link #IDLE_MILLIS} with no clock running; true when it left memory.
   */
  boolean releaseIfUnused(GameRoom room, long now, LongPredicate needed) {
    long id = room.id();
    synchronized (room) { // no action is committing meanwhile
      if (needed.test(id)) return false;
      boolean idle = now - lastUse.getOrDefault(id, now) >= IDLE_MILLIS && room.deadlineMillis() == 0;
      if (!room.isFinished() && !idle) return false;
      if (rooms.remove(id, room)) {
        lastUse.remove(id);
        ownership.release(id);
      }
      return true;
    }
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
}
