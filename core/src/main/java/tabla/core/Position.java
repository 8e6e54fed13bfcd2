package tabla.core;

import java.util.Arrays;

/**
 * Where every checker stands, seen from the side of the player on roll (the mover).
 *
 * <p>Each side is counted in its own numbering: points 1..24 with its home board on 1..6, the bar
 * as 25 and borne-off checkers as 0. The opponent's point {@code q} is the mover's point
 * {@code 25 - q}. Immutable; {@link #swap()} gives the same position from the other side.
 */
public final class Position {
  /** Index of the bar in a side's array. */
  public static final int BAR = 25;
  /** Index of the borne-off checkers in a side's array. */
  public static final int OFF = 0;
  /** Cells per side: off, points 1..24, bar. */
  public static final int SIDE = 26;
  /** Checkers per side in standard backgammon. */
  public static final int CHECKERS = 15;

  private static final int[] START_SIDE = side(24, 2, 13, 5, 8, 3, 6, 5);

  /** The standard starting position. */
  public static final Position START = new Position(join(START_SIDE, START_SIDE));

  /** Extra cell 0 of a side in variants that have one: checkers not yet entered (Race, Acey-deucey). */
  public static final int POOL = 0;

  // [0..25] the mover, [26..51] the opponent, each in its own numbering; then, for variants that need
  // more than the board (checkers not yet entered, pins …), pairs of extra cells: [52+2k] the mover's
  // extra k, [53+2k] the opponent's. Standard positions have no extras. Never mutated.
  private final byte[] cells;

  private Position(byte[] cells) {
    this.cells = cells;
  }

  /** Wraps cells that the caller hands over and never touches again (generator output). */
  static Position wrap(byte[] cells) {
    return new Position(cells);
  }

  /**
   * A position from two arrays of 26 counts (index 0 off, 1..24 points, 25 bar), each in its own
   * side's numbering. Checks that counts are sane and that no point holds both colours.
   */
  public static Result<Position> of(int[] mover, int[] opponent) {
    if (mover.length != SIDE || opponent.length != SIDE) {
      return Result.err("each side needs 26 counts (off, points 1-24, bar)");
    }
    for (int i = 0; i < SIDE; i++) {
      if (mover[i] < 0 || opponent[i] < 0) return Result.err("negative checker count at " + i);
      if (mover[i] > 127 || opponent[i] > 127) return Result.err("too many checkers at " + i);
    }
    for (int p = 1; p <= 24; p++) {
      if (mover[p] > 0 && opponent[25 - p] > 0) {
        return Result.err("point " + p + " holds checkers of both sides");
      }
    }
    return Result.ok(new Position(join(mover, opponent)));
  }

  /**
   * A variant's position: two sides of 26 counts and, per side, {@code extras.length} extra values
   * whose meaning the variant defines (extra {@link #POOL} = checkers not yet entered). Checks counts
   * only; which points may hold both colours is the variant's business ({@code Variant.validate}).
   */
  public static Result<Position> ofVariant(int[] mover, int[] opponent, int[] moverExtras, int[] opponentExtras) {
    if (mover.length != SIDE || opponent.length != SIDE) {
      return Result.err("each side needs 26 counts (off, points 1-24, bar)");
    }
    if (moverExtras.length != opponentExtras.length) return Result.err("both sides need the same extras");
    for (int i = 0; i < SIDE; i++) {
      if (mover[i] < 0 || opponent[i] < 0) return Result.err("negative checker count at " + i);
      if (mover[i] > 127 || opponent[i] > 127) return Result.err("too many checkers at " + i);
    }
    for (int k = 0; k < moverExtras.length; k++) {
      if (moverExtras[k] < 0 || moverExtras[k] > 255 || opponentExtras[k] < 0 || opponentExtras[k] > 255) {
        return Result.err("extra value out of range at " + k);
      }
    }
    byte[] c = java.util.Arrays.copyOf(join(mover, opponent), 2 * SIDE + 2 * moverExtras.length);
    for (int k = 0; k < moverExtras.length; k++) {
      c[2 * SIDE + 2 * k] = (byte) moverExtras[k];
      c[2 * SIDE + 2 * k + 1] = (byte) opponentExtras[k];
    }
    return Result.ok(new Position(c));
  }

  /** Builds one side from (point, count) pairs; the remaining checkers of 15 are borne off. */
  public static int[] side(int... pointCountPairs) {
    return sideOf(CHECKERS, pointCountPairs);
  }

  /** Builds one side of {@code checkers} checkers from (point, count) pairs; the rest are borne off. */
  public static int[] sideOf(int checkers, int... pointCountPairs) {
    int[] s = new int[SIDE];
    int on = 0;
    for (int i = 0; i < pointCountPairs.length; i += 2) {
      s[pointCountPairs[i]] += pointCountPairs[i + 1];
      on += pointCountPairs[i + 1];
    }
    s[OFF] = Math.max(0, checkers - on);
    return s;
  }

  private static byte[] join(int[] mover, int[] opponent) {
    byte[] c = new byte[2 * SIDE];
    for (int i = 0; i < SIDE; i++) {
      c[i] = (byte) mover[i];
      c[SIDE + i] = (byte) opponent[i];
    }
    return c;
  }

