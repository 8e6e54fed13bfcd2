package tabla.core.tournament;

import java.util.ArrayList;
import java.util.List;

/**
 * Single elimination. The bracket has the next power of two of places; seed i meets seed (places - 1 - i) in the first
 * round, placed so that seeds 0 and 1 can only meet in the final. The missing places are the lowest seeds', so the
 * top seeds get the byes (walkovers into round two).
 */
public final class Knockout {
  private Knockout() {}

  /** How many rounds a field of {@code n} (at least 2) plays. */
  public static int rounds(int n) {
    return 32 - Integer.numberOfLeadingZeros(n - 1);
  }

  /** The first round of {@code n} entrants (seed indices), top half of the bracket first. */
  public static List<Pair> firstRound(int n) {
    if (n < 2) throw new IllegalArgumentException("a knock-out needs two players");
    int places = 1 << rounds(n);
    List<Pair> pairs = new ArrayList<>();
    for (int seed : order(places)) {
      if (seed >= places / 2) continue; // each pair once, by its better seed
      int other = places - 1 - seed;
      pairs.add(new Pair(seed, other < n ? other : Pair.BYE));
    }
    return pairs;
  }

  /**
   * The bracket's line order of the seeds: for 8 places 0,7,3,4,1,6,2,5. Built by doubling: each seed s of the smaller
   * bracket is followed by its first-round opponent (size - 1 - s), so the best seeds stay apart until the end.
   */
  static List<Integer> order(int places) {
    List<Integer> line = List.of(0);
    for (int size = 2; size <= places; size *= 2) {
      List<Integer> next = new ArrayList<>();
      for (int s : line) {
        next.add(s);
        next.add(size - 1 - s);
      }
      line = next;
    }
    return line;
  }

  /** The round after {@code previous}: the winners of neighbouring pairs meet; empty when it was the final. */
  public static List<Pair> next(List<Result> previous) {
    List<Pair> pairs = new ArrayList<>();
    if (previous.size() < 2) return pairs;
    for (int i = 0; i + 1 < previous.size(); i += 2) {
      int a = previous.get(i).winner();
      int b = previous.get(i + 1).winner();
      pairs.add(new Pair(Math.min(a, b), Math.max(a, b))); // the better seed sits first
    }
    return pairs;
  }
}
