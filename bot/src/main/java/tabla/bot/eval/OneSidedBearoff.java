package tabla.bot.eval;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import tabla.core.PlayGenerator;
import tabla.core.Position;

/**
 * Exact one-sided bear-off database: for every set of up to 15 checkers on the home board (points
 * 1..6, C(21,6) = 54,264 of them) the distribution of the number of rolls needed
 * <ul>
 *   <li>to bear off every checker, playing each roll to minimise the expected number of rolls, and
 *   <li>to bear off the first checker (what saves a gammon), playing to minimise that expectation.
 * </ul>
 * Computed here by dynamic programming over the legal plays of {@link PlayGenerator}: every play
 * lowers the pip count, so the positions are solved in order of increasing pips and each roll's
 * best play only looks up positions already solved. Our own numbering and tables (nothing taken
 * from gnubg).
 *
 * <p>Built once per JVM on first use ({@link #get()}), in memory: measured on 2026-11-22 on this
 * project's 2-core machine, 1.2 s with a warm JIT and 3 to 7 s in a fresh JVM while other builds
 * loaded the machine. Rather than ship a generated resource (a build step on every compile, or a
 * megabyte of binary to keep in step with the move generator) or a disk cache (staleness, a
 * writable place), {@link Evaluator#bundled()} starts the build on a background thread
 * ({@link #buildInBackground()}): a game reaches its bear-off long after that, and a JVM that never
 * evaluates one only spent idle CPU.
 */
public final class OneSidedBearoff {
  /** Points of the home board. */
  static final int POINTS = 6;
  /** Most checkers on the home board. */
  static final int MAX_CHECKERS = 15;
  /** Distributions are kept over 0..MAX_ROLLS-1 rolls (15 checkers on the 6-point need at most 45 rolls). */
  static final int MAX_ROLLS = 48;

  /** COUNT[k][s]: ways to put at most s checkers on k points = C(s + k, k). */
  private static final int[][] COUNT = counts();
  /** Number of positions: C(21, 6). */
  public static final int SIZE = COUNT[POINTS][MAX_CHECKERS];

  // Per position: the distribution's first roll count with non-zero probability and its values.
  private final byte[] offStart = new byte[SIZE];
  private final float[][] off = new float[SIZE][];
  private final byte[] firstStart = new byte[SIZE];
  private final float[][] first = new float[SIZE][];
  private final double[] offMean = new double[SIZE];
  private final double[] firstMean = new double[SIZE];

  private static final class Holder {
    static final OneSidedBearoff DB = build();
  }

  /** The database, built on first call (thread-safe, once per JVM; other callers wait for it). */
  public static OneSidedBearoff get() {
    return Holder.DB;
  }

  private static final AtomicBoolean STARTED = new AtomicBoolean();

  /** Starts building the database on a daemon thread, once per JVM, so that it is ready when needed. */
  public static void buildInBackground() {
    if (!STARTED.compareAndSet(false, true)) return;
    Thread t = new Thread(OneSidedBearoff::get, "bear-off database");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    t.start();
  }

  private OneSidedBearoff() {}

  /**
   * Index of the checkers on points 1..6 held in {@code board[from + 1 .. from + 6]}; at most 15
   * in all. Lexicographic rank by (point 6, point 5, ..., point 1).
   */
  static int index(byte[] board, int from) {
    int rank = 0;
    int left = MAX_CHECKERS;
    for (int p = POINTS; p >= 1; p--) {
      int c = board[from + p];
      // Every arrangement with fewer checkers on p (and any on the lower points) comes first.
      for (int v = 0; v < c; v++) rank += COUNT[p - 1][left - v];
      left -= c;
    }
    return rank;
  }

  /** Index of the mover's home-board checkers in {@code pos}. */
  public static int moverIndex(Position pos) {
    int rank = 0;
    int left = MAX_CHECKERS;
    for (int p = POINTS; p >= 1; p--) {
      int c = pos.mover(p);
      for (int v = 0; v < c; v++) rank += COUNT[p - 1][left - v];
      left -= c;
    }
    return rank;
  }

  /** Index of the opponent's home-board checkers (its own points 1..6) in {@code pos}. */
  public static int opponentIndex(Position pos) {
    int rank = 0;
    int left = MAX_CHECKERS;
    for (int p = POINTS; p >= 1; p--) {
      int c = pos.opponent(p);
      for (int v = 0; v < c; v++) rank += COUNT[p - 1][left - v];
      left -= c;
    }
    return rank;
  }

  /** P(bearing off every checker takes exactly {@code rolls} rolls) for position {@code i}. */
  public double offProbability(int i, int rolls) {
    return at(off[i], offStart[i], rolls);
  }

  /** P(the first checker is off after exactly {@code rolls} rolls). */
  public double firstOffProbability(int i, int rolls) {
    return at(first[i], firstStart[i], rolls);
  }

  public double expectedRollsToBearOff(int i) {
    return offMean[i];
  }

  public double expectedRollsToFirstOff(int i) {
    return firstMean[i];
  }

  private static double at(float[] d, int start, int rolls) {
    int k = rolls - start;
    return k < 0 || k >= d.length ? 0 : d[k];
  }

  // Raw access for the two-sided odds (no copying).
  float[] off(int i) {
    return off[i];
  }

  int offStart(int i) {
    return offStart[i];
  }

  float[] first(int i) {
    return first[i];
  }

