package tabla.core.variant;

import java.util.ArrayList;
import java.util.List;
import tabla.core.Play;
import tabla.core.Position;

/**
 * Fevga (Greek; BrainKing "Февга", tp 111; rules.md §1.10): both sides start with fifteen checkers on
 * their own 24 and move the same way round (the opponent's start is my 12); a single checker owns its
 * point, nothing is hit. Bear-off as in backgammon; a game counts 1, or 2 when the loser has borne off
 * none; no cube. Its own restrictions:
 * <ul>
 *   <li><b>First checker:</b> no other checker leaves the 24 until the first one has passed the
 *       opponent's start (reached my 11 or lower). Nothing is ever hit, so this is read off the
 *       position. A first 6-6 plays 24/18 and stops: 18/12 is the opponent's start.
 *   <li>You may not hold all six points of your starting quarter (19–24) at once, not even within a turn.
 *   <li>A 6-prime elsewhere is allowed, but not one with all the opponent's remaining checkers on the
 *       point directly behind it (on his track). Our reading of "you must open it": a play may not end
 *       with such a prime when another play of the same dice avoids it (judged on whole plays, among
 *       those using the most dice).
 * </ul>
 */
public final class Fevga extends ParallelVariant {
  public Fevga() {
    super(0, false, List.of());
  }

  @Override
  ParallelVariant withHeadAllowance(int allowance) {
    return this; // no head rule
  }

  @Override
  public String name() {
    return "fevga";
  }

  @Override
  protected boolean mayMove(Board b, int from) {
    return from != 24 || b.me(24) == Position.CHECKERS || passedOpponentStart(b);
  }

  /** Whether one of my checkers is past the opponent's start (on my 11 … 1, or borne off). */
  private static boolean passedOpponentStart(Board b) {
    for (int p = OPPONENT_HEAD - 1; p >= 0; p--) {
      if (b.me(p) > 0) return true;
    }
    return false;
  }

  @Override
  protected boolean stepAllowed(Board a) {
    for (int p = 19; p <= 24; p++) {
      if (a.me(p) == 0) return true;
    }
    return false; // all six points of the starting quarter
  }

  @Override
  protected List<Play> finish(Position start, List<Play> plays) {
    List<Play> open = new ArrayList<>();
    for (Play p : plays) {
      if (!trapsAll(p.result())) open.add(p);
    }
    return open.isEmpty() ? plays : open;
  }

  /**
   * Whether the mover holds six or more consecutive points of the opponent's track with every checker
   * the opponent still has on the board on the point directly behind them.
   */
  static boolean trapsAll(Position r) {
    int left = r.opponentCheckers() - r.opponent(Position.OFF);
    int run = 0;
    for (int q = 1; q <= 24; q++) {
      if (r.mover(Geometry.PARALLEL.other(q)) > 0) {
        run++;
      } else {
        if (run >= 6 && left > 0 && r.opponent(q) == left) return true; // q is directly behind the run
        run = 0;
      }
    }
    return false;
  }
}
