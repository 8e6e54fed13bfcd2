package tabla.bot.variant;

import java.util.Optional;
import tabla.core.Position;
import tabla.core.variant.Ending;
import tabla.core.variant.Geometry;
import tabla.core.variant.Variant;

/**
 * A hand-made evaluation that works for any {@link Variant}, whatever its geometry and extra cells:
 * the networks only know 15-checker backgammon, and most variants have no trained net. Everything is
 * counted in pips, the one unit every variant shares, and turned into an equity in (−1, 1) for the
 * side whose checkers are the position's "mover":
 * <ul>
 *   <li><b>race</b>: the pip counts (checkers on the bar or not yet entered count 25);
 *   <li><b>exposure</b>, where the variant hits or pins ({@link Contact}): each single checker within
 *       reach of opposing checkers behind it, by the share of the 36 rolls that hit it directly or
 *       indirectly, times what it would lose (the way back from the bar, or a stuck checker);
 *   <li><b>blocks</b>: runs of points closed to the opponent (two checkers, or one where a single
 *       checker blocks, or a pin) with opposing checkers still behind them, worth more the longer;
 *   <li><b>pins</b> (Plakoto): a checker pinned is stuck, a checker pinning is a block and a prisoner;
 *   <li><b>scores</b> (Grasshopper's walls borne off in succession, its extra cell 1).
 * </ul>
 * Anti backgammon ({@link Variant#firstOffLoses()}) reverses the whole judgement. Finished games are
 * not evaluated here: {@link #afterPlay} asks the variant ({@link Variant#ending}) first, so a search
 * sees every variant's own objective exactly (mother pins, Grasshopper's two scores, draws).
 * Read-only, so one instance may serve many threads.
 */
public final class GenericEvaluator implements VariantEvaluation {
  /** Rolls of 36 that hit a blot at distance d with no blocks in between (d = 1..24). */
  private static final int[] SHOTS = {0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1};
  /** Scores of Grasshopper live in extra cell 1 of each side (its class: Grasshopper.SCORE). */
  private static final int GRASSHOPPER_SCORE = 1;
  /** Plakoto keeps each side's pinned checkers as a 24-bit mask in extra cells 1..3 (8 points each). */
  private static final int PIN_MASK = 1;

  private final Variant variant;
  private final Geometry geometry;
  private final Contact contact;
  private final boolean reversed;
  private final boolean scores;

  public GenericEvaluator(Variant variant) {
    this.variant = variant;
    this.geometry = variant.geometry();
    this.contact = Contact.of(variant);
    this.reversed = variant.firstOffLoses();
    this.scores = variant.name().startsWith("grasshopper");
  }

  @Override
  public Variant variant() {
    return variant;
  }

  @Override
  public String measures() {
    return "a hand-made estimate in (-1, 1) from pips, blocks and exposure (no trained network for " + variant.name() + ")";
  }

  public Contact contact() {
    return contact;
  }

  /**
   * The value of a play for the player who made it, from the position it leaves (not swapped): the
   * points the variant awards when that play ends the game, else {@link #equity}.
   */
  @Override
  public double afterPlay(Position result) {
    Optional<Ending> end = variant.ending(result);
    return end.isPresent() ? terminal(end.get()) : equity(result);
  }

  /** Points for the player who made the last play: + the level when he won, − when he lost, 0 for a draw. */
  public static double terminal(Ending e) {
    if (e.isDraw()) return 0;
    return e.winner() == Ending.MOVER ? e.level() : -e.level();
  }

  /** Heuristic equity in (−1, 1) of a game still going, for the side of {@code p}'s mover, the opponent to roll next. */
  @Override
  public double equity(Position p) {
    double s = pips(p);
    double meanPips = (p.moverPips() + p.opponentPips()) / 2.0;
    // A lead of about a tenth of the race (plus a little) is worth most of a game, as in a backgammon race.
    double e = Math.tanh(s / (10 + 0.1 * meanPips));
    return reversed ? -e : e;
  }

  /** The evaluation in pips for the mover: positive is good for him. */
  double pips(Position p) {
    if (scores && p.extras() > GRASSHOPPER_SCORE) return grasshopper(p) - grasshopper(p.swap());
    double s = p.opponentPips() - p.moverPips();
    Position them = p.swap();
    if (contact.hits() || contact.pins()) {
      // The opponent rolls next: my blots are at risk now, his only if he leaves them.
      s -= exposure(p);
      s += 0.3 * exposure(them);
    }
    s += blocks(p) - blocks(them);
    if (contact.pins()) s += pins(p);
    return s;
  }

