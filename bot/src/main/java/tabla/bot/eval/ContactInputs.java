package tabla.bot.eval;

import tabla.core.PlayGenerator;
import tabla.core.Position;

/**
 * Inputs that describe contact play, of our own design (the strength plan's step 2,
 * docs/measurements/2026-11-27-strength-plan.md): pure functions of a position seen by the player on roll (the
 * mover, points in its own numbering: 1..6 its home board, 25 the bar). Counts of rolls are out of 36 (a non-double
 * counts twice). Not yet read by the shipped networks: a network trained with them will; each is cheap enough for
 * every evaluation (see ContactInputsBenchmark), except {@link #hittingRolls}, which plays every roll ({@link #shots}
 * counts the same from the board).
 */
public final class ContactInputs {
  private ContactInputs() {}

  /** How far ahead of a checker a blockade is looked for: what one roll's two dice reach without doubles. */
  static final int REACH = 12;

  /** Whether the opponent has made (two or more checkers on) the mover's point {@code p} (1..24). */
  static boolean blocked(Position p, int point) {
    return point >= 1 && point <= 24 && p.opponentAt(point) >= 2;
  }

  /** The mover's rearmost checker's point (25 on the bar), 0 when every checker is off. */
  public static int rearmost(Position p) {
    for (int q = Position.BAR; q >= 1; q--) if (p.mover(q) > 0) return q;
    return 0;
  }

  /** The point of the mover's second-rearmost checker (the rearmost's own point when two stand there), 0 if none. */
  public static int secondRearmost(Position p) {
    int seen = 0;
    for (int q = Position.BAR; q >= 1; q--) {
      seen += p.mover(q);
      if (seen >= 2) return q;
    }
    return 0;
  }

  /**
   * Escapes of a checker of the mover on {@code from} (1..25): the rolls of 36 with which it alone can land past
   * the frontmost opponent point made within {@link #REACH} pips in front of it, touching only open points on the
   * way (one die or both, either order; a double up to four times). 36 when no point is made in that stretch.
   */
  public static int escapes(Position p, int from) {
    return escapes(madeMask(p), from);
  }

  /** Bit q (1..24) set where the opponent has made the mover's point q: what {@link #escapes} looks at. */
  static int madeMask(Position p) {
    int made = 0;
    for (int q = 1; q <= 24; q++) if (p.opponentAt(q) >= 2) made |= 1 << q;
    return made;
  }

  /**
   * How far in front of a checker its escapes look: a double's steps end at the first landing past the front
   * (at most {@link #REACH} pips ahead), so 5-5's third step, 15 pips, is the farthest point that counts.
   */
  static final int LOOK = 15;

  /**
   * {@link #escapes} of every pattern of made points in front of a checker, by {@link #patternIndex}: the search
   * over 21 rolls done once at class load (64 KiB) instead of per evaluation, where it was most of the contact
   * inputs' cost.
   */
  private static final byte[] ESCAPES = escapeTable();

  /**
   * The index of the {@code n} points in front of a checker on {@code from} (those of {@code from − 1 .. from − 15}
   * on the board, n = min(from − 1, 15)): a leading 1 bit at n, then their made bits, lowest point first. The
   * leading bit tells the board's end apart from open points (landing below the 1-point is no escape).
   */
  private static int patternIndex(int made, int from) {
    int lo = Math.max(1, from - LOOK);
    int n = from - lo;
    return (1 << n) | ((made >>> lo) & ((1 << n) - 1));
  }

  /** {@link #escapes} with the opponent's made points as {@link #madeMask} gives them. */
  static int escapes(int made, int from) {
    return from <= 1 ? 36 : ESCAPES[patternIndex(made, from)];
  }

  private static byte[] escapeTable() {
    byte[] t = new byte[1 << (LOOK + 1)];
    for (int n = 0; n <= LOOK; n++) {
      for (int bits = 0; bits < 1 << n; bits++) {
        int made = bits << 1; // points 1..n, the checker on n + 1: the same index as on the board
        t[patternIndex(made, n + 1)] = (byte) escapesByRolls(made, n + 1);
      }
    }
    return t;
  }

