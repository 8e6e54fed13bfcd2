package tabla.core.tournament;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Swiss pairing for a set number of rounds: entrants in standing order, each paired with the nearest one below it
 * they have not met (searching back when a later entrant is left with no one new). With an odd field the lowest
 * entrant without a bye yet sits out. Of a pair, who sat first fewer times sits first (the better standing on a tie),
 * which keeps each entrant's seats within one of even.
 */
public final class Swiss {
  private Swiss() {}

  /** The most rounds a field of {@code n} may play: then no pair need meet twice. */
  public static int maxRounds(int n) {
    return n % 2 == 0 ? n - 1 : n;
  }

  /** The next round after {@code rounds}; empty if no pairing without a repeat exists. */
  public static Optional<List<Pair>> next(int n, List<List<Result>> rounds) {
    List<Standings.Line> table = Standings.of(n, rounds);
    Set<Long> met = new HashSet<>();
    for (List<Result> round : rounds) {
      for (Result r : round) {
        if (!r.pair().isBye()) met.add(key(r.pair().first(), r.pair().second()));
      }
    }
    List<Integer> order = new ArrayList<>();
    for (Standings.Line l : table) order.add(l.entrant());
    int[] seatZero = new int[n];
    for (Standings.Line l : table) seatZero[l.entrant()] = l.seatZero();
    // the bye: the lowest standing without one, tried upwards until the rest pair
    List<Integer> byeCandidates = new ArrayList<>();
    if (n % 2 == 1) {
      for (int i = table.size() - 1; i >= 0; i--) if (table.get(i).byes() == 0) byeCandidates.add(table.get(i).entrant());
      for (int i = table.size() - 1; i >= 0; i--) if (table.get(i).byes() > 0) byeCandidates.add(table.get(i).entrant());
    } else {
      byeCandidates.add(Pair.BYE);
    }
    for (int bye : byeCandidates) {
      List<Integer> rest = new ArrayList<>(order);
      rest.remove(Integer.valueOf(bye));
      List<int[]> pairs = new ArrayList<>();
      if (pair(rest, new boolean[rest.size()], met, pairs)) {
        List<Pair> out = new ArrayList<>();
        for (int[] p : pairs) out.add(seated(p[0], p[1], seatZero));
        if (bye != Pair.BYE) out.add(new Pair(bye, Pair.BYE));
        return Optional.of(out);
      }
    }
    return Optional.empty();
  }

  /** Pairs the first unpaired entrant with the nearest one below it not met yet, backtracking when stuck. */
  private static boolean pair(List<Integer> order, boolean[] used, Set<Long> met, List<int[]> pairs) {
    int a = -1;
    for (int i = 0; i < order.size(); i++) {
      if (!used[i]) {
        a = i;
        break;
      }
    }
    if (a < 0) return true;
    used[a] = true;
    for (int b = a + 1; b < order.size(); b++) {
      if (used[b] || met.contains(key(order.get(a), order.get(b)))) continue;
      used[b] = true;
      pairs.add(new int[] {order.get(a), order.get(b)});
      if (pair(order, used, met, pairs)) return true;
      pairs.remove(pairs.size() - 1);
      used[b] = false;
    }
    used[a] = false;
    return false;
  }

  /** {@code better} stands higher; who sat first fewer times sits first now. */
  private static Pair seated(int better, int other, int[] seatZero) {
    return seatZero[other] < seatZero[better] ? new Pair(other, better) : new Pair(better, other);
  }

  private static long key(int a, int b) {
    return (long) Math.min(a, b) << 32 | Math.max(a, b);
  }
}
