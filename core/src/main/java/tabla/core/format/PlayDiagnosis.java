package tabla.core.format;

import java.util.ArrayList;
import java.util.List;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;

/**
 * Explains why a written play is not legal. It tries to split the written checker paths into single
 * moves of the rolled dice, in every order, and reports the rule that stopped it furthest along;
 * when a split works, the play breaks the rule of using as many dice (or the larger die) as possible.
 */
final class PlayDiagnosis {
  private static final int RULE = 100;
  private final int[] dice;
  private final List<int[]> hops;
  private final int[] b = new int[2 * Position.SIDE]; // mover 0..25, opponent 26..51 (own numbering)
  private String reason;
  private int reasonRank = -1;
  private int bestUsed = -1;
  private boolean bestUsedLarger;

  private PlayDiagnosis(Position pos, Dice d, List<int[]> hops) {
    this.dice = d.isDouble() ? new int[] {d.first(), d.first(), d.first(), d.first()}
        : new int[] {d.high(), d.low()};
    this.hops = hops;
    for (int i = 0; i < Position.SIDE; i++) {
      b[i] = pos.mover(i);
      b[Position.SIDE + i] = pos.opponent(i);
    }
  }

  static String why(Position pos, Dice dice, List<int[]> hops, List<Play> legal) {
    PlayDiagnosis d = new PlayDiagnosis(pos, dice, hops);
    int pips = 0;
    for (int[] hop : hops) pips += hop[1] > 0 ? hop[0] - hop[1] : 0;
    int roll = dice.isDouble() ? 4 * dice.first() : dice.first() + dice.second();
    if (pips > roll) return "that moves " + pips + " pips; the roll " + dice + " gives " + roll;
    d.search(new ArrayList<>(hops), new boolean[d.dice.length], 0);
    int needed = legal.get(0).moves().size();
    if (d.bestUsed >= 0) {
      if (d.bestUsed < needed) {
        return "you must use " + (needed == 4 ? "all four" : needed == 2 ? "both" : String.valueOf(needed))
            + " dice when you can, e.g. " + Notation.write(legal.get(0));
      }
      if (!dice.isDouble() && needed == 1 && !d.bestUsedLarger) {
        return "only one die can be played, so it must be the larger one (" + dice.high() + ")";
      }
      return "not a legal play with " + dice;
    }
    return d.reason != null ? d.reason : "no way to play that with " + dice;
  }

  private void search(List<int[]> todo, boolean[] used, int depth) {
    if (todo.isEmpty()) {
      boolean usedLarger = false;
      for (int i = 0; i < dice.length; i++) usedLarger |= used[i] && dice[i] == dice[0];
      if (depth > bestUsed) {
        bestUsed = depth;
        bestUsedLarger = usedLarger;
      }
      return;
    }
    boolean diceLeft = false;
    for (boolean u : used) diceLeft |= !u;
    if (!diceLeft) {
      fail("that moves further than the roll " + diceText() + " allows", depth);
      return;
    }
    for (int h = 0; h < todo.size(); h++) {
      int[] hop = todo.get(h);
      int from = hop[0];
      int to = hop[1];
      boolean tried = false;
      for (int k = 0; k < dice.length; k++) {
        if (used[k] || (k > 0 && dice[k] == dice[k - 1] && !used[k - 1])) continue;
        int d = dice[k];
        int land = from - d;
        if (land < to && to != 0) continue;
        tried = true;
        String why = refusal(from, d);
        if (why != null) {
          fail(why, RULE + depth);
          continue;
        }
        int t = Math.max(land, 0);
        boolean hit = t > 0 && b[51 - t] == 1;
        b[from]--;
        b[t]++;
        if (hit) {
          b[51 - t] = 0;
          b[51]++;
        }
        used[k] = true;
        List<int[]> rest = new ArrayList<>(todo);
        if (t == to || (to == 0 && land <= 0)) {
          rest.remove(h);
        } else {
          rest.set(h, new int[] {t, to});
        }
        search(rest, used, depth + 1);
        used[k] = false;
        if (hit) {
          b[51]--;
          b[51 - t] = 1;
        }
        b[t]--;
        b[from]++;
      }
      if (!tried) {
        fail("no die of " + diceText() + " takes a checker from " + Notation.point(from) + " to "
            + Notation.point(to), depth);
      }
    }
  }

  private String refusal(int from, int d) {
    if (b[from] == 0) return "there is no checker on " + Notation.point(from);
    if (from != Position.BAR && b[Position.BAR] > 0) {
      return "a checker on the bar must enter before any other checker moves";
    }
    int t = from - d;
    if (t > 0) {
      if (b[51 - t] >= 2) {
        return from == Position.BAR ? "cannot enter on " + t + ": the point is blocked"
            : "point " + t + " is blocked";
      }
      return null;
    }
    for (int p = 7; p <= Position.BAR; p++) {
      if (b[p] > 0) return "cannot bear off while a checker is outside the home board (on " + Notation.point(p) + ")";
    }
    for (int p = from + 1; p <= 6 && t < 0; p++) {
      if (b[p] > 0) {
        return "a " + d + " bears off from " + from + " only when no checker stands higher (one is on " + p + ")";
      }
    }
    return null;
  }

  /** Keeps the most telling reason: a broken rule beats a path the dice cannot make; deeper beats shallower. */
  private void fail(String why, int rank) {
    if (rank > reasonRank) {
      reason = why;
      reasonRank = rank;
    }
  }

  private String diceText() {
    return dice.length == 4 ? dice[0] + "-" + dice[0] : dice[0] + "-" + dice[1];
  }
}
