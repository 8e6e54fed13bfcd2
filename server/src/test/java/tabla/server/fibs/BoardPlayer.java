package tabla.server.fibs;

import java.util.List;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.variant.Variants;

/**
 * The tests' own reading of a {@code board:} line (from the CLIP specification's field list, not from the server's
 * code): the position from "You"'s side, the dice, whose turn; and a legal play for it in FIBS's numbering.
 */
public final class BoardPlayer {
  final String[] f;

  public BoardPlayer(String line) {
    f = line.split(":");
    if (f.length != 53 || !f[0].equals("board")) throw new AssertionError("not a board: line of 53 fields: " + line);
  }

  int n(int i) {
    return Integer.parseInt(f[i]);
  }

  int colour() {
    return n(41);
  }

  int direction() {
    return n(42);
  }

  boolean myTurnToMove() {
    return n(32) == colour() && n(33) > 0 && n(49) > 0;
  }

  /** The position from my side, in Tabla's terms (each side in its own numbering). */
  Position position() {
    int[][] s = sides();
    return Position.of(s[0], s[1]).get();
  }

  /** My checkers and the opponent's, each in its own numbering: 0 borne off, 1..24, 25 the bar (as Tabla's snapshot). */
  public int[][] sides() {
    int[] me = new int[26];
    int[] him = new int[26];
    for (int abs = 1; abs <= 24; abs++) {
      int v = n(6 + abs) * colour();
      int own = direction() < 0 ? abs : 25 - abs;
      if (v > 0) me[own] = v;
      if (v < 0) him[25 - own] = -v;
    }
    me[25] = n(47);
    him[25] = n(48);
    me[0] = n(45);
    him[0] = n(46);
    return new int[][] {me, him};
  }

  /** The first legal play of my dice, in FIBS's absolute numbering ("13-7 8-7"), or null when none. */
  String firstPlay() {
    List<Play> plays = Variants.STANDARD.legalPlays(position(), new Dice(n(33), n(34)));
    if (plays.isEmpty() || plays.get(0).isPass()) return null;
    StringBuilder b = new StringBuilder();
    for (Move m : plays.get(0).moves()) {
      if (b.length() > 0) b.append(' ');
      b.append(fibs(m.from())).append('-').append(fibs(m.to()));
    }
    return b.toString();
  }

  private String fibs(int own) {
    if (own == 25) return "bar";
    if (own == 0) return "off";
    return String.valueOf(direction() < 0 ? own : 25 - own);
  }
}
