package tabla.bot.rollout;

import tabla.bot.Rolls;
import tabla.bot.eval.Evaluator;
import tabla.core.PlayGenerator;
import tabla.core.Position;

/**
 * One thread's player of cubeless trials: every play chosen at 0-ply (the networks, or the bear-off database),
 * the best for the roll by cubeless equity. Holds its own move generator and scratch, so one per thread. Without
 * settings and dice it serves {@link RollLuck} only.
 */
final class CubelessTrial {
  private static final int[][] ROLLS = Rolls.all();
  /** For each of the 36 ordered rolls, its index in {@link #ROLLS}. */
  private static final int[] UNORDERED = new int[36];

  static {
    for (int k = 0; k < ROLLS.length; k++) {
      int a = ROLLS[k][0] - 1;
      int b = ROLLS[k][1] - 1;
      UNORDERED[a * 6 + b] = k;
      UNORDERED[b * 6 + a] = k;
    }
  }

  private final Evaluator eval;
  private final Evaluator.Scratch scratch;
  private final Evaluator.Incremental inc;
  private final PlayGenerator gen = new PlayGenerator();
  private final RolloutSettings settings;
  private final RolloutDice dice;
  private final float[] probs = new float[5];
  private final float[] flipped = new float[5];
  /** The mover's probabilities after its best play for each of the 21 rolls (variance reduction). */
  private final float[][] perRoll = new float[21][5];
  private final Position[] bestFor = new Position[21];
  private final float[] best = new float[5];
  private final double[] luck = new double[5];
  private final double[] mean = new double[5];
  private final double[] diff = new double[5];
  /**
   * The first plies' 21 best plays and values by position: every trial starts from the root, and the first
   * rolls are few (quasi-random: each first roll's position recurs every 36 trials), so they are found once.
   * At most 1 + 21 positions (the root and its best play for each roll).
   */
  private static final int EARLY_PLIES = 2;
  private final java.util.HashMap<Position, Early> early = new java.util.HashMap<>();

  private record Early(Position[] bestFor, float[][] perRoll) {}

  private static float[][] deepCopy(float[][] a) {
    float[][] c = new float[a.length][];
    for (int i = 0; i < a.length; i++) c[i] = a[i].clone();
    return c;
  }

  CubelessTrial(Evaluator eval, RolloutSettings settings, RolloutDice dice) {
    this.eval = eval;
    this.scratch = eval.scratch();
    this.inc = eval.incremental();
    this.settings = settings;
    this.dice = dice;
  }

  /**
   * Plays trial {@code t} from {@code root} (its mover on roll) and writes the root mover's five
   * probabilities, luck removed when variance reduction is on, into {@code out[0..4]}.
   */
  void play(Position root, int t, double[] out) {
    double[] luck = this.luck;
    java.util.Arrays.fill(luck, 0);
    Position pos = root;
    boolean rootMoves = true; // whether the player on roll in pos is the root's mover
    for (int ply = 0; ; ply++) {
      if ((settings.truncate() > 0 && ply == settings.truncate())
          || (settings.bearoffTruncation() && eval.exact(pos))) {
        eval.evaluate(pos, scratch, probs); // the player on roll's view
        addRootView(out, probs, rootMoves, 1);
        break;
      }
      int r = dice.roll(t, ply);
      int d1 = RolloutDice.die1(r);
      int d2 = RolloutDice.die2(r);
      Position next;
      if (settings.varianceReduction()) {
        // The luck of this roll: the mover's value after its best play for the roll thrown, less the
        // average of that value over all 36 rolls. Its expectation is 0 whatever the dice, so subtracting
        // it keeps the mean and removes most of the dice's noise.
        Early e = ply < EARLY_PLIES ? early.get(pos) : null;
        if (e == null) {
          base(pos);
          for (int k = 0; k < ROLLS.length; k++) bestFor[k] = bestPlay(pos, ROLLS[k][0], ROLLS[k][1], perRoll[k]);
          if (ply < EARLY_PLIES) early.put(pos, new Early(bestFor.clone(), deepCopy(perRoll)));
        } else {
          System.arraycopy(e.bestFor(), 0, bestFor, 0, ROLLS.length);
          for (int k = 0; k < ROLLS.length; k++) System.arraycopy(e.perRoll()[k], 0, perRoll[k], 0, 5);
        }
        double[] mean = this.mean;
        java.util.Arrays.fill(mean, 0);
        for (int k = 0; k < ROLLS.length; k++) {
          for (int o = 0; o < 5; o++) mean[o] += ROLLS[k][2] * perRoll[k][o] / 36.0;
        }
        int k = UNORDERED[r];
        float[] thrown = perRoll[k];
        addLuck(luck, thrown, mean, rootMoves);
        next = bestFor[k];
      } else {
        base(pos);
        next = bestPlay(pos, d1, d2, best);
      }
      if (next.mover(Position.OFF) == next.moverCheckers()) {
        eval.afterPlay(next, scratch, probs); // exact: the mover has won
        addRootView(out, probs, rootMoves, 1);
        break;
      }
      pos = next.swap();
      rootMoves = !rootMoves;
    }
    for (int o = 0; o < 5; o++) out[o] -= luck[o];
  }

