package tabla.server.games;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tabla.server.kernel.http.Json;

/**
 * Who watches each game here, and what they are told: the snapshot they start from, then each stored version's
 * delta (built once per visibility class), relayed to the other nodes too when there are some.
 */
final class GameEvents {
  private final Map<Long, Set<GameViewer>> viewers = new ConcurrentHashMap<>();
  private volatile EventRelay relay = EventRelay.NONE;

  void relayTo(EventRelay r) {
    this.relay = r;
  }

  boolean watched(long gameId) {
    return viewers.containsKey(gameId);
  }

  /** Under the room's lock: {@code v} gets the snapshot, then every later event of the room. */
  void add(GameRoom room, GameViewer v) {
    viewers.compute(room.id(), (k, set) -> {
      Set<GameViewer> s = set != null ? set : ConcurrentHashMap.newKeySet();
      s.add(v);
      return s;
    });
    snapshot(room, v);
  }

  void remove(long gameId, GameViewer v) {
    viewers.computeIfPresent(gameId, (k, set) -> {
      set.remove(v);
      return set.isEmpty() ? null : set;
    });
  }

  /** Another node runs the game now: its viewers here are told to subscribe again. */
  void moved(long gameId) {
    Set<GameViewer> set = viewers.remove(gameId);
    if (set != null) set.forEach(GameViewer::moved);
  }

  /** Under the room's lock: a fresh snapshot, in order with the room's events. */
  static void snapshot(GameRoom room, GameViewer v) {
    v.send(Json.write(new SnapshotMessage(Snapshot.of(room, v.seat()))));
  }

  /**
   * Under the room's lock: something changed that no version says (a clock started): every viewer, here and on
   * the other nodes, gets a fresh snapshot, since a delta would be taken for one already seen.
   */
  void resyncAll(GameRoom room) {
    relay.resync(room.id());
    for (GameViewer other : viewers.getOrDefault(room.id(), Set.of())) snapshot(room, other);
  }

  /** {"type":"snapshot","snapshot":SNAPSHOT}: the whole state, on connect and on resync. */
  record SnapshotMessage(String type, GameSnapshot snapshot) {
    SnapshotMessage(GameSnapshot snapshot) {
      this("snapshot", snapshot);
    }
  }

  /**
   * Tells every viewer about the action just stored: called by the room under its lock, so each version goes out
   * once, in order. The delta ({@link GameDelta}) is built once per visibility class (seat 0, seat 1, spectators),
   * not per viewer. Sends are queued, never awaited: a slow socket cannot stall a game, and one that stops reading
   * is closed.
   */
  void broadcast(GameRoom room) {
    Set<GameViewer> set = viewers.get(room.id());
    EventRelay relay = this.relay;
    boolean relayed = relay.heardElsewhere(room.id()); // the deltas for the other nodes only when one listens
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
    for (GameViewer v : set == null ? Set.<GameViewer>of() : set) {
      int k = v.seat() < 0 ? 2 : v.seat();
      if (byClass[k] == null) byClass[k] = Json.write(GameDelta.of(Snapshot.of(room, v.seat(), false), from, tail));
      try {
        v.send(byClass[k]);
      } catch (RuntimeException e) {
        set.remove(v); // a closed socket; the client resyncs when it reconnects
      }
    }
  }
}
