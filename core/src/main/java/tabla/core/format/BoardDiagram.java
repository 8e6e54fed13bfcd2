package tabla.core.format;

import tabla.core.Position;

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
    StringBuilder sb = new StringBuilder();
    String[] lines = new String[2 * ROWS + 3];
    lines[0] = " +13-14-15-16-17-18------19-20-21-22-23-24-+";
    for (int r = 0; r < ROWS; r++) lines[1 + r] = row(p, 13, r);
    lines[ROWS + 1] = " |                  |BAR|                  |";
    for (int r = 0; r < ROWS; r++) lines[2 * ROWS + 1 - r] = row(p, 12, r);
    lines[2 * ROWS + 2] = " +12-11-10--9--8--7-------6--5--4--3--2--1-+";
    for (int i = 0; i < lines.length; i++) {
      sb.append(lines[i]);
      if (i < side.length && side[i] != null && !side[i].isEmpty()) sb.append("   ").append(side[i]);
      sb.append('\n');
    }
    sb.append(String.format(" X (on roll): pips %d, bar %d, off %d%n", p.moverPips(), p.mover(Position.BAR),
        p.mover(Position.OFF)));
    sb.append(String.format(" O:           pips %d, bar %d, off %d%n", p.opponentPips(),
        p.opponent(Position.BAR), p.opponent(Position.OFF)));
    return sb.toString();
  }

  /** Row {@code r} (0 = nearest the edge) of the top half (start 13) or the bottom half (start 12). */
  private static String row(Position p, int start, int r) {
    StringBuilder sb = new StringBuilder(" |");
    boolean top = start == 13;
    for (int i = 0; i < 12; i++) {
      int point = top ? 13 + i : 12 - i;
      sb.append(cell(p, point, r));
      if (i == 5) {
        int bar = top ? p.opponent(Position.BAR) : p.mover(Position.BAR);
        String mark = top ? "O" : "X";
        sb.append("|").append(r == 0 && bar > 0 ? (bar > 1 ? bar + mark : " " + mark) + " " : "   ").append("|");
      }
    }
    return sb.append('|').toString();
  }

  private static String cell(Position p, int point, int r) {
    int x = p.mover(point);
    int o = p.opponentAt(point);
    int n = Math.max(x, o);
    String c = x > 0 ? "X" : "O";
    if (n <= r) return "   ";
    if (r == ROWS - 1 && n > ROWS) return String.format("%2d ", n);
    return " " + c + " ";
  }
}
