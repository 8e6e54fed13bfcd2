package tabla.core.variant;

import java.util.Arrays;
import tabla.core.Position;

/**
 * A mutable working copy of a position for {@link StepVariant}'s move generation, plus what the turn
 * so far has done that some rules remember (checkers that may not move again, a counter such as
 * checkers that left the head). Each side counts in its own numbering: 0 off, 1..24, 25 bar; the
 * extras are the variant's extra cells ({@link Position#POOL} first). One flat array, so a copy is
 * one clone.
 */
public final class Board {
  private static final int SIDE = Position.SIDE;

  // [0,26) me, [26,52) them, [52, 52+e) my extras, [52+e, 52+2e) theirs, then 26 frozen counts, then the counter.
  private final int[] a;
  private final int extras;
  private final Geometry geometry;

  private Board(Geometry geometry, int extras, int[] a) {
    this.geometry = geometry;
    this.extras = extras;
    this.a = a;
  }

  /** A board for the start of a turn in {@code p}, with {@code extras} extra cells a side. */
  public static Board of(Position p, Geometry geometry, int extras) {
    int[] a = new int[2 * SIDE + 2 * extras + SIDE + 1];
    for (int i = 0; i < SIDE; i++) {
      a[i] = p.mover(i);
      a[SIDE + i] = p.opponent(i);
    }
    for (int k = 0; k < Math.min(extras, p.extras()); k++) {
      a[2 * SIDE + k] = p.moverExtra(k);
      a[2 * SIDE + extras + k] = p.opponentExtra(k);
    }
    return new Board(geometry, extras, a);
  }

  public Board copy() {
    return new Board(geometry, extras, a.clone());
  }

  public Geometry geometry() {
    return geometry;
  }

  /** My checkers on my point {@code p} (0 off, 25 bar). */
  public int me(int p) {
    return a[p];
  }

  public void addMe(int p, int n) {
    a[p] += n;
  }

  /** The opponent's checkers on his own point {@code q} (0 off, 25 bar). */
  public int them(int q) {
    return a[SIDE + q];
  }

  public void addThem(int q, int n) {
    a[SIDE + q] += n;
  }

  /** The opponent's checkers on my point {@code p} (1..24). */
  public int themAt(int p) {
    return a[SIDE + geometry.other(p)];
  }

  /** Adds {@code n} to the opponent's checkers on my point {@code p}. */
  public void addThemAt(int p, int n) {
    a[SIDE + geometry.other(p)] += n;
  }

  public int myExtra(int k) {
    return a[2 * SIDE + k];
  }

  public void setMyExtra(int k, int v) {
    a[2 * SIDE + k] = v;
  }

  public int theirExtra(int k) {
    return a[2 * SIDE + extras + k];
  }

  public void setTheirExtra(int k, int v) {
    a[2 * SIDE + extras + k] = v;
  }

  /** My checkers not yet entered. */
  public int pool() {
    return extras > 0 ? a[2 * SIDE] : 0;
  }

  /** How many of my checkers on {@code p} may not move again this turn. */
  public int frozen(int p) {
    return a[2 * SIDE + 2 * extras + p];
  }

  public void addFrozen(int p, int n) {
    a[2 * SIDE + 2 * extras + p] += n;
  }

  /** A counter the variant may use for the turn (Long Nardy: checkers that left the head). */
  public int turnCount() {
    return a[a.length - 1];
  }

  public void addTurnCount(int n) {
    a[a.length - 1] += n;
  }

  /** No checker of mine outside the home board (1..6), on the bar or waiting to enter. */
  public boolean allHome() {
    if (pool() > 0) return false;
    for (int p = 7; p <= Position.BAR; p++) {
      if (a[p] > 0) return false;
    }
    return true;
  }

  /** My highest occupied point (25 = the bar), 0 when none. */
  public int highest() {
    for (int p = Position.BAR; p >= 1; p--) {
      if (a[p] > 0) return p;
    }
    return 0;
  }

  /** The position this board shows (the turn's memory is not part of it). */
  public Position toPosition() {
    int[] me = Arrays.copyOfRange(a, 0, SIDE);
    int[] them = Arrays.copyOfRange(a, SIDE, 2 * SIDE);
    int[] mine = Arrays.copyOfRange(a, 2 * SIDE, 2 * SIDE + extras);
    int[] theirs = Arrays.copyOfRange(a, 2 * SIDE + extras, 2 * SIDE + 2 * extras);
    return Position.ofVariant(me, them, mine, theirs).get();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Board b && Arrays.equals(a, b.a);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(a);
  }
}
