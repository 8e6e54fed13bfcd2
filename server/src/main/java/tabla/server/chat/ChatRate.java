package tabla.server.chat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * How fast one user may write: at most {@link #MAX_MESSAGES} messages in any {@link #WINDOW_MILLIS}. The users
 * it remembers are bounded by {@link #MAX_USERS}: those whose window has passed are forgotten first (they are
 * free to write anyway), and when every remembered user is still within a window the oldest is forgotten.
 */
public final class ChatRate implements ChatLimit {
  public static final int MAX_MESSAGES = 5;
  public static final long WINDOW_MILLIS = 10_000;
  public static final int MAX_USERS = 10_000;

  private final LongSupplier clock;
  private final Map<Long, Deque<Long>> sent = new LinkedHashMap<>();

  public ChatRate(LongSupplier clock) {
    this.clock = clock;
  }

  /**
   * Counts one message of {@code userId} if it is within the limit and returns 0; else counts nothing and returns
   * the milliseconds until the user may write again.
   */
  @Override
  public synchronized long take(long userId) {
    long now = clock.getAsLong();
    Deque<Long> times = sent.remove(userId); // re-inserted below: the map stays in order of last use
    if (times == null) times = new ArrayDeque<>();
    while (!times.isEmpty() && now - times.peekFirst() >= WINDOW_MILLIS) times.pollFirst();
    long wait = 0;
    if (times.size() >= MAX_MESSAGES) wait = WINDOW_MILLIS - (now - times.peekFirst());
    else times.addLast(now);
    sent.put(userId, times);
    if (sent.size() > MAX_USERS) forget(now);
    return wait;
  }

  /** How many users are remembered now (for the test of the bound). */
  public synchronized int remembered() {
    return sent.size();
  }

  private void forget(long now) {
    for (Iterator<Deque<Long>> it = sent.values().iterator(); it.hasNext(); ) {
      Deque<Long> t = it.next();
      if (t.isEmpty() || now - t.peekLast() >= WINDOW_MILLIS) it.remove();
    }
    Iterator<Long> oldest = sent.keySet().iterator();
    while (sent.size() > MAX_USERS && oldest.hasNext()) {
      oldest.next();
      oldest.remove();
    }
  }
}
