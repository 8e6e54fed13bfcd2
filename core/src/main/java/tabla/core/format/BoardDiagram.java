package tabla.core.format;

import tabla.core.Position;
import tabla.core.variant.Geometry;

/**
 * A position drawn in text, from the side of the player on roll: X (on roll) moves from 24 at the
 * top right down to 1 at the bottom right; O the other way. Columns show up to five checkers and
 * then the count. Lines for cube and score can be added beside the board.
 */
public final class BoardDiagram {
  private static final int ROWS = 5;

  private BoardDiagram() {}

  /** The board with pip counts; {@code side} holds up to 11 lines written to the right of it. */
  public static String draw(Position p, String... side) {
    return draw(Geometry.CONTRARY, p, side);
  }

  /**
   * The board of a variant whose opponent stands where {@code g} says (parallel games: O's start is
   * X's 12). A point holding both colours (a Plakoto pin) shows the lower count in lower case at the
   * edge. Checkers waiting to enter are counted under the board.
   */
  public static String draw(Geometry g, Position p, String... side) {
    StringBuilder sb = new StringBuilder();
    String[] lines = new String[2 * ROWS + 3];
    lines[0] = " +13-14-15-16-17-18------19-20-21-22-23-24-+";
    for (int r = 0; r < ROWS; r++) lines[1 + r] = row(g, p, 13, r);
    lines[ROWS + 1] = " |                  |BAR|                  |";
    for (int r = 0; r < ROWS; r++) lines[2 * ROWS + 1 - r] = row(g, p, 12, r);
    lines[2 * ROWS + 2] = " +12-11-10--9--8--7-------6--5--4--3--2--1-+";
    for (int i = 0; i < lines.length; i++) {
      sb.append(lines[i]);
      if (i < side.length && side[i] != null && !side[i].isEmpty()) sb.append("   ").append(side[i]);
      sb.append('\n');
    }
    sb.append(String.format(" X (on roll): pips %d, bar %d, off %d%s%n", p.moverPips(), p.mover(Position.BAR),
        p.mover(Position.OFF), p.extras() > 0 ? ", waiting to enter " + p.moverPool() : ""));
    sb.append(String.format(" O:           pips %d, bar %d, off %d%s%n", p.opponentPips(),
        p.opponent(Position.BAR), p.opponent(Position.OFF), p.extras() > 0 ? ", waiting to enter " + p.opponentPool() : ""));
    return sb.toString();
  }

  /** Row {@code r} (0 = nearest the edge) of the top half (start 13) or the bottom half (start 12). */
  private static String row(Geometry g, Position p, int start, int r) {
    StringBuilder sb = new StringBuilder(" |");
    boolean top = start == 13;
    for (int i = 0; i < 12; i++) {
      int point = top ? 13 + i : 12 - i;
      sb.append(cell(p, point, p.opponent(g.other(point)), r));
      if (i == 5) {
        int bar = top ? p.opponent(Position.BAR) : p.mover(Position.BAR);
        String mark = top ? "O" : "X";
        sb.append("|").append(r == 0 && bar > 0 ? (bar > 1 ? bar + mark : " " + mark) + " " : "   ").append("|");
      }
    }
    return sb.append('|').toString();
  }

  private static String cell(Position p, int point, int o, int r) {
    int x = p.mover(point);
    if (x > 0 && o > 0) {
      // Both colours (Plakoto): the pinned single checker, under, at the edge in lower case; then the others.
      boolean xUnder = x < o;
      if (r == 0) return xUnder ? " x " : " o ";
      int n = (xUnder ? o : x) + 1;
      if (n <= r) return "   ";
      if (r == ROWS - 1 && n > ROWS) return String.format("%2d ", n - 1);
      return xUnder ? " O " : " X ";
    }
    int n = Math.max(x, o);
    String c = x > 0 ? "X" : "O";
    if (n <= r) return "   ";
    if (r == ROWS - 1 && n > ROWS) return String.format("%2d ", n);
    return " " + c + " ";
  }
}
