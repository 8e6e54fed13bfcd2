package tabla.coach;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import tabla.bot.eval.Evaluator;
import tabla.core.Position;
import tabla.core.PlayGenerator;

/**
 * Self-play TD(λ) training, deterministic whatever the number of threads: each epoch plays its games
 * in parallel with a frozen copy of the networks (game k of epoch e seeded from the run seed, e and k),
 * computes λ-return targets with that copy, then applies the updates in game order on one thread.
 */
public final class Trainer {
  /** Settings of a run; all of them together with the seed make it reproducible. */
  public record Settings(long seed, int hidden, int epochs, int gamesPerEpoch, double lambda, double rate,
      int threads) {}

  /** What a progress listener hears after each epoch. */
  public record Progress(int epoch, long games, long positions, double gamesPerSecond) {}

  private final Settings settings;
  private final Evaluator net;
  private final Position startPosition;

  public Trainer(Settings settings, Evaluator start) {
    this(settings, start, Position.START);
  }

  /**
   * Training from another starting position of standard backgammon rules (hypergammon's three
   * checkers a side): the games are the variant's, the networks and their inputs the same.
   */
  public Trainer(Settings settings, Evaluator start, Position startPosition) {
    this.settings = settings;
    this.net = start;
    this.startPosition = startPosition;
  }

  public Evaluator network() {
    return net;
  }

  /** One game's positions (each seen by its player on roll) and the λ-return targets for them. */
  private record Record(List<Position> positions, List<float[]> targets) {}

  /** Trains epochs {@code fromEpoch} up to (not including) {@code untilEpoch}. */
  public void run(int fromEpoch, int untilEpoch, Consumer<Progress> progress) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(settings.threads());
    try {
      long games = 0;
      long positions = 0;
      long start = System.nanoTime();
      for (int e = fromEpoch; e < untilEpoch; e++) {
        Evaluator frozen = net.copy();
        List<Future<Record>> jobs = new ArrayList<>();
        for (int k = 0; k < settings.gamesPerEpoch(); k++) {
          long seed = mix(settings.seed(), e, k);
          jobs.add(pool.submit(() -> play(frozen, seed)));
        }
        double rate = settings.rate() * Math.max(0.2, 1 - (double) e / settings.epochs());
        Evaluator.Scratch s = net.scratch();
        for (Future<Record> f : jobs) {
          Record r = f.get();
          for (int i = 0; i < r.positions().size(); i++) net.learn(r.positions().get(i), s, r.targets().get(i), (float) rate);
          games++;
          positions += r.positions().size();
        }
        double secs = (System.nanoTime() - start) / 1e9;
        progress.accept(new Progress(e + 1, games, positions, games / secs));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  static long mix(long seed, int epoch, int game) {
    long x = seed * 0x9E3779B97F4A7C15L + epoch * 0xC2B2AE3D27D4EB4FL + game * 0x165667B19E3779F9L;
    x ^= x >>> 31;
    return x * 0xBF58476D1CE4E5B9L;
  }

  /** Writes both networks, gzipped, in the order {@link Evaluator#read} reads them. */
  public static void save(Evaluator e, java.io.OutputStream os) throws java.io.IOException {
    e.write(os);
  }

  /** A greedy 0-ply self-play game with the frozen networks, and its TD(λ) targets. */
  private Record play(Evaluator frozen, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    PlayGenerator gen = new PlayGenerator();
    Evaluator.Scratch s = frozen.scratch();
    List<Position> seen = new ArrayList<>();
    List<float[]> values = new ArrayList<>(); // the frozen net's view of each position
    int[] pick = new int[1];
    float[] best = new float[5];
    Position pos = startPosition;
    float[] outcome = null;
    // The opening roll cannot be a double.
    int d1 = rnd.nextInt(1, 7);
    int d2 = rnd.nextInt(1, 7);
    while (d1 == d2) d2 = rnd.nextInt(1, 7);
    for (int ply = 0; ply < 2000 && outcome == null; ply++) {
      if (ply > 0) {
        d1 = rnd.nextInt(1, 7);
        d2 = rnd.nextInt(1, 7);
      }
      seen.add(pos);
      float[] v = new float[5];
      frozen.evaluate(pos, s, v);
      values.add(v);
      int n = gen.generate(pos, d1, d2);
      Position next = pos;
      if (n > 0) {
        frozen.bestPlays(gen, n, s, pick, best, Evaluator::equity);
        next = gen.result(pick[0]);
      }
      if (n > 0 && next.mover(Position.OFF) == next.moverCheckers()) {
        outcome = best.clone(); // exact: the player on roll at the last position won
      }
      pos = next.swap();
    }
    if (outcome == null) return new Record(List.of(), List.of()); // no result within the ply limit
    return new Record(seen, targets(values, outcome));
  }

  /** λ-returns backwards from the exact outcome; each target is for the player on roll at its position. */
  private List<float[]> targets(List<float[]> values, float[] outcome) {
    int t = values.size();
    List<float[]> out = new ArrayList<>(t);
    for (int i = 0; i < t; i++) out.add(null);
    float lambda = (float) settings.lambda();
    float[] g = outcome.clone();
    out.set(t - 1, g);
    float[] flipped = new float[5];
    float[] flippedNext = new float[5];
    for (int i = t - 2; i >= 0; i--) {
      Evaluator.flip(values.get(i + 1), flippedNext);
      Evaluator.flip(out.get(i + 1), flipped);
      float[] gi = new float[5];
      for (int o = 0; o < 5; o++) gi[o] = (1 - lambda) * flippedNext[o] + lambda * flipped[o];
      out.set(i, gi);
    }
    return out;
  }
}
