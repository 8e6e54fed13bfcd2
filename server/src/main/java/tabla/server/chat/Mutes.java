package tabla.server.chat;

import java.util.Set;
import tabla.server.kernel.LruCache;

/**
 * Whom each user muted, read from the database once and kept for the deliveries that follow; at most
 * {@link #CACHED_USERS} users are kept (the least recently used are read again when needed).
 */
final class Mutes {
  static final int CACHED_USERS = 10_000;

  private final ChatStore store;
  /** Read and changed under this object's lock, so a change never races a read of the old list. */
  private final LruCache<Long, Set<Long>> cache = new LruCache<>(CACHED_USERS);

  Mutes(ChatStore store) {
    this.store = store;
  }

  /** Whether {@code reader} muted {@code author}. */
  synchronized boolean muted(Long reader, long author) {
    if (reader == null) return false;
    return cache.computeIfAbsent(reader, store::mutedBy).contains(author);
  }

  synchronized void changed(long reader) {
    cache.remove(reader);
  }
}