  /**
   * Grasshopper's own progress for the mover, in pips: a game is won by walls borne off from the last
   * quadrant (my 6..1), two in succession, and a single checker there can only wait to be walled, so
   * raw pips mislead (they pull singles into the last quadrant, where they get stuck). Counted: each
   * score in succession (the second wins), walls ready in the last quadrant, pairs 6 apart that can
   * become one, and half the pips for getting checkers on.
   */
  private double grasshopper(Position p) {
    double v = 45.0 * p.moverExtra(GRASSHOPPER_SCORE) - 0.5 * p.moverPips();
    int ready = 0;
    for (int pt = 1; pt <= 6; pt++) {
      if (p.mover(pt) == 2) ready++;
      else if (p.mover(pt) == 1) v += p.mover(pt + 6) >= 1 ? 10 : -12; // a wall to be, or a single stuck for now
    }
    v += 18.0 * Math.min(ready, 2) + 4.0 * Math.max(0, ready - 2);
    for (int pt = 7; pt <= 18; pt++) {
      if (p.mover(pt) == 2) v += 6; // a wall on its way: it jumps other walls
      else if (p.mover(pt) == 1 && p.mover(pt + 6) == 1) v += 3;
    }
    return v;
  }

  /** Expected pips the mover loses to hits (or pins) on his single checkers in the opponent's next roll. */
  double exposure(Position p) {
    double lost = 0;
    int enter = p.opponent(Position.BAR) + p.opponentPool(); // checkers that come in from the opponent's 25
    for (int pt = 1; pt <= 24; pt++) {
      if (p.mover(pt) != 1 || p.opponent(geometry.other(pt)) > 0) continue; // not a blot, or already shared
      int target = geometry.other(pt); // the blot's point in the opponent's numbering
      int rolls = 0;
      for (int q = target + 1; q <= 24; q++) {
        if (p.opponent(q) > 0) rolls += SHOTS[q - target];
      }
      if (enter > 0) rolls += SHOTS[Position.BAR - target];
      if (rolls == 0) continue;
      double risk = Math.min(36, rolls) / 36.0;
      // Hit: the checker goes back to the bar (25 − pt pips) and a tempo; pinned: stuck for a long while.
      lost += risk * (contact.hits() ? Position.BAR - pt + 6 : 14);
    }
    return lost;
  }

  /**
   * What the mover's closed points are worth against the opponent: each run of consecutive closed
   * points (consecutive on the opponent's way, so parallel geometry counts right) with an opposing
   * checker still behind it, 0.6 × length² pips (a full prime about 22), plus 1.5 a home-board point
   * where hit checkers must come in.
   */
  double blocks(Position p) {
    int need = contact.singleBlocks() ? 1 : 2;
    int behind = p.opponent(Position.BAR) + p.opponentPool();
    int rearmost = behind > 0 ? Position.BAR : 0; // the opponent's rearmost checker, his numbering
    for (int q = 24; q >= 1 && rearmost == 0; q--) {
      if (p.opponent(q) > 0) rearmost = q;
    }
    double v = 0;
    int run = 0;
    // Walk the opponent's way, from his 24 down to his 1: his point q is my point other(q).
    for (int q = 24; q >= 0; q--) {
      boolean closed = q >= 1 && closedByMover(p, geometry.other(q), need);
      if (closed) {
        run++;
        continue;
      }
      if (run > 0 && rearmost > q + run) { // some opposing checker still has to pass this run
        int len = Math.min(run, 6);
        v += 0.6 * len * len;
      }
      run = 0;
    }
    if (contact.hits() && behind > 0) {
      for (int pt = 1; pt <= 6; pt++) {
        if (p.mover(pt) >= 2) v += 1.5 * Math.min(behind, 2);
      }
    }
    return v;
  }

  private boolean closedByMover(Position p, int myPoint, int need) {
    int mine = p.mover(myPoint);
    if (mine >= need) return true;
    // A pin: my checker on top of his single one closes the point to him.
    return contact.pins() && mine > 0 && p.opponent(geometry.other(myPoint)) > 0 && !pinned(p, true, myPoint);
  }

  /** Pins where both colours share a point: the pinner gains, the pinned side's checker is stuck. */
  double pins(Position p) {
    double v = 0;
    for (int pt = 1; pt <= 24; pt++) {
      int theirs = geometry.other(pt);
      if (p.mover(pt) == 0 || p.opponent(theirs) == 0) continue;
      // Stuck far from home is worse: the checker has all of its way still to go.
      if (pinned(p, true, pt)) v -= 6 + 0.5 * pt;
      else v += 6 + 0.5 * theirs;
    }
    return v;
  }

  /**
   * Whether the mover's (or the opponent's) checker on a shared point is the pinned one: Plakoto's
   * masks when the position has them, else the side with fewer checkers there (the pinner may stack).
   */
  private boolean pinned(Position p, boolean mover, int myPoint) {
    int theirs = geometry.other(myPoint);
    if (p.extras() >= PIN_MASK + 3) {
      int bit = (mover ? myPoint : theirs) - 1;
      int cell = PIN_MASK + bit / 8;
      int mask = mover ? p.moverExtra(cell) : p.opponentExtra(cell);
      return (mask >> (bit % 8) & 1) != 0;
    }
    int mine = p.mover(myPoint);
    int his = p.opponent(theirs);
    return mover ? mine < his : his < mine;
  }
}
