package tabla.bot.rollout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import tabla.bot.Bots;
import tabla.bot.eval.Evaluator;
import tabla.core.Result;
import tabla.core.match.Game;
import tabla.core.match.Phase;

/**
 * Rollouts: the value of a position as the mean result of many games played from it by the bot at 0-ply,
 * with a standard error. The API a caller (the command line, a server job) needs is {@link #run}: a game at
 * the position (its player on roll about to roll; for cubeful rollouts its cube, owner and score count),
 * settings, a progress listener and a stop flag in; a {@link RolloutResult} out.
 *
 * <p><b>Variance reduction</b> (the "luck" adjustment, as GNU Backgammon's rollouts do): before each roll the
 * mover's value after its best 0-ply play is computed for all 21 rolls; the roll thrown is lucky by its
 * value less their average (weighted by their 1/36 or 2/36 chances). That luck has expectation zero given
 * everything before it, so the sum of a game's lucks can be subtracted from its result without changing the
 * mean; what it removes is the dice's noise, which is most of a game's. Each of the five probabilities is
 * corrected so, and the equity with them. The 21 best plays found are also the play made, so the cost is
 * about 21 times a plain 0-ply game per ply.
 *
 * <p><b>Reproducible</b>: trial {@code t} plays dice fixed by (seed, t, turn) ({@link RolloutDice}); trials are
 * grouped in blocks of 36, summed within a block in trial order and the blocks summed in block order, so the
 * result is the same whatever the number of threads.
 */
public final class Rollout {
  /** Trials per block: one full set of the stratified first rolls. */
  static final int BLOCK = 36;
  /** Sums kept per block: the five probabilities, the cubeless equity, the cubeful EMG; each value and square. */
  private static final int VALUES = 7;

  /** Heard after each block of trials, from a worker thread (one call at a time). */
  public record Progress(int done, int trials, double equity, double standardError) {}

  private Rollout() {}

  /**
   * Rolls out {@code root} (phase ROLL: its mover about to roll or double) with {@code eval}. Returns an error
   * for a position the networks cannot read, a game not waiting for a roll, or bad settings. {@code stop} is
   * asked between blocks; once it says true the result covers the blocks done ({@code complete} false).
   */
  public static Result<RolloutResult> run(Evaluator eval, Game root, RolloutSettings s, Consumer<Progress> progress,
      BooleanSupplier stop) {
    if (s.problem().isPresent()) return Result.err(s.problem().get());
    if (root.phase() != Phase.ROLL) return Result.err("a rollout starts with the player on roll about to roll, not in " + root.phase());
    if (!Bots.neural(root.rules().variant()) || root.rules().variant().firstOffLoses()) {
      return Result.err("rollouts need the backgammon networks; " + root.rules().variant().name() + " has other rules");
    }
    long start = System.nanoTime();
    RolloutDice dice = new RolloutDice(s.seed(), s.quasiRandom());
    int blocks = (s.trials() + BLOCK - 1) / BLOCK;
    double[][] sums = new double[blocks][];
    AtomicInteger next = new AtomicInteger();
    Object lock = new Object();
    double[] running = new double[3]; // trials, sum and sum of squares of the headline equity, for progress
    CubefulTrial.Scale scale = s.cubeful() ? CubefulTrial.Scale.of(root) : null;
    Runnable worker = () -> {
      CubelessTrial cubeless = s.cubeful() ? null : new CubelessTrial(eval, s, dice);
      CubefulTrial cubeful = s.cubeful() ? new CubefulTrial(eval, s, dice) : null;
      double[] out = new double[VALUES];
      for (int b = next.getAndIncrement(); b < blocks && !stop.getAsBoolean(); b = next.getAndIncrement()) {
        double[] sum = new double[2 * VALUES];
        int end = Math.min(s.trials(), (b + 1) * BLOCK);
        for (int t = b * BLOCK; t < end; t++) {
          java.util.Arrays.fill(out, 0);
          if (cubeful != null) {
            cubeful.play(root, scale, t, out);
          } else {
            cubeless.play(root.position(), t, out);
          }
          out[5] = 2 * out[0] - 1 + out[1] - out[3] + out[2] - out[4];
          for (int k = 0; k < VALUES; k++) {
            sum[k] += out[k];
            sum[VALUES + k] += out[k] * out[k];
          }
        }
        sums[b] = sum;
        int head = s.cubeful() ? 6 : 5;
        synchronized (lock) {
          running[0] += end - b * BLOCK;
          running[1] += sum[head];
          running[2] += sum[VALUES + head];
          progress.accept(new Progress((int) running[0], s.trials(), running[1] / running[0],
              error(running[1], running[2], running[0])));
        }
      }
    };
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < Math.min(s.threads(), blocks); i++) {
      Thread th = new Thread(worker, "rollout-" + i);
      th.setDaemon(true);
      th.start();
      threads.add(th);
    }
    try {
      for (Thread th : threads) th.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Result.err("rollout interrupted");
    }
    return Result.ok(total(sums, s, (System.nanoTime() - start) / 1e9));
  }

  /** The blocks done, in block order (so the sum is the same whatever thread did which). */
  private static RolloutResult total(double[][] sums, RolloutSettings s, double seconds) {
    double[] all = new double[2 * VALUES];
    int n = 0;
    boolean complete = true;
    for (int b = 0; b < sums.length; b++) {
      if (sums[b] == null) {
        complete = false;
        continue;
      }
      for (int k = 0; k < all.length; k++) all[k] += sums[b][k];
      n += Math.min(s.trials(), (b + 1) * BLOCK) - b * BLOCK;
    }
    double[] mean = new double[VALUES];
    double[] se = new double[VALUES];
    for (int k = 0; k < VALUES; k++) {
      mean[k] = n == 0 ? Double.NaN : all[k] / n;
      se[k] = n == 0 ? Double.NaN : error(all[k], all[VALUES + k], n);
    }
    return new RolloutResult(n, java.util.Arrays.copyOf(mean, 5), java.util.Arrays.copyOf(se, 5), mean[5], se[5],
        s.cubeful() ? mean[6] : Double.NaN, s.cubeful() ? se[6] : Double.NaN, seconds, s, complete);
  }

  /** The standard error of a mean from n values' sum and sum of squares (sample variance, n − 1). */
  static double error(double sum, double sumSq, double n) {
    if (n < 2) return Double.NaN;
    double var = (sumSq - sum * sum / n) / (n - 1);
    return Math.sqrt(Math.max(0, var) / n);
  }
}