  /** {@link #escapes} by trying the 21 rolls against the made points {@code made} (the table's source). */
  static int escapesByRolls(int made, int from) {
    int front = 0;
    for (int q = from - 1; q >= Math.max(1, from - REACH); q--) if (blocked(made, q)) front = q;
    if (front == 0) return 36;
    int rolls = 0;
    for (int a = 1; a <= 6; a++) {
      for (int b = a; b <= 6; b++) if (passes(made, from, a, b, front)) rolls += a == b ? 1 : 2; // both orders tried
    }
    return rolls;
  }

  private static boolean blocked(int made, int point) {
    return point >= 1 && point <= 24 && (made & (1 << point)) != 0;
  }

  /** Whether dice {@code a}, {@code b} take a checker on {@code from} to an open point below {@code front}. */
  private static boolean passes(int made, int from, int a, int b, int front) {
    if (a == b) {
      int at = from;
      for (int k = 0; k < 4; k++) {
        at -= a;
        if (at < 1 || blocked(made, at)) return false;
        if (at < front) return true;
      }
      return false;
    }
    return lands(made, from - a, front) || lands(made, from - b, front)
        || (opens(made, from - a) || opens(made, from - b)) && lands(made, from - a - b, front);
  }

  private static boolean opens(int made, int at) {
    return at >= 1 && !blocked(made, at);
  }

  private static boolean lands(int made, int at, int front) {
    return at < front && opens(made, at);
  }

  /**
   * Containment of the opponent's rearmost checker: the rolls of 36 on which it could <em>not</em> escape the
   * mover's blockade (36 − its {@link #escapes}, seen from the opponent's side), 0 when it has no checker left.
   */
  public static int containment(Position p) {
    Position them = p.swap();
    int back = rearmost(them);
    return back == 0 ? 0 : 36 - escapes(them, back);
  }