  /** Mover's checkers on its point {@code p} (0 off, 25 bar). */
  public int mover(int p) {
    return cells[p];
  }

  /** Opponent's checkers on the opponent's own point {@code q} (0 off, 25 bar). */
  public int opponent(int q) {
    return cells[SIDE + q];
  }

  /** Opponent's checkers on the mover's point {@code p} (1..24). */
  public int opponentAt(int p) {
    return cells[SIDE + 25 - p];
  }

  /** How many extra values each side has (0 in standard backgammon). */
  public int extras() {
    return (cells.length - 2 * SIDE) / 2;
  }

  /** The mover's extra value {@code k} (0..255; the variant defines its meaning). */
  public int moverExtra(int k) {
    return cells[2 * SIDE + 2 * k] & 0xFF;
  }

  /** The opponent's extra value {@code k}. */
  public int opponentExtra(int k) {
    return cells[2 * SIDE + 2 * k + 1] & 0xFF;
  }

  /** Checkers of the mover not yet entered (0 in variants without a pool). */
  public int moverPool() {
    return extras() > 0 ? moverExtra(POOL) : 0;
  }

  public int opponentPool() {
    return extras() > 0 ? opponentExtra(POOL) : 0;
  }

  /** The mover's extras as an array (empty in standard backgammon). */
  public int[] moverExtras() {
    return extrasArray(0);
  }

  public int[] opponentExtras() {
    return extrasArray(1);
  }

  private int[] extrasArray(int which) {
    int[] e = new int[extras()];
    for (int k = 0; k < e.length; k++) e[k] = cells[2 * SIDE + 2 * k + which] & 0xFF;
    return e;
  }

  public int[] moverSide() {
    return sideArray(0);
  }

  public int[] opponentSide() {
    return sideArray(SIDE);
  }

  private int[] sideArray(int offset) {
    int[] s = new int[SIDE];
    for (int i = 0; i < SIDE; i++) s[i] = cells[offset + i];
    return s;
  }

  /** The same position seen by the other player (who will be on roll next). */
  public Position swap() {
    byte[] c = new byte[cells.length];
    System.arraycopy(cells, 0, c, SIDE, SIDE);
    System.arraycopy(cells, SIDE, c, 0, SIDE);
    for (int i = 2 * SIDE; i < c.length; i += 2) {
      c[i] = cells[i + 1];
      c[i + 1] = cells[i];
    }
    return new Position(c);
  }

  /** Pip count of the mover: the sum of each checker's distance to off (bar counts 25). */
  public int moverPips() {
    return pips(0);
  }

  public int opponentPips() {
    return pips(SIDE);
  }

  private int pips(int offset) {
    int sum = cells.length > 2 * SIDE ? 25 * (cells[2 * SIDE + offset / SIDE] & 0xFF) : 0; // the pool, as the bar
    for (int p = 1; p <= 25; p++) sum += p * cells[offset + p];
    return sum;
  }

  /** All checkers of the side, including borne-off ones and those not yet entered. */
  public int moverCheckers() {
    return total(0);
  }

  public int opponentCheckers() {
    return total(SIDE);
  }

  private int total(int offset) {
    int sum = cells.length > 2 * SIDE ? cells[2 * SIDE + offset / SIDE] & 0xFF : 0;
    for (int i = 0; i < SIDE; i++) sum += cells[offset + i];
    return sum;
  }

  /** True when no checker of one side can ever meet one of the other (a pure race). */
  public boolean isRace() {
    int moverBack = highest(0);
    int oppBack = highest(SIDE);
    if (moverBack == 0 || oppBack == 0) return true;
    // The opponent's rearmost checker stands on the mover's point 25 - oppBack.
    return moverBack < 25 - oppBack;
  }

  /** Highest occupied point of a side (25 when on the bar), 0 when all are off. */
  private int highest(int offset) {
    if (cells.length > 2 * SIDE && cells[2 * SIDE + offset / SIDE] != 0) return 25;
    for (int p = 25; p >= 1; p--) {
      if (cells[offset + p] > 0) return p;
    }
    return 0;
  }

  /** Copies the 52 cells into {@code dst} at {@code offset} (for the move generator). */
  void copyCells(byte[] dst, int offset) {
    System.arraycopy(cells, 0, dst, offset, 2 * SIDE);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Position p && Arrays.equals(cells, p.cells);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(cells);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("Position[mover");
    appendSide(sb, 0);
    sb.append("; opponent");
    appendSide(sb, SIDE);
    return sb.append(']').toString();
  }

  private void appendSide(StringBuilder sb, int offset) {
    for (int p = 25; p >= 0; p--) {
      int n = cells[offset + p];
      if (n == 0) continue;
      sb.append(' ').append(p == BAR ? "bar" : p == OFF ? "off" : String.valueOf(p)).append(':').append(n);
    }
    for (int k = 0; k < extras(); k++) sb.append(" x").append(k).append(':').append(cells[2 * SIDE + 2 * k + offset / SIDE] & 0xFF);
  }
}
