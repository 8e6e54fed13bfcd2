package tabla.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Legal plays of standard backgammon (rules.md §3), written for speed: one instance per thread,
 * reused for every call, no allocation while searching.
 *
 * <p>The search tries every order of the dice (for doubles, sources in non-increasing order, which
 * reaches every distinct play once), keeps the plays that use the most dice, applies the larger-die
 * rule, and merges plays that reach the same position (hits included) with a hash checked against
 * the full board, so merging is exact.
 *
 * <p>Working board layout, as in {@link Position}: b[0..25] the mover (0 off, 25 bar), b[26..51]
 * the opponent in its own numbering, so the opponent on the mover's point t is b[51 - t].
 */
public final class PlayGenerator {
  private static final int CELLS = 2 * Position.SIDE;
  private static final int OPP_BAR = CELLS - 1;
  private static final long[] Z = new long[CELLS];

  static {
    SplittableRandom rnd = new SplittableRandom(0x7ab1aL);
    for (int i = 0; i < CELLS; i++) Z[i] = rnd.nextLong();
  }

  private final byte[] b = new byte[CELLS];
  private final int[] cur = new int[4];
  private int outside; // mover's checkers on 7..25: bearing off needs none
  private long hash;
  private int largeDie;
  private int maxDepth;
  private boolean isDouble;

  // Results, in discovery order: board snapshot, steps, depth, larger-die flag, hash, table slot.
  private int count;
  private byte[] boards = new byte[CELLS * 64];
  private int[] steps = new int[4 * 64];
  private byte[] depths = new byte[64];
  private boolean[] larger = new boolean[64];
  private long[] keys = new long[64];
  private int[] slots = new int[64];
  private int[] table = new int[256]; // result index + 1; 0 = empty
  private Position source;

  /**
   * Finds every legal play of the mover in {@code pos} with dice {@code d1}, {@code d2}. Returns
   * their number; 0 means the mover cannot move and passes. Results stay readable until the next
   * call.
   */
  public int generate(Position pos, int d1, int d2) {
    source = pos;
    pos.copyCells(b, 0);
    outside = 0;
    hash = 0;
    for (int i = 0; i < CELLS; i++) hash += b[i] * Z[i];
    for (int p = 7; p <= 25; p++) outside += b[p];
    count = 0;
    maxDepth = 0;
    isDouble = d1 == d2;
    largeDie = Math.max(d1, d2);
    if (isDouble) {
      doubles(d1, 0, Position.BAR);
    } else {
      twoDice(largeDie, Math.min(d1, d2));
      twoDice(Math.min(d1, d2), largeDie);
    }
    for (int r = 0; r < count; r++) table[slots[r]] = 0;
    return compact();
  }

  private void twoDice(int first, int second) {
    int lo1 = b[Position.BAR] != 0 ? Position.BAR : 1;
    for (int s1 = Position.BAR; s1 >= lo1; s1--) {
      if (!canMove(s1, first)) continue;
      int st1 = apply(s1, first);
      cur[0] = st1;
      boolean any = false;
      int lo2 = b[Position.BAR] != 0 ? Position.BAR : 1;
      for (int s2 = Position.BAR; s2 >= lo2; s2--) {
        if (!canMove(s2, second)) continue;
        any = true;
        int st2 = apply(s2, second);
        cur[1] = st2;
        record(2, false);
        undo(st2);
      }
      if (!any) record(1, first == largeDie);
      undo(st1);
    }
  }

  private void doubles(int d, int depth, int maxSrc) {
    boolean any = false;
    if (depth < 4) {
      int lo = b[Position.BAR] != 0 ? Position.BAR : 1;
      for (int s = maxSrc; s >= lo; s--) {
        if (!canMove(s, d)) continue;
        any = true;
        int st = apply(s, d);
        cur[depth] = st;
        doubles(d, depth + 1, s);
        undo(st);
      }
    }
    if (!any && depth > 0) record(depth, true);
  }

  private boolean canMove(int s, int d) {
    if (b[s] == 0) return false;
    if (s != Position.BAR && b[Position.BAR] != 0) return false;
    int t = s - d;
    if (t > 0) return b[OPP_BAR - t] < 2;
    if (outside != 0) return false;
    if (t == 0) return true;
    // A die larger than needed bears off only from the highest occupied point.
    for (int p = s + 1; p <= 6; p++) {
      if (b[p] != 0) return false;
    }
    return true;
  }

  /** Moves one checker; returns the step code from | to << 5 | hit << 10. */
  private int apply(int s, int d) {
    int t = Math.max(s - d, 0);
    b[s]--;
    b[t]++;
    hash += Z[t] - Z[s];
    if (s > 6 && t <= 6) outside--;
    int hit = 0;
    if (t > 0 && b[OPP_BAR - t] == 1) {
      b[OPP_BAR - t] = 0;
      b[OPP_BAR]++;
      hash += Z[OPP_BAR] - Z[OPP_BAR - t];
      hit = 1;
    }
    return s | t << 5 | hit << 10;
  }

