package tabla.server.cluster;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The notices for a user's pages that were not sent because no other node had that user online when they were
 * told ({@link SiteRelay}): a turn alert for two players with no page open anywhere else is most of a cluster's
 * site notices, and every node would parse each. A page opened on another node in the second before this node read
 * that node's row would miss them, so they are kept for {@link #HOLD_MILLIS} and sent as soon as a read shows the
 * user there.
 *
 * <p>Bounds: at most {@link #PER_USER} notices per user (the latest) and {@link #MAX_USERS} users; when full,
 * {@link #hold} refuses and the notice is sent at once, as before this filter. Not thread-safe: {@link SiteRelay}
 * holds its lock around each call together with its view of the other nodes.
 */
final class HeldNotices<T> {
  /** Longer than a node takes to write its row (≤ 1 s) and another to read it (on its notice, else ≤ 5 s). */
  static final long HOLD_MILLIS = 30_000;
  static final int PER_USER = 4;
  static final int MAX_USERS = 10_000;

  private record Held<T>(long at, T notice) {}

  private final Map<Long, Deque<Held<T>>> byUser = new HashMap<>();

  /** Keeps {@code notice} for {@code user}; false when full (then send it now). */
  boolean hold(long user, T notice, long now) {
    Deque<Held<T>> q = byUser.get(user);
    if (q == null) {
      if (byUser.size() >= MAX_USERS) {
        expire(now);
        if (byUser.size() >= MAX_USERS) return false;
      }
      q = new ArrayDeque<>(PER_USER);
      byUser.put(user, q);
    }
    if (q.size() == PER_USER) q.removeFirst();
    q.addLast(new Held<>(now, notice));
    return true;
  }

  /** The notices still held for these users (now online elsewhere), oldest first, and forgets them. */
  List<T> release(Collection<Long> users, long now) {
    List<T> out = new ArrayList<>();
    for (Long u : users) {
      Deque<Held<T>> q = byUser.remove(u);
      if (q == null) continue;
      for (Held<T> h : q) if (now - h.at() < HOLD_MILLIS) out.add(h.notice());
    }
    return out;
  }

  /** Forgets the notices held longer than {@link #HOLD_MILLIS}. */
  void expire(long now) {
    for (Iterator<Deque<Held<T>>> it = byUser.values().iterator(); it.hasNext(); ) {
      Deque<Held<T>> q = it.next();
      while (!q.isEmpty() && now - q.peekFirst().at() >= HOLD_MILLIS) q.removeFirst();
      if (q.isEmpty()) it.remove();
    }
  }

  int users() {
    return byUser.size();
  }
}