  /**
   * The cubeless luck (equity) of rolling (d1, d2) in {@code pos} for its mover: the value after the best play
   * for that roll less the average over the 36 rolls (the cubeful trial's control variate).
   */
  double cubelessLuck(Position pos, int d1, int d2) {
    double mean = 0;
    double thrown = 0;
    base(pos);
    for (int[] roll : ROLLS) {
      bestPlay(pos, roll[0], roll[1], best);
      double eq = Evaluator.equity(best);
      mean += roll[2] * eq / 36.0;
      if ((roll[0] == d1 && roll[1] == d2) || (roll[0] == d2 && roll[1] == d1)) thrown = eq;
    }
    return thrown - mean;
  }

  /**
   * The position after the best 0-ply play of (d1, d2) from {@code pos} (itself if none), its value into
   * {@code into}; {@code pos} must be {@link #inc}'s base.
   */
  private Position bestPlay(Position pos, int d1, int d2, float[] into) {
    int n = gen.generate(pos, d1, d2);
    if (n == 0) {
      inc.afterPlay(pos, into);
      return pos;
    }
    Position chosen = null;
    double bestEq = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      Position res = gen.result(i);
      inc.afterPlay(res, probs);
      double eq = Evaluator.equity(probs);
      if (eq > bestEq) {
        bestEq = eq;
        chosen = res;
        System.arraycopy(probs, 0, into, 0, 5);
      }
    }
    return chosen;
  }

  private void base(Position pos) {
    inc.base(pos);
  }

  /** Adds {@code p} (the view of the root's mover when {@code sameSide}, else of its opponent) times {@code w}. */
  private void addRootView(double[] out, float[] p, boolean sameSide, double w) {
    if (sameSide) {
      for (int o = 0; o < 5; o++) out[o] += w * p[o];
    } else {
      Evaluator.flip(p, flipped);
      for (int o = 0; o < 5; o++) out[o] += w * flipped[o];
    }
  }

  private void addLuck(double[] luck, float[] thrown, double[] mean, boolean sameSide) {
    // flip is affine (1 - win, swapped gammons), so a difference flips by swapping and negating the win.
    double[] d = this.diff;
    for (int o = 0; o < 5; o++) d[o] = thrown[o] - mean[o];
    if (sameSide) {
      for (int o = 0; o < 5; o++) luck[o] += d[o];
    } else {
      luck[0] -= d[0];
      luck[1] += d[3];
      luck[2] += d[4];
      luck[3] += d[1];
      luck[4] += d[2];
    }
  }
}