  private void undo(int step) {
    int s = step & 31;
    int t = (step >> 5) & 31;
    if ((step & 1024) != 0) {
      b[OPP_BAR]--;
      b[OPP_BAR - t] = 1;
      hash -= Z[OPP_BAR] - Z[OPP_BAR - t];
    }
    if (s > 6 && t <= 6) outside++;
    b[s]++;
    b[t]--;
    hash -= Z[t] - Z[s];
  }

  private void record(int depth, boolean usesLarger) {
    if (depth < maxDepth) return; // a play using more dice exists: this one is illegal
    maxDepth = depth;
    int mask = table.length - 1;
    int i = (int) (hash ^ (hash >>> 29)) & mask;
    for (int e; (e = table[i]) != 0; i = (i + 1) & mask) {
      int r = e - 1;
      if (keys[r] == hash && Arrays.equals(b, 0, CELLS, boards, r * CELLS, (r + 1) * CELLS)) {
        if (depth > depths[r]) {
          storeSteps(r, depth, usesLarger);
        } else {
          larger[r] |= usesLarger;
        }
        return;
      }
    }
    if (count == keys.length) grow();
    int r = count++;
    System.arraycopy(b, 0, boards, r * CELLS, CELLS);
    keys[r] = hash;
    slots[r] = i;
    table[i] = r + 1;
    storeSteps(r, depth, usesLarger);
    if (count * 2 > table.length) rehash();
  }

  private void storeSteps(int r, int depth, boolean usesLarger) {
    System.arraycopy(cur, 0, steps, r * 4, depth);
    depths[r] = (byte) depth;
    larger[r] = usesLarger;
  }

  private void grow() {
    int n = keys.length * 2;
    boards = Arrays.copyOf(boards, n * CELLS);
    steps = Arrays.copyOf(steps, n * 4);
    depths = Arrays.copyOf(depths, n);
    larger = Arrays.copyOf(larger, n);
    keys = Arrays.copyOf(keys, n);
    slots = Arrays.copyOf(slots, n);
  }

  private void rehash() {
    table = new int[table.length * 2];
    int mask = table.length - 1;
    for (int r = 0; r < count; r++) {
      long h = keys[r];
      int i = (int) (h ^ (h >>> 29)) & mask;
      while (table[i] != 0) i = (i + 1) & mask;
      table[i] = r + 1;
      slots[r] = i;
    }
  }

  /** Drops plays that use fewer dice than the maximum, then applies the larger-die rule. */
  private int compact() {
    boolean largerOnly = false;
    if (maxDepth == 1 && !isDouble) {
      for (int r = 0; r < count && !largerOnly; r++) largerOnly = larger[r] && depths[r] == 1;
    }
    int n = 0;
    for (int r = 0; r < count; r++) {
      if (depths[r] != maxDepth || (largerOnly && !larger[r])) continue;
      if (n != r) {
        System.arraycopy(boards, r * CELLS, boards, n * CELLS, CELLS);
        System.arraycopy(steps, r * 4, steps, n * 4, 4);
        depths[n] = depths[r];
      }
      n++;
    }
    count = n;
    return n;
  }

  /** Number of plays found by the last {@link #generate} call. */
  public int count() {
    return count;
  }

  /** Number of single moves (dice used) in every play of the last call. */
  public int diceUsed() {
    return count == 0 ? 0 : depths[0];
  }

  /** Step {@code k} of play {@code i}, encoded as from | to << 5 | hit << 10. */
  public int step(int i, int k) {
    return steps[i * 4 + k];
  }

  public static int stepFrom(int step) {
    return step & 31;
  }

  public static int stepTo(int step) {
    return (step >> 5) & 31;
  }

  public static boolean stepHit(int step) {
    return (step & 1024) != 0;
  }

  /** Copies play {@code i}'s resulting cells (layout of {@link Position}) into {@code dst}. */
  public void copyResult(int i, byte[] dst, int offset) {
    System.arraycopy(boards, i * CELLS, dst, offset, CELLS);
  }

  public Position result(int i) {
    return Position.wrap(Arrays.copyOfRange(boards, i * CELLS, (i + 1) * CELLS));
  }

  public Play play(int i) {
    int n = depths[i];
    Move[] moves = new Move[n];
    for (int k = 0; k < n; k++) {
      int st = steps[i * 4 + k];
      moves[k] = Move.of(stepFrom(st), stepTo(st), stepHit(st));
    }
    return new Play(Arrays.asList(moves), result(i));
  }

  /** The plays of the last call as values. */
  public List<Play> plays() {
    List<Play> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) out.add(play(i));
    return out;
  }

  /** The position the last call started from. */
  public Position source() {
    return source;
  }
}
