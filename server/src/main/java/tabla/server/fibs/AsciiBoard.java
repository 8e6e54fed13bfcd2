package tabla.server.fibs;

import java.util.ArrayList;
import java.util.List;

/**
 * FIBS's boards for people at a telnet prompt ({@code set boardstyle 1} and {@code 2}), drawn from the
 * {@code board:} line of style 3, which holds everything they show. The layout is FIBS's as its own output shows it:
 * the same position in styles 1, 2 and 3, captured from fibs.com in the notes at the end of BaldLies's
 * {@code lib/BaldLies/Backgammon/Match.pm} (github.com/gflohr/BaldLies, a FIBS work-alike by Gibbon's author), and
 * a game of fibs.com in style 2 quoted in a FIBS bot's comments; {@code AsciiBoardTest} draws those positions and
 * compares them line by line.
 *
 * <p>The viewer's side is at the bottom. O's viewer sees 13 to 24 above and 12 to 1 below, X's viewer 1 to 12 above
 * and 24 to 13 below (X plays from 1 up). Style 2 puts the point numbers on lines of their own, outside the frame;
 * style 1 writes them into it. A point shows at most five checkers; a sixth and more are shown by their count in the
 * fifth row, next to the middle (the captures at hand have no such point, nor checkers on the bar: those two details
 * follow a FIBS client's board tests, not FIBS's own output).
 */
final class AsciiBoard {
  private AsciiBoard() {}

  /** The board: line's fields (after "board"): index of the first of the 26 cells, and of the fields after them. */
  private static final int CELLS = 6;
  private static final int TURN = 32;
  private static final int MY_DICE = 33;
  private static final int OPP_DICE = 35;
  private static final int CUBE = 37;
  private static final int I_MAY_DOUBLE = 38;
  private static final int OPP_MAY_DOUBLE = 39;
  private static final int COLOUR = 41;
  private static final int MY_OFF = 45;
  private static final int OPP_OFF = 46;
  private static final int REDOUBLES = 52;
  private static final int FIELDS = 53;

  /**
   * The lines of the board {@code line} (boardstyle 3) in style {@code style} (1 or 2), for the user called
   * {@code me} (the line calls him "You"; a watcher's line names the watched player, and {@code me} is not used).
   */
  static List<String> draw(String line, String me, int style) {
    String[] f = line.split(":", -1);
    if (f.length != FIELDS || !f[0].equals("board")) throw new IllegalArgumentException("not a board: line: " + line);
    int[] cells = new int[26];
    for (int i = 0; i < 26; i++) cells[i] = Integer.parseInt(f[CELLS + i]);
    boolean o = Integer.parseInt(f[COLOUR]) == 1; // the viewer plays O (positive cells) or X (negative)
    String you = f[1];
    String mine = you.equals("You") ? me : you;
    String theirs = f[2];
    // the points of each half, left to right, with the bar's cell in the middle: whose bar is on which side
    int[] top = o ? new int[] {13, 14, 15, 16, 17, 18, 0, 19, 20, 21, 22, 23, 24}
        : new int[] {1, 2, 3, 4, 5, 6, 25, 7, 8, 9, 10, 11, 12};
    int[] bottom = o ? new int[] {12, 11, 10, 9, 8, 7, 25, 6, 5, 4, 3, 2, 1}
        : new int[] {24, 23, 22, 21, 20, 19, 0, 18, 17, 16, 15, 14, 13};
    String opponentSide = (o ? "X: " : "O: ") + theirs + " - score: " + f[5];
    String mySide = (o ? "O: " : "X: ") + mine + " - score: " + f[4];
    boolean unlimited = f[3].equals(Integer.toString(FibsBoard.UNLIMITED));

    List<String> out = new ArrayList<>(18);
    if (style == 2) out.add(numbers(top));
    out.add("   " + (style == 2 ? frame() : labels(top)) + " " + opponentSide);
    for (int row = 1; row <= 5; row++) out.add(row(cells, top, row));
    out.add((o ? "  v" : "   ") + "|                  |BAR|                   |" + (o ? "" : "v") + "    "
        + (unlimited ? "unlimited match" : f[3] + "-point match"));
    for (int row = 5; row >= 1; row--) {
      String r = row(cells, bottom, row);
      // the redoubles of an unlimited match beside the first row under the middle, as FIBS writes them
      out.add(row == 5 && unlimited ? r + "     " + redoubles(f[REDOUBLES]) : r);
    }
    out.add("   " + (style == 2 ? frame() : labels(bottom)) + " " + mySide);
    if (style == 2) out.add(numbers(bottom));
    out.add("");
    int myOff = Integer.parseInt(f[MY_OFF]);
    int oppOff = Integer.parseInt(f[OPP_OFF]);
    out.add("   BAR: O-" + cells[25] + " X-" + -cells[0] + "   OFF: O-" + (o ? myOff : oppOff) + " X-"
        + (o ? oppOff : myOff) + "   Cube: " + cube(f, mine, theirs) + "  " + turn(f, you, mine, theirs, o));
    return out;
  }

