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
 * it, the entries of the match's finished games are kept, and the current game's grow by the new events' lines
 * ({@link GameLines}), so an action costs its own lines, not its game's or the match's (rebuilding the current game
 * for every event was the largest allocation of a busy server). Weak keys: a room leaving memory takes its entry along.
 */
final class HistoryMemo {
  private HistoryMemo() {}

  /**
   * What was built for a room: at which version, with the replay states or not, the finished games' part of it, and
   * (live, without the replay) the current game's lines, which the next version extends.
   */
  private record Built(int version, boolean replay, int gamesDone, List<HistoryEntry> done, GameLines current,
      List<HistoryEntry> all) {}

  private static final Map<GameRoom, Built> BUILT = Collections.synchronizedMap(new WeakHashMap<>());

  /** The room's history (called under its lock); {@code lost}: the seat that lost on time, or null. */
  static List<HistoryEntry> history(GameRoom room, boolean replay, Integer lost) {
    int version = room.version();
    Built b = BUILT.get(room);
    if (b != null && b.version() == version && b.replay() == replay) return b.all();
    Match m = room.match();
    int gamesDone = m.games().size() - 1;
    boolean sameGame = b != null && b.gamesDone() == gamesDone && b.replay() == replay;
    // live, the next game began: the previous one's lines are finished by its last events
    boolean nextGame = b != null && !replay && !b.replay() && b.gamesDone() == gamesDone - 1;
    List<HistoryEntry> done;
    if (sameGame) {
      done = b.done();
    } else if (nextGame) {
      List<HistoryEntry> d = new ArrayList<>(b.done());
      d.addAll(b.current().of(m.games().get(gamesDone - 1), null));
      done = List.copyOf(d);
    } else {
      done = List.copyOf(Snapshot.games(m, replay, 0, gamesDone));
    }
    List<HistoryEntry> all = new ArrayList<>(done);
    GameLines current = null;
    if (replay) {
      all.addAll(Snapshot.games(m, true, gamesDone, gamesDone + 1)); // once: the match is over
    } else {
      current = sameGame ? b.current() : new GameLines(gamesDone + 1, m.rules().variant());
      all.addAll(current.of(m.game(), null));
    }
    if (lost != null) all.add(new HistoryEntry(m.games().size(), lost, "timeout", "", null, null, null, null, null));
    all = Collections.unmodifiableList(all);
    BUILT.put(room, new Built(version, replay, gamesDone, done, current, all));
    return all;
  }
}
