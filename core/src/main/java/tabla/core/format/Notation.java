package tabla.core.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  public static String write(List<Move> moves) {
    if (moves.isEmpty()) return PASS;
    List<Move> sorted = new ArrayList<>(moves);
    sorted.sort((a, b) -> a.from() != b.from() ? b.from() - a.from() : b.to() - a.to());
    boolean[] used = new boolean[sorted.size()];
    // One entry per distinct (from, to) path: how many checkers took it, and the points where any
    // of them hit (gnubg writes 8/2*(2) when only the first of the two hit).
    Map<Integer, Tally> paths = new LinkedHashMap<>();
    for (int i = 0; i < sorted.size(); i++) {
      if (used[i]) continue;
      used[i] = true;
      Move m = sorted.get(i);
      int from = m.from();
      boolean[] hitAt = new boolean[Move.BAR + 1];
      hitAt[m.to()] = m.hit();
      // Follow the same checker while another single move starts where this one ended.
      for (int j = next(sorted, used, m.to()); j >= 0; j = next(sorted, used, m.to())) {
        used[j] = true;
        m = sorted.get(j);
        hitAt[m.to()] = m.hit();
      }
      Tally t = paths.computeIfAbsent(from * 32 + m.to(), k -> new Tally());
      t.count++;
      for (int p = 0; p <= Move.BAR; p++) t.hitAt[p] |= hitAt[p];
    }
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<Integer, Tally> e : paths.entrySet()) {
      int from = e.getKey() / 32;
      int to = e.getKey() % 32;
      boolean[] hitAt = e.getValue().hitAt;
      if (sb.length() > 0) sb.append(' ');
      sb.append(point(from));
      for (int p = from - 1; p > to; p--) {
        if (hitAt[p]) sb.append('/').append(p).append('*');
      }
      sb.append('/').append(point(to));
      if (hitAt[to]) sb.append('*');
      if (e.getValue().count > 1) sb.append('(').append(e.getValue().count).append(')');
    }
    return sb.toString();
  }

  private static final class Tally {
    int count;
    final boolean[] hitAt = new boolean[Move.BAR + 1];
  }

  private static int next(List<Move> sorted, boolean[] used, int from) {
    if (from == Move.OFF) return -1;
    for (int j = 0; j < sorted.size(); j++) {
      if (!used[j] && sorted.get(j).from() == from) return j;
    }
    return -1;
  }

  static String point(int p) {
    return p == Move.BAR ? "bar" : p == Move.OFF ? "off" : String.valueOf(p);
  }
}
