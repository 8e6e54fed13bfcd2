package tabla.core.match;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * An immutable list that grows by one without copying what it holds: a game's events, one more in each version of
 * the game. The versions share one array; each sees its own first {@code size} slots, which nobody writes again, and
 * the longest version writes the next slot in place (a shorter one, or an array that is full, copies into a new array
 * twice as large). So a new version costs one small object instead of a copy of every event so far (which a live
 * match made at each action, and a young collection copied again while the match waited for its next one).
 */
final class AppendOnly<E> extends AbstractList<E> implements RandomAccess {
  /** The array the versions share, and how many of its slots the longest of them has taken. */
  private static final class Shared {
    final Object[] items;
    int used; // guarded by this

    Shared(Object[] items, int used) {
      this.items = items;
      this.used = used;
    }
  }

  private final Shared shared;
  private final int size;

  private AppendOnly(Shared shared, int size) {
    this.shared = shared;
    this.size = size;
  }

  /** {@code list} and then {@code e}; {@code list} itself is unchanged. */
  static <E> List<E> append(List<E> list, E e) {
    if (list instanceof AppendOnly<E> a) {
      synchronized (a.shared) {
        if (a.shared.used == a.size && a.size < a.shared.items.length) {
          a.shared.items[a.size] = e; // seen by the new version through its final field (JLS 17.5)
          a.shared.used++;
          return new AppendOnly<>(a.shared, a.size + 1);
        }
      }
    }
    Object[] items = new Object[Math.max(8, list.size() * 2)];
    for (int i = 0; i < list.size(); i++) items[i] = list.get(i);
    items[list.size()] = e;
    return new AppendOnly<>(new Shared(items, list.size() + 1), list.size() + 1);
  }

  @Override
  @SuppressWarnings("unchecked")
  public E get(int index) {
    if (index < 0 || index >= size) throw new IndexOutOfBoundsException("index " + index + ", size " + size);
    return (E) shared.items[index];
  }

  @Override
  public int size() {
    return size;
  }
}
