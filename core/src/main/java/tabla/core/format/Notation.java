package tabla.core.format;

import java.util.List;
import tabla.core.Backgammon;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Writes plays in GNU Backgammon's notation, from the mover's side: {@code 24/18 13/11},
 * {@code 13/7* /6} (a hit in passing), {@code bar/22}, {@code 6/off}, {@code 8/5(2)}. Reading is in
 * {@link NotationParser}.
 *
 * <p>As gnubg does: single moves are sorted by starting point, highest first; a checker that goes
 * on is written as one path, naming only the points where it hit; identical paths are counted.
 */
public final class Notation {
  /** What an empty play (no legal move) is written as. */
  public static final String PASS = "pass";

  private Notation() {}

  /**
   * Reads a play for {@code pos} (mover's side) and {@code dice}: the legal play it names, or an
   * error saying why it is not one.
   */
  public static Result<Play> parse(Position pos, Dice dice, String text) {
    return NotationParser.parse(pos, dice, text, Backgammon.legalPlays(pos, dice));
  }

  public static String write(Play play) {
    return write(play.moves());
  }

  /** Single moves in gnubg's order: by starting point, highest first, then by landing point. */
  private static final java.util.Comparator<Move> ORDER =
      (a, b) -> a.from() != b.from() ? b.from() - a.from() : b.to() - a.to();

  public static String write(List<Move> moves) {
    int n = moves.size();
    if (n == 0) return PASS;
    // Written for every legal play of every roll a server shows or reads, so it keeps to a few small arrays: the
    // points a path hit at are bits of an int (points 0 to 25), the paths are found by looking through at most n.
    Move[] sorted = moves.toArray(new Move[0]);
    java.util.Arrays.sort(sorted, ORDER);
    boolean[] used = new boolean[n];
    // One entry per distinct (from, to) path, in the order first met: how many checkers took it, and the points
    // where any of them hit (gnubg writes 8/2*(2) when only the first of the two hit).
    int[] path = new int[n];
    int[] count = new int[n];
    int[] hits = new int[n];
    int paths = 0;
    for (int i = 0; i < n; i++) {
      if (used[i]) continue;
      used[i] = true;
      Move m = sorted[i];
      int from = m.from();
      int hitAt = hit(0, m);
      // Follow the same checker while another single move starts where this one ended.
      for (int j = next(sorted, used, m.to()); j >= 0; j = next(sorted, used, m.to())) {
        used[j] = true;
        m = sorted[j];
        hitAt = hit(hitAt, m);
      }
      int key = from * 32 + m.to();
      int k = 0;
      while (k < paths && path[k] != key) k++;
      if (k == paths) path[paths++] = key;
      count[k]++;
      hits[k] |= hitAt;
    }
    StringBuilder sb = new StringBuilder(8 * paths);
    for (int k = 0; k < paths; k++) {
      int from = path[k] / 32;
      int to = path[k] % 32;
      if (sb.length() > 0) sb.append(' ');
      point(sb, from);
      for (int p = from - 1; p > to; p--) {
        if ((hits[k] & 1 << p) != 0) sb.append('/').append(p).append('*');
      }
      point(sb.append('/'), to);
      if ((hits[k] & 1 << to) != 0) sb.append('*');
      if (count[k] > 1) sb.append('(').append(count[k]).append(')');
    }
    return sb.toString();
  }

  /** The points hit at along a checker's path, {@code hitAt}, as they stand after its single move {@code m}. */
  private static int hit(int hitAt, Move m) {
    return m.hit() ? hitAt | 1 << m.to() : hitAt & ~(1 << m.to());
  }

  private static void point(StringBuilder sb, int p) {
    if (p == Move.BAR) sb.append("bar");
    else if (p == Move.OFF) sb.append("off");
    else sb.append(p);
  }

  private static int next(Move[] sorted, boolean[] used, int from) {
    if (from == Move.OFF) return -1;
    for (int j = 0; j < sorted.length; j++) {
      if (!used[j] && sorted[j].from() == from) return j;
    }
    return -1;
  }

  static String point(int p) {
    return p == Move.BAR ? "bar" : p == Move.OFF ? "off" : String.valueOf(p);
  }
}
