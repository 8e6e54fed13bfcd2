package tabla.server.site;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one node has open now, as the other nodes count it: its signed-in users with a page open (idle or away), the
 * players with a board open there (by game: they are playing while it is not over), and the spectators of each game
 * watched there.
 */
public record NodeSummary(Map<Long, OnlineState> online, Map<Long, Set<Long>> seated,
    Map<Long, Spectators> spectators) {
  public static final NodeSummary EMPTY = new NodeSummary(Map.of(), Map.of(), Map.of());

  /**
   * The spectators of a game on one node: the signed-in ones by id (at most {@link #MAX_NAMED}, so that a user
   * watching from two nodes counts once), and {@code others}: sockets of visitors not signed in, and named ones
   * beyond the cap.
   */
  public record Spectators(List<Long> users, int others) {
    public static final int MAX_NAMED = 100;
  }
}