  /** Style 1's frame with the point numbers: "+13-14-15-16-17-18-------19-20-21-22-23-24-+". */
  private static String labels(int[] points) {
    StringBuilder b = new StringBuilder("+");
    for (int i = 0; i < 13; i++) {
      if (i == 6) {
        b.append("------");
        continue;
      }
      b.append(String.format("%2d", points[i]).replace(' ', '-')).append('-');
    }
    return b.append('+').toString();
  }

  /** Style 2's frame: no numbers in it. */
  private static String frame() {
    return "+" + "-".repeat(42) + "+";
  }

  /** Style 2's line of point numbers, each under (or over) its column. */
  private static String numbers(int[] points) {
    return ("   " + labels(points)).replace('-', ' ').replace('+', ' ').stripTrailing();
  }

  /** Row {@code row} (1 at the frame, 5 next to the middle) of a half: a checker where at least that many stand. */
  private static String row(int[] cells, int[] points, int row) {
    StringBuilder b = new StringBuilder("   |");
    for (int i = 0; i < 13; i++) {
      int n = Math.abs(cells[points[i]]);
      char who = cells[points[i]] > 0 ? 'O' : 'X';
      String c = n > 5 && row == 5 ? String.format("%2d", n) : n >= row ? " " + who : "  ";
      b.append(c).append(' ');
      if (i == 5) b.append('|');
      if (i == 6) b.append("| ");
    }
    return b.append('|').toString();
  }

  private static String redoubles(String n) {
    return (n.equals("0") ? "No" : n) + " redoubles";
  }

  /** The cube's value, and its owner: the one player who may double a cube that has been turned. */
  private static String cube(String[] f, String mine, String theirs) {
    String cube = f[CUBE];
    boolean iMay = f[I_MAY_DOUBLE].equals("1");
    boolean theyMay = f[OPP_MAY_DOUBLE].equals("1");
    if (cube.equals("1") || iMay == theyMay) return cube;
    return cube + " (owned by " + (iMay ? mine : theirs) + ")";
  }

  /** "You rolled 5 6.", "NAME rolled 3 1." or "turn: NAME": the dice of whoever has them, else whose turn it is. */
  private static String turn(String[] f, String you, String mine, String theirs, boolean o) {
    if (!f[MY_DICE].equals("0")) return you + " rolled " + f[MY_DICE] + " " + f[MY_DICE + 1] + ".";
    if (!f[OPP_DICE].equals("0")) return theirs + " rolled " + f[OPP_DICE] + " " + f[OPP_DICE + 1] + ".";
    int turn = Integer.parseInt(f[TURN]);
    if (turn == 0) return "";
    return "turn: " + ((turn == 1) == o ? mine : theirs);
  }
}
