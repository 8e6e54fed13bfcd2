package tabla.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tabla.core.Position;

/**
 * The reference for the benchmark: legal plays the plain way (copy the board for every move, try
 * every dice order, keep distinct boards in a HashSet), as a first implementation would.
 */
final class NaiveGenerator {
  private NaiveGenerator() {}

  static List<int[]> plays(Position pos, int d1, int d2) {
    int[] board = new int[52];
    for (int i = 0; i < 26; i++) {
      board[i] = pos.mover(i);
      board[26 + i] = pos.opponent(i);
    }
    List<int[]> orders = d1 == d2 ? List.of(new int[] {d1, d1, d1, d1})
        : List.of(new int[] {d1, d2}, new int[] {d2, d1});
    List<int[]> leaves = new ArrayList<>();
    int[] best = {0, 0}; // max dice used, larger die used when only one
    for (int[] dice : orders) search(board, dice, 0, leaves, best);
    Set<String> seen = new HashSet<>();
    List<int[]> out = new ArrayList<>();
    for (int[] leaf : leaves) {
      int used = leaf[52];
      if (used != best[0]) continue;
      if (used == 1 && d1 != d2 && best[1] == 1 && leaf[53] != Math.max(d1, d2)) continue;
      if (seen.add(Arrays.toString(Arrays.copyOf(leaf, 52)))) out.add(leaf);
    }
    return out;
  }

  private static void search(int[] b, int[] dice, int k, List<int[]> leaves, int[] best) {
    boolean moved = false;
    if (k < dice.length) {
      for (int s = 25; s >= 1; s--) {
        int[] next = step(b, s, dice[k]);
        if (next == null) continue;
        moved = true;
        next[53] = dice[k];
        search(next, dice, k + 1, leaves, best);
      }
    }
    if (!moved && k > 0) {
      int[] leaf = Arrays.copyOf(b, 54);
      leaf[52] = k;
      if (k == 1) leaf[53] = b.length > 53 ? b[53] : dice[0];
      leaves.add(leaf);
      if (k > best[0]) best[0] = k;
      if (k == 1 && leaf[53] == Math.max(dice[0], dice.length > 1 ? dice[1] : 0)) best[1] = 1;
    }
  }

  private static int[] step(int[] b, int s, int d) {
    if (b[s] == 0 || (s != 25 && b[25] > 0)) return null;
    int t = s - d;
    if (t > 0 && b[51 - t] >= 2) return null;
    if (t <= 0) {
      for (int p = 7; p <= 25; p++) if (b[p] > 0) return null;
      if (t < 0) for (int p = s + 1; p <= 6; p++) if (b[p] > 0) return null;
      t = 0;
    }
    int[] n = Arrays.copyOf(b, 54);
    n[s]--;
    n[t]++;
    if (t > 0 && n[51 - t] == 1) {
      n[51 - t] = 0;
      n[51]++;
    }
    return n;
  }
}
