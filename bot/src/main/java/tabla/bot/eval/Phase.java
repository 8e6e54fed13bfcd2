package tabla.bot.eval;

import tabla.core.Position;

/**
 * The phase of a backgammon position, the one home of the classes the held-out benchmark reports by (and that
 * separate networks by phase would be chosen by). Checked in this order, the first that fits:
 * <ul>
 *   <li>{@link #RACE}: no checker can meet an opposing one ({@link Position#isRace()}).
 *   <li>{@link #BEAROFF_CONTACT}: contact remains, but one side has every checker on its home board or off: it is
 *       bearing in or off against checkers still back.
 *   <li>{@link #CRASHED}: one side has at least {@link #BACK} checkers in the opponent's home board or on the bar,
 *       and either its own board has crashed (at least {@link #DEEP} of its checkers on its 1-, 2- and 3-points or
 *       off) or it holds a back game (two points in the opponent's home board while trailing by at least
 *       {@link #BACK_GAME_DEFICIT} pips).
 *   <li>{@link #CONTACT}: every other position.
 * </ul>
 * The thresholds are our own choice, named here so that a report says what it measured.
 */
public enum Phase {
  CONTACT, CRASHED, RACE, BEAROFF_CONTACT;

  /** Checkers back (opponent's home board or bar) that make a side a candidate for {@link #CRASHED}. */
  static final int BACK = 2;
  /** Checkers on the 1-, 2-, 3-points or off that mean a side's board has crashed. */
  static final int DEEP = 6;
  /** Pips a side holding two anchors in the opponent's home board must trail by to be playing a back game. */
  static final int BACK_GAME_DEFICIT = 40;

  /** The phase of {@code p} (a backgammon position: 24 points, the bar, off). */
  public static Phase of(Position p) {
    if (p.isRace()) return RACE;
    if (allHome(p.moverSide()) || allHome(p.opponentSide())) return BEAROFF_CONTACT;
    int moverPips = p.moverPips();
    int opponentPips = p.opponentPips();
    if (crashed(p.moverSide(), moverPips - opponentPips) || crashed(p.opponentSide(), opponentPips - moverPips)) {
      return CRASHED;
    }
    return CONTACT;
  }

  /** Every checker of a side (26 counts in its own numbering) on points 1..6 or off. */
  private static boolean allHome(int[] side) {
    for (int q = 7; q <= Position.BAR; q++) if (side[q] > 0) return false;
    return true;
  }

  /** A side (its own numbering) with checkers back whose board has crashed or which holds a back game. */
  private static boolean crashed(int[] side, int pipsBehind) {
    int back = 0;
    int anchors = 0;
    for (int q = 19; q <= Position.BAR; q++) {
      back += side[q];
      if (q <= 24 && side[q] >= 2) anchors++;
    }
    if (back < BACK) return false;
    int deep = side[Position.OFF] + side[1] + side[2] + side[3];
    return deep >= DEEP || (anchors >= 2 && pipsBehind >= BACK_GAME_DEFICIT);
  }
}
