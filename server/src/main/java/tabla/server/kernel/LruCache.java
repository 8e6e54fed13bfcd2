package tabla.server.kernel;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A cache of at most {@code max} entries that forgets the least recently used one beyond that: for what the
 * server keeps to answer faster but can always compute again. Thread-safe.
 */
public final class LruCache<K, V> {
  private final int max;
  private final LinkedHashMap<K, V> entries;

  public LruCache(int max) {
    if (max < 1) throw new IllegalArgumentException("a cache holds at least one entry");
    this.max = max;
    this.entries = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > LruCache.this.max;
      }
    };
  }

  public int max() {
    return max;
  }

  public synchronized V get(K key) {
    return entries.get(key);
  }

  /**
   * The value kept for {@code key}, else {@code make}'s, kept. {@code make} runs without the cache's lock (it may
   * be slow), so two callers may both make a value; the first one kept is the one both get.
   */
  public V computeIfAbsent(K key, Function<? super K, ? extends V> make) {
    V kept = get(key);
    if (kept != null) return kept;
    V made = make.apply(key);
    synchronized (this) {
      V first = entries.putIfAbsent(key, made);
      return first != null ? first : made;
    }
  }

  public synchronized void put(K key, V value) {
    entries.put(key, value);
  }

  public synchronized void remove(K key) {
    entries.remove(key);
  }

  public synchronized int size() {
    return entries.size();
  }
}
