package tabla.server.games;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import tabla.core.match.Match;
import tabla.server.games.GameSnapshot.HistoryEntry;

/**
 * The history of each room, built once per version: the answer to an action and the event to every socket share
 * it, and the entries of the match's finished games are kept, so an action costs its own game's entries, not the
 * whole match's (a long match made every action slower). Weak keys: a room leaving memory takes its entry along.
 */
final class HistoryMemo {
  private HistoryMemo() {}

  /** What was built for a room: at which version, with the replay states or not, and the finished games' part of it. */
  private record Built(int version, boolean replay, int gamesDone, List<HistoryEntry> done, List<HistoryEntry> all) {}

  private static final Map<GameRoom, Built> BUILT = Collections.synchronizedMap(new WeakHashMap<>());

  /** The room's history (called under its lock); {@code lost}: the seat that lost on time, or null. */
  static List<HistoryEntry> history(GameRoom room, boolean replay, Integer lost) {
    int version = room.version();
    Built b = BUILT.get(room);
    if (b != null && b.version() == version && b.replay() == replay) return b.all();
    Match m = room.match();
    int gamesDone = m.games().size() - 1;
    List<HistoryEntry> done = b != null && b.gamesDone() == gamesDone && b.replay() == replay
        ? b.done() : List.copyOf(Snapshot.games(m, replay, 0, gamesDone));
    List<HistoryEntry> all = new ArrayList<>(done);
    all.addAll(Snapshot.games(m, replay, gamesDone, gamesDone + 1));
    if (lost != null) all.add(new HistoryEntry(m.games().size(), lost, "timeout", "", null, null, null, null, null));
    all = Collections.unmodifiableList(all);
    BUILT.put(room, new Built(version, replay, gamesDone, done, all));
    return all;
  }
}
