package tabla.core.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.RuleCode;

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
  private Result<Play> reason;
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

  /** The refusal of the written play: the rule it breaks, its code and values. */
  static Result<Play> why(Position pos, Dice dice, List<int[]> hops, List<Play> legal) {
    PlayDiagnosis d = new PlayDiagnosis(pos, dice, hops);
    int pips = 0;
    for (int[] hop : hops) pips += hop[1] > 0 ? hop[0] - hop[1] : 0;
    int roll = dice.isDouble() ? 4 * dice.first() : dice.first() + dice.second();
    String rolled = dice.toString();
    if (pips > roll) {
      return Result.err(RuleCode.TOO_MANY_PIPS, "that moves " + pips + " pips; the roll " + dice + " gives " + roll,
          Map.of("pips", pips, "dice", rolled, "roll", roll));
    }
    d.search(new ArrayList<>(hops), new boolean[d.dice.length], 0);
    int needed = legal.get(0).moves().size();
    if (d.bestUsed >= 0) {
      if (d.bestUsed < needed) {
        String play = Notation.write(legal.get(0));
        return Result.err(RuleCode.USE_MORE_DICE, "you must use "
            + (needed == 4 ? "all four" : needed == 2 ? "both" : String.valueOf(needed)) + " dice when you can, e.g. " + play,
            Map.of("count", needed, "play", play));
      }
      if (!dice.isDouble() && needed == 1 && !d.bestUsedLarger) {
        return Result.err(RuleCode.LARGER_DIE, "only one die can be played, so it must be the larger one (" + dice.high() + ")",
            Map.of("die", dice.high()));
      }
      return Result.err(RuleCode.NOT_LEGAL_WITH, "not a legal play with " + dice, Map.of("dice", rolled));
    }
    return d.reason != null ? d.reason
        : Result.err(RuleCode.NO_WAY, "no way to play that with " + dice, Map.of("dice", rolled));
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
      fail(Result.err(RuleCode.BEYOND_ROLL, "that moves further than the roll " + diceText() + " allows",
          Map.of("dice", diceText())), depth);
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
        Result<Play> why = refusal(from, d);
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
        String start = Notation.point(from);
        String end = Notation.point(to);
        fail(Result.err(RuleCode.NO_DIE_FOR, "no die of " + diceText() + " takes a checker from " + start + " to " + end,
            Map.of("dice", diceText(), "from", start, "to", end)), depth);
      }
    }
  }

  /** Why a checker may not move from {@code from} by {@code d}, or null when it may. */
  private Result<Play> refusal(int from, int d) {
    if (b[from] == 0) {
      String point = Notation.point(from);
      return Result.err(RuleCode.NO_CHECKER_ON, "there is no checker on " + point, Map.of("point", point));
    }
    if (from != Position.BAR && b[Position.BAR] > 0) {
      return Result.err(RuleCode.BAR_FIRST, "a checker on the bar must enter before any other checker moves");
    }
    int t = from - d;
    if (t > 0) {
      if (b[51 - t] < 2) return null;
      return from == Position.BAR
          ? Result.err(RuleCode.ENTRY_BLOCKED, "cannot enter on " + t + ": the point is blocked", Map.of("point", t))
          : Result.err(RuleCode.POINT_BLOCKED, "point " + t + " is blocked", Map.of("point", t));
    }
    for (int p = 7; p <= Position.BAR; p++) {
      if (b[p] > 0) {
        String point = Notation.point(p);
        return Result.err(RuleCode.BEAR_OFF_OUTSIDE, "cannot bear off while a checker is outside the home board (on "
            + point + ")", Map.of("point", point));
      }
    }
    for (int p = from + 1; p <= 6 && t < 0; p++) {
      if (b[p] > 0) {
        return Result.err(RuleCode.BEAR_OFF_HIGHER, "a " + d + " bears off from " + from
            + " only when no checker stands higher (one is on " + p + ")", Map.of("die", d, "from", from, "point", p));
      }
    }
    return null;
  }

  /** Keeps the most telling reason: a broken rule beats a path the dice cannot make; deeper beats shallower. */
  private void fail(Result<Play> why, int rank) {
    if (rank > reasonRank) {
      reason = why;
      reasonRank = rank;
    }
  }

  private String diceText() {
    return dice.length == 4 ? dice[0] + "-" + dice[0] : dice[0] + "-" + dice[1];
  }
}