  /** The mover's longest run of consecutive made points (two or more checkers each) on points 1..24. */
  public static int primeLength(Position p) {
    int best = 0;
    int run = 0;
    for (int q = 1; q <= 24; q++) {
      run = p.mover(q) >= 2 ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return best;
  }

  /** The highest point of the mover's longest prime (the nearest one to the bar when two are as long), 0 if none. */
  public static int primeTop(Position p) {
    int best = 0;
    int top = 0;
    int run = 0;
    for (int q = 1; q <= 24; q++) {
      run = p.mover(q) >= 2 ? run + 1 : 0;
      if (run > 0 && run >= best) {
        best = run;
        top = q;
      }
    }
    return top;
  }

  /** The mover's made points (two or more checkers) on its home board, 0..6. */
  public static int homePoints(Position p) {
    int n = 0;
    for (int q = 1; q <= 6; q++) if (p.mover(q) >= 2) n++;
    return n;
  }

  /**
   * The rolls of 36 on which a checker of the mover on the bar can enter: those with at least one die that
   * finds an open point on the opponent's home board, 36 − k² with k points made there.
   */
  public static int enteringRolls(Position p) {
    int k = 0;
    for (int q = 1; q <= 6; q++) if (p.opponent(q) >= 2) k++;
    return 36 - k * k;
  }

  /**
   * Rolls of 36 on which the mover can hit at least one opposing checker: every legal play of each roll is looked
   * at (direct and indirect shots, blocked paths, the bar first, every rule), so this one costs 21 move
   * generations. {@code gen} is the caller's, reused.
   */
  public static int hittingRolls(Position p, PlayGenerator gen) {
    int barBefore = p.opponent(Position.BAR);
    int rolls = 0;
    for (int a = 1; a <= 6; a++) {
      for (int b = a; b <= 6; b++) {
        int n = gen.generate(p, a, b);
        for (int i = 0; i < n; i++) {
          if (gen.result(i).opponent(Position.BAR) > barBefore) {
            rolls += a == b ? 1 : 2;
            break;
          }
        }
      }
    }
    return rolls;
  }

  /**
   * {@link #hittingRolls} counted straight from the board, without playing the rolls: a roll hits when one die, both
   * (through an open point, either order) or a double's steps (every point on the way open) take a checker of the
   * mover onto a point holding one opposing checker; with checkers on the bar, those enter first (on a blot, or
   * then the dice left move as above). The same count as the legal plays give, except in the rare positions where
   * the rule to use both dice forbids the only hitting play (never fewer). About an eighteenth of its cost
   * (ContactInputsBenchmark).
   */
  public static int shots(Position p) {
    int bar = p.mover(Position.BAR);
    int rolls = 0;
    for (int a = 1; a <= 6; a++) {
      for (int b = a; b <= 6; b++) {
        if (bar > 0 ? hitsFromBar(p, bar, a, b) : hits(p, a, b)) rolls += a == b ? 1 : 2;
      }
    }
    return rolls;
  }

  private static boolean hits(Position p, int a, int b) {
    for (int from = 24; from >= 2; from--) {
      if (p.mover(from) == 0) continue;
      if (a == b) {
        if (stepsHit(p, from, a, 4)) return true;
      } else {
        if (blot(p, from - a) || blot(p, from - b)) return true;
        if (blot(p, from - a - b) && (opens(p, from - a) || opens(p, from - b))) return true;
      }
    }
    return false;
  }

  /** With {@code bar} checkers on the bar: they enter first, each with a die, then the dice left move. */
  private static boolean hitsFromBar(Position p, int bar, int a, int b) {
    if (a == b) {
      int entry = 25 - a;
      if (blocked(p, entry)) return false;
      if (blot(p, entry)) return true;
      int left = 4 - bar;
      if (left <= 0) return false;
      if (stepsHit(p, entry, a, left)) return true;
      for (int from = 24; from >= 2; from--) if (p.mover(from) > 0 && stepsHit(p, from, a, left)) return true;
      return false;
    }
    if (blot(p, 25 - a) || blot(p, 25 - b)) return true;
    return bar == 1 && (hitsAfterEntering(p, 25 - a, b) || hitsAfterEntering(p, 25 - b, a));
  }

  /** One checker entered on {@code entry} (if open): whether the other die hits, from there or any checker. */
  private static boolean hitsAfterEntering(Position p, int entry, int die) {
    if (blocked(p, entry)) return false;
    if (blot(p, entry - die)) return true;
    for (int from = 24; from >= 2; from--) if (p.mover(from) > 0 && blot(p, from - die)) return true;
    return false;
  }

  /** Whether up to {@code steps} steps of {@code die} from {@code from}, on open points only, land on a blot. */
  private static boolean stepsHit(Position p, int from, int die, int steps) {
    for (int k = 1, at = from - die; k <= steps && at >= 1 && !blocked(p, at); k++, at -= die) {
      if (p.opponentAt(at) == 1) return true;
    }
    return false;
  }

  private static boolean opens(Position p, int at) {
    return at >= 1 && !blocked(p, at);
  }

  private static boolean blot(Position p, int at) {
    return at >= 1 && p.opponentAt(at) == 1;
  }

  /**
   * Timing: pips the mover can play without breaking a made point of its home board or giving up the checkers it
   * holds back — each checker on points 7..18 moved down to the 1-point, and each spare on a home point (past
   * the two that hold it) likewise. Checkers in the opponent's home board or on the bar are not counted: they
   * are the anchor that timing serves.
   */
  public static int timing(Position p) {
    int pips = 0;
    for (int q = 7; q <= 18; q++) pips += p.mover(q) * (q - 1);
    for (int q = 2; q <= 6; q++) pips += Math.max(0, p.mover(q) - 2) * (q - 1);
    return pips;
  }

  /**
   * Pips the opponent must still travel to bring every checker onto its home board (Σ over its checkers outside of
   * the distance to its 6-point); with no checker off, the gammon the mover threatens grows with it.
   */
  public static int opponentPipsToHome(Position p) {
    int pips = 0;
    for (int q = 7; q <= Position.BAR; q++) pips += p.opponent(q) * (q - 6);
    return pips;
  }

  /**
   * The gammon threat of a closed-out attack: the mover's home points made times the opponent's checkers on the
   * bar or on the mover's home board (the opponent's 19..24 and bar).
   */
  public static int trapped(Position p) {
    int back = 0;
    for (int q = 19; q <= Position.BAR; q++) back += p.opponent(q);
    return homePoints(p) * back;
  }
}