  int firstStart(int i) {
    return firstStart[i];
  }

  private static int[][] counts() {
    int[][] c = new int[POINTS + 1][MAX_CHECKERS + 1];
    for (int s = 0; s <= MAX_CHECKERS; s++) c[0][s] = 1;
    for (int k = 1; k <= POINTS; k++) {
      int sum = 0;
      for (int s = 0; s <= MAX_CHECKERS; s++) {
        sum += c[k - 1][s]; // at most s on k points = sum over what the k-th point holds
        c[k][s] = sum;
      }
    }
    return c;
  }

  static OneSidedBearoff build() {
    OneSidedBearoff db = new OneSidedBearoff();
    // Every position as counts on points 1..6, bucketed by pip count (at most 15 × 6 = 90).
    int[][] byPips = new int[91][];
    int[] bucketSize = new int[91];
    byte[][] boards = new byte[SIZE][];
    int[] pips = new int[SIZE];
    byte[] c = new byte[POINTS + 1];
    enumerate(c, POINTS, MAX_CHECKERS, boards, pips);
    for (int i = 0; i < SIZE; i++) bucketSize[pips[i]]++;
    for (int p = 0; p <= 90; p++) byPips[p] = new int[bucketSize[p]];
    int[] fill = new int[91];
    for (int i = 0; i < SIZE; i++) byPips[pips[i]][fill[pips[i]]++] = i;

    PlayGenerator gen = new PlayGenerator();
    byte[] result = new byte[2 * Position.SIDE];
    double[] mixOff = new double[MAX_ROLLS];
    double[] mixFirst = new double[MAX_ROLLS];
    int[] opponentAllOff = new int[Position.SIDE];
    opponentAllOff[Position.OFF] = Position.CHECKERS;
    for (int p = 0; p <= 90; p++) {
      for (int i : byPips[p]) {
        byte[] b = boards[i];
        if (p == 0) { // nothing left to bear off: done in 0 rolls, for both questions
          db.store(i, new double[] {1}, true);
          db.store(i, new double[] {1}, false);
          continue;
        }
        int[] mover = new int[Position.SIDE];
        int on = 0;
        for (int q = 1; q <= POINTS; q++) {
          mover[q] = b[q];
          on += b[q];
        }
        mover[Position.OFF] = MAX_CHECKERS - on;
        Position pos = Position.of(mover, opponentAllOff).get();
        Arrays.fill(mixOff, 0);
        Arrays.fill(mixFirst, 0);
        for (int d1 = 1; d1 <= 6; d1++) {
          for (int d2 = d1; d2 <= 6; d2++) {
            double w = (d1 == d2 ? 1 : 2) / 36.0;
            int n = gen.generate(pos, d1, d2);
            int bestOff = -1;
            int bestFirst = -1;
            boolean firstDone = false;
            for (int r = 0; r < n; r++) {
              gen.copyResult(r, result, 0);
              int j = index(result, 0);
              if (bestOff < 0 || db.offMean[j] < db.offMean[bestOff]) bestOff = j;
              if (result[Position.OFF] > mover[Position.OFF]) {
                firstDone = true; // a checker came off: the first-off count ends with this roll
              } else if (bestFirst < 0 || db.firstMean[j] < db.firstMean[bestFirst]) {
                bestFirst = j;
              }
            }
            db.addShifted(mixOff, db.off[bestOff], db.offStart[bestOff], w);
            if (firstDone) {
              mixFirst[1] += w;
            } else {
              db.addShifted(mixFirst, db.first[bestFirst], db.firstStart[bestFirst], w);
            }
          }
        }
        db.store(i, mixOff, true);
        db.store(i, mixFirst, false);
      }
    }
    return db;
  }

  /** Adds {@code w} × the distribution shifted by one roll (this roll) into {@code mix}. */
  private void addShifted(double[] mix, float[] d, int start, double w) {
    for (int k = 0; k < d.length; k++) {
      int rolls = start + k + 1;
      mix[Math.min(rolls, MAX_ROLLS - 1)] += w * d[k];
    }
  }

  /** Keeps the non-zero span of a distribution, and its mean. */
  private void store(int i, double[] mix, boolean bearOffAll) {
    int lo = 0;
    while (mix[lo] == 0) lo++;
    int hi = mix.length - 1;
    while (mix[hi] == 0) hi--;
    float[] d = new float[hi - lo + 1];
    double mean = 0;
    for (int k = lo; k <= hi; k++) {
      d[k - lo] = (float) mix[k];
      mean += k * mix[k];
    }
    if (bearOffAll) {
      off[i] = d;
      offStart[i] = (byte) lo;
      offMean[i] = mean;
    } else {
      first[i] = d;
      firstStart[i] = (byte) lo;
      firstMean[i] = mean;
    }
  }

  /** Visits every arrangement of at most {@code left} checkers on points 1..{@code point}. */
  private static void enumerate(byte[] c, int point, int left, byte[][] boards, int[] pips) {
    if (point == 0) {
      int i = index(c, 0);
      boards[i] = c.clone();
      int s = 0;
      for (int q = 1; q <= POINTS; q++) s += q * c[q];
      pips[i] = s;
      return;
    }
    for (int v = 0; v <= left; v++) {
      c[point] = (byte) v;
      enumerate(c, point - 1, left - v, boards, pips);
    }
    c[point] = 0;
  }
}
