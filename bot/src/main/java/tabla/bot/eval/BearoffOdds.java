package tabla.bot.eval;

import tabla.core.Position;

/**
 * Winning and gammon chances of a bear-off where both sides have every checker left on their home
 * boards (no contact, none on the bar), from the two one-sided distributions of {@link
 * OneSidedBearoff}. "Exact-ish": each side is taken to play for the fewest expected rolls (for the
 * gammon questions, for the fewest expected rolls to its first checker off), independently of the
 * other side, which is what a one-sided database can know.
 *
 * <p>The mover is on roll, so it wins when it needs a rolls and the opponent needs at least a (the
 * opponent has had a - 1 rolls by then); it wins a gammon when the opponent has none off and needs
 * at least a rolls to take its first one off; it loses a gammon when it has none off and the
 * opponent finishes in b rolls while the mover needs more than b to take its first off.
 */
final class BearoffOdds {
  private BearoffOdds() {}

  /** True when both sides have checkers left, all of them on their own points 1..6 (at most 15). */
  static boolean applies(Position p) {
    return homeOnly(p, true) && homeOnly(p, false);
  }

  static boolean homeOnly(Position p, boolean mover) {
    int on = 0;
    for (int q = 1; q <= Position.BAR; q++) {
      int n = mover ? p.mover(q) : p.opponent(q);
      if (n == 0) continue;
      if (q > OneSidedBearoff.POINTS) return false;
      on += n;
    }
    return on > 0 && on <= OneSidedBearoff.MAX_CHECKERS;
  }

  /** The mover's (win, win gammon, win backgammon, lose gammon, lose backgammon) into {@code out}. */
  static void probabilities(OneSidedBearoff db, Position p, float[] out) {
    int me = OneSidedBearoff.moverIndex(p);
    int him = OneSidedBearoff.opponentIndex(p);
    float[] mine = db.off(me);
    int mineStart = db.offStart(me);
    double win = 0;
    double winGammon = 0;
    boolean hisNoneOff = p.opponent(Position.OFF) == 0;
    for (int k = 0; k < mine.length; k++) {
      int a = mineStart + k;
      win += mine[k] * tail(db.off(him), db.offStart(him), a);
      if (hisNoneOff) winGammon += mine[k] * tail(db.first(him), db.firstStart(him), a);
    }
    double loseGammon = 0;
    if (p.mover(Position.OFF) == 0) {
      float[] his = db.off(him);
      int hisStart = db.offStart(him);
      for (int k = 0; k < his.length; k++) {
        int b = hisStart + k;
        loseGammon += his[k] * tail(db.first(me), db.firstStart(me), b + 1);
      }
    }
    // The two strategies differ, so keep the gammons inside the wins and losses they belong to.
    win = Math.min(1, Math.max(0, win));
    out[0] = (float) win;
    out[1] = (float) Math.min(winGammon, win);
    out[2] = 0; // the loser's checkers are all on its home board, out of the winner's: no backgammon
    out[3] = (float) Math.min(loseGammon, 1 - win);
    out[4] = 0;
  }

  /** P(rolls ≥ {@code from}) for a distribution starting at {@code start}. */
  private static double tail(float[] d, int start, int from) {
    double s = 0;
    for (int k = Math.max(0, from - start); k < d.length; k++) s += d[k];
    return s;
  }
}
