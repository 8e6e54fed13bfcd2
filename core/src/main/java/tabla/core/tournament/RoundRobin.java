package tabla.core.tournament;

import java.util.ArrayList;
import java.util.List;

/**
 * Everyone meets everyone once, by the circle method: entrant 0 stays put and the others turn one place a round. An odd
 * field gets a phantom entrant, whose partner has the round's bye. Seats alternate for the fixed entrant and follow
 * the table's side for the rest, so each entrant sits first about half the time.
 */
public final class RoundRobin {
  private RoundRobin() {}

  public static int rounds(int n) {
    return n % 2 == 0 ? n - 1 : n;
  }

  /** Round {@code r} (0-based) of a field of {@code n}. */
  public static List<Pair> round(int n, int r) {
    int m = n % 2 == 0 ? n : n + 1; // m - 1 is the phantom when n is odd
    List<Integer> circle = new ArrayList<>();
    for (int i = 1; i < m; i++) circle.add(i);
    java.util.Collections.rotate(circle, r);
    List<Integer> table = new ArrayList<>();
    table.add(0);
    table.addAll(circle);
    List<Pair> pairs = new ArrayList<>();
    for (int i = 0; i < m / 2; i++) {
      int a = table.get(i);
      int b = table.get(m - 1 - i);
      boolean swap = i == 0 ? r % 2 == 1 : i % 2 == 1;
      if (a >= n) pairs.add(new Pair(b, Pair.BYE));
      else if (b >= n) pairs.add(new Pair(a, Pair.BYE));
      else pairs.add(swap ? new Pair(b, a) : new Pair(a, b));
    }
    return pairs;
  }
}
