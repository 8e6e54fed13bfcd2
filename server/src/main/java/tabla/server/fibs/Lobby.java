package tabla.server.fibs;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the connected CLIP users share: who is online, invitations, saved messages, who waits for whom, and one
 * subscription per match that any of them plays or watches (its events go to each listener's own queue). The site
 * keeps everything that outlives a connection; this holds only what FIBS keeps while people are connected.
 *
 * <p>Bounds: invitations per user ({@link #MAX_INVITATIONS}), saved messages per user ({@link #MAX_MESSAGES}) and in
 * all ({@link #MAX_MESSAGES_TOTAL}), waitfor entries per user ({@link #MAX_WAITS}).
 */
final class Lobby implements FibsSite.News {
  private static final Logger LOG = LoggerFactory.getLogger(Lobby.class);
  static final int MAX_INVITATIONS = 20;
  static final int MAX_MESSAGES = 20;
  static final int MAX_MESSAGES_TOTAL = 10_000;
  static final int MAX_WAITS = 20;

  final FibsSite site;
  private final Map<String, ClipSession> online = new ConcurrentHashMap<>();
  /** Invitee → inviter → match length (0 unlimited, -1 resume their saved match). */
  private final Map<String, Map<String, Integer>> invitations = new ConcurrentHashMap<>();
  private final Map<String, Deque<String>> messages = new ConcurrentHashMap<>();
  private int messageCount;
  private final Map<String, Set<String>> waiting = new ConcurrentHashMap<>();
  private final Map<Long, Feed> feeds = new ConcurrentHashMap<>();

  /** One match's subscription at the site and the sessions it tells. */
  private static final class Feed {
    final Set<ClipSession> listeners = ConcurrentHashMap.newKeySet();
    AutoCloseable subscription;
  }

  Lobby(FibsSite site) {
    this.site = site;
    site.listen(this);
  }

  // ---- the site's news (its threads: each only hands work to a session's queue, or sends a line) ----

  @Override
  public void invited(long invitee, FibsSite.Invitation invitation) {
    ClipSession s = find(invitee);
    if (s != null) s.submit(() -> s.invitedOnSite(invitation));
  }

  @Override
  public void accepted(long creator, long gameId, String by) {
    ClipSession s = find(creator);
    if (s != null) s.submit(() -> s.acceptedOnSite(gameId, by));
  }

  @Override
  public void shouted(long authorId, String author, String text) {
    for (ClipSession s : online.values()) s.heardShout(authorId, author, text);
  }

  @Override
  public Map<Long, tabla.server.site.OnlineState> online() {
    Map<Long, tabla.server.site.OnlineState> out = new java.util.HashMap<>();
    for (ClipSession s : online.values()) if (s.loggedIn()) out.put(s.userId(), s.onlineState());
    return out;
  }

  /** The session of this account, if it is logged in here. */
  ClipSession find(long userId) {
    for (ClipSession s : online.values()) if (s.loggedIn() && s.userId() == userId) return s;
    return null;
  }

  static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  /** Registers a logged-in session; returns the one it replaces (the same name logged in again), if any. */
  ClipSession arrive(ClipSession s) {
    return online.put(key(s.name()), s);
  }

  void leave(ClipSession s) {
    online.remove(key(s.name()), s);
    invitations.remove(key(s.name()));
    for (Map<String, Integer> m : invitations.values()) m.remove(key(s.name()));
  }

  ClipSession find(String name) {
    return online.get(key(name));
  }

  Collection<ClipSession> everyone() {
    return List.copyOf(online.values());
  }

  /** Records an invitation (replacing an earlier one from the same inviter); false when the invitee has too many. */
  boolean invite(String inviter, String invitee, int length) {
    Map<String, Integer> m = invitations.computeIfAbsent(key(invitee), k -> new ConcurrentHashMap<>());
    if (m.size() >= MAX_INVITATIONS && !m.containsKey(key(inviter))) return false;
    m.put(key(inviter), length);
    return true;
  }

  /** Takes the invitation of {@code inviter} to {@code invitee}: its length, or null when there is none. */
  Integer takeInvitation(String inviter, String invitee) {
    Map<String, Integer> m = invitations.get(key(invitee));
    return m == null ? null : m.remove(key(inviter));
  }

  /** The inviters of {@code invitee} now. */
  Set<String> inviters(String invitee) {
    Map<String, Integer> m = invitations.get(key(invitee));
    return m == null ? Set.of() : Set.copyOf(m.keySet());
  }

  /** Keeps a message for a user who is away; false when the box (or the store) is full. */
  synchronized boolean save(String to, String line) {
    Deque<String> box = messages.computeIfAbsent(key(to), k -> new ArrayDeque<>());
    if (box.size() >= MAX_MESSAGES || messageCount >= MAX_MESSAGES_TOTAL) return false;
    box.add(line);
    messageCount++;
    return true;
  }

  synchronized List<String> takeMessages(String name) {
    Deque<String> box = messages.remove(key(name));
    if (box == null) return List.of();
    messageCount -= box.size();
    return List.copyOf(box);
  }

  /** {@code waiter} waits for {@code name} to log in; false when the waiter waits for too many already. */
  boolean waitFor(String waiter, String name) {
    long mine = waiting.values().stream().filter(s -> s.contains(key(waiter))).count();
    if (mine >= MAX_WAITS) return false;
    waiting.computeIfAbsent(key(name), k -> ConcurrentHashMap.newKeySet()).add(key(waiter));
    return true;
  }

  /** Who waited for {@code name}, forgotten now that it came. */
  Set<String> waitersFor(String name) {
    Set<String> s = waiting.remove(key(name));
    return s == null ? Set.of() : s;
  }

  /** {@code s} hears every change of the match from now on (one subscription at the site per match). */
  void listen(long gameId, ClipSession s) {
    Feed f;
    synchronized (feeds) {
      f = feeds.computeIfAbsent(gameId, id -> new Feed());
      f.listeners.add(s);
      if (f.subscription != null) return;
      Feed feed = f;
      f.subscription = site.subscribe(gameId, v -> {
        for (ClipSession l : feed.listeners) l.heard(v);
      });
    }
  }

  void unlisten(long gameId, ClipSession s) {
    AutoCloseable sub = null;
    synchronized (feeds) {
      Feed f = feeds.get(gameId);
      if (f == null) return;
      f.listeners.remove(s);
      if (f.listeners.isEmpty()) {
        feeds.remove(gameId);
        sub = f.subscription;
      }
    }
    closeQuietly(sub);
  }

  /** Matches with a subscription now (for tests and metrics). */
  int feeds() {
    return feeds.size();
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c == null) return;
    try {
      c.close();
    } catch (Exception e) {
      LOG.warn("closing a match subscription failed", e);
    }
  }

  void close() {
    synchronized (feeds) {
      feeds.values().forEach(f -> closeQuietly(f.subscription));
      feeds.clear();
    }
  }
}
