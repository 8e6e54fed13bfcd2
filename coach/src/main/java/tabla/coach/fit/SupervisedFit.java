package tabla.coach.fit;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import tabla.bot.eval.ContactNet;
import tabla.bot.eval.Evaluator;
import tabla.bot.eval.Network;
import tabla.core.Position;

/**
 * Fits a {@link ContactNet} (the board inputs and the contact inputs) to supervised targets: n-ply probabilities
 * ({@link PlyTargets}) of contact positions, by stochastic gradient descent from the shipped contact network
 * widened (so it starts exactly where the shipped one is). Labels are computed on every thread given and do not
 * depend on their number; the fit itself is one thread, in a seeded order: the same options give the same weights.
 */
public final class SupervisedFit {
  private SupervisedFit() {}

  /** Positions with their targets, index for index. */
  public record Labelled(List<Position> positions, float[][] targets) {}

  /** The {@code plies}-ahead targets of every position, computed on {@code threads} threads. */
  public static Labelled label(Evaluator eval, List<Position> positions, int plies, int threads, Consumer<Integer> progress)
      throws Exception {
    float[][] targets = new float[positions.size()][5];
    int chunk = 256;
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
    try {
      List<Future<?>> jobs = new ArrayList<>();
      ThreadLocal<PlyTargets> perThread = ThreadLocal.withInitial(() -> new PlyTargets(eval));
      for (int from = 0; from < positions.size(); from += chunk) {
        int start = from;
        int end = Math.min(positions.size(), from + chunk);
        jobs.add(pool.submit(() -> {
          PlyTargets t = perThread.get();
          for (int i = start; i < end; i++) t.onRoll(positions.get(i), plies, targets[i]);
        }));
      }
      int done = 0;
      for (Future<?> f : jobs) {
        f.get();
        progress.accept(Math.min(positions.size(), (++done) * chunk));
      }
    } finally {
      pool.shutdownNow();
    }
    return new Labelled(positions, targets);
  }

  /**
   * One epoch of SGD over {@code data} in an order drawn from {@code seed}; returns the mean squared error of the
   * cubeless equity over the epoch (measured before each step: the training loss as it went).
   */
  public static double epoch(ContactNet net, Labelled data, float rate, long seed) {
    int n = data.positions().size();
    int[] order = new int[n];
    for (int i = 0; i < n; i++) order[i] = i;
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    Network.Scratch s = net.scratch();
    float[] out = new float[5];
    double squares = 0;
    for (int i : order) {
      Position p = data.positions().get(i);
      net.evaluate(p, s, out);
      double d = Evaluator.equity(out) - Evaluator.equity(data.targets()[i]);
      squares += d * d;
      net.learn(p, s, data.targets()[i], rate);
    }
    return n == 0 ? 0 : squares / n;
  }

  /**
   * The equity of the player on roll in {@code p} with {@code net} answering contact positions and {@code eval} (the
   * shipped race network and bear-off database) the rest: what the held-out score reads at 0-ply.
   */
  public static double equity(ContactNet net, Network.Scratch s, Evaluator eval, Evaluator.Scratch es, Position p) {
    float[] out = new float[5];
    if (p.isRace()) {
      eval.evaluate(p, es, out);
    } else {
      net.evaluate(p, s, out);
    }
    return Evaluator.equity(out);
  }
}
