package tabla.coach;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import tabla.bot.eval.Evaluator;
import tabla.bot.eval.Network;
import tabla.bot.eval.VariantNet;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.variant.Ending;
import tabla.core.variant.Turn;
import tabla.core.variant.Variant;

/**
 * Self-play TD(λ) for any variant with dice, by the variant's own rules ({@link Variant#legalPlays(Position,
 * Dice, Turn)}, {@link Variant#ending(Position, Turn)}, a roll again after {@link Variant#rollsAgain}, the dice
 * of {@link Variant#playsOn}). Deterministic whatever the number of threads, as {@link Trainer}: each epoch
 * plays its games with a frozen copy (game k of epoch e seeded from the run seed, e and k), then applies
 * the updates in game order on one thread, so a run stopped after an epoch and resumed from its
 * checkpoint gives the same weights as one run.
 */
public final class VariantTrainer {
  /** Plies after which a game is dropped unfinished (none of the variants comes near it). */
  private static final int MAX_PLIES = 4000;

  private final Trainer.Settings settings;
  private final VariantNet net;
  private final Variant variant;

  public VariantTrainer(Trainer.Settings settings, VariantNet start) {
    this.settings = settings;
    this.net = start;
    this.variant = start.variant();
  }

  public VariantNet network() {
    return net;
  }

  /**
   * One game's positions (each seen by its player on roll), the double each player plays on there without
   * a roll (null where he rolls), and the λ-return targets for them.
   */
  private record Record(List<Position> positions, List<Dice> playsOn, List<float[]> targets) {}

  /** Trains epochs {@code fromEpoch} up to (not including) {@code untilEpoch}. */
  public void run(int fromEpoch, int untilEpoch, Consumer<Trainer.Progress> progress) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(settings.threads());
    try {
      long games = 0;
      long positions = 0;
      long start = System.nanoTime();
      Network.Scratch s = net.scratch();
      for (int e = fromEpoch; e < untilEpoch; e++) {
        VariantNet frozen = net.copy();
        List<Future<Record>> jobs = new ArrayList<>();
        for (int k = 0; k < settings.gamesPerEpoch(); k++) {
          long seed = Trainer.mix(settings.seed(), e, k);
          jobs.add(pool.submit(() -> play(frozen, seed)));
        }
        float rate = (float) (settings.rate() * Math.max(0.2, 1 - (double) e / settings.epochs()));
        for (Future<Record> f : jobs) {
          Record r = f.get();
          for (int i = 0; i < r.positions().size(); i++) net.learn(s, r.positions().get(i), r.playsOn().get(i), r.targets().get(i), rate);
          games++;
          positions += r.positions().size();
        }
        double secs = (System.nanoTime() - start) / 1e9;
        progress.accept(new Trainer.Progress(e + 1, games, positions, games / secs));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** A greedy 0-ply self-play game with the frozen network, and its TD(λ) targets. */
  private Record play(VariantNet frozen, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Network.Scratch s = frozen.scratch();
    List<Position> seen = new ArrayList<>();
    List<Dice> carries = new ArrayList<>();
    List<Integer> sides = new ArrayList<>();
    List<float[]> values = new ArrayList<>();
    float[] probs = new float[Network.OUTPUTS];
    float[] best = new float[Network.OUTPUTS];
    int[] rolls = new int[2];
    int gameRolls = 0;
    int side = 0;
    Position pos = variant.start();
    Dice carried = null; // dice to play on without a roll (Gul bara)
    float[] outcome = null;
    for (int ply = 0; ply < MAX_PLIES && outcome == null; ply++) {
      Dice d = carried;
      if (d == null) {
        int d1 = rnd.nextInt(1, 7);
        int d2 = rnd.nextInt(1, 7);
        // The opening roll-off cannot give a double, unless its winner rolls again (Tavla, Plakoto).
        while (ply == 0 && !variant.winnerRerolls() && d1 == d2) d2 = rnd.nextInt(1, 7);
        d = new Dice(d1, d2);
        gameRolls++;
        rolls[side]++;
      }
      Turn turn = new Turn(gameRolls, rolls[side]);
      seen.add(pos);
      carries.add(carried);
      sides.add(side);
      float[] v = new float[Network.OUTPUTS];
      frozen.evaluate(pos, carried, s, v);
      values.add(v);
      List<Play> plays = variant.legalPlays(pos, d, turn);
      carried = null;
      if (plays.isEmpty()) {
        pos = pos.swap();
        side ^= 1;
        continue;
      }
      Play chosen = null;
      Optional<Ending> chosenEnd = Optional.empty();
      double bestEq = Double.NEGATIVE_INFINITY;
      for (Play p : plays) {
        Optional<Ending> end = variant.ending(p.result(), turn);
        if (end.isPresent()) {
          VariantNet.outcome(end.get(), probs);
        } else if (variant.playsOn(d, p, turn) != null) {
          frozen.evaluate(p.result(), variant.playsOn(d, p, turn), s, probs); // the mover plays the next double
        } else if (variant.rollsAgain(d, p)) {
          frozen.evaluate(p.result(), s, probs); // the mover rolls again
        } else {
          frozen.evaluate(p.result().swap(), s, probs);
          Evaluator.flip(probs, probs);
        }
        double eq = Evaluator.equity(probs);
        if (eq > bestEq) {
          bestEq = eq;
          chosen = p;
          chosenEnd = end;
          System.arraycopy(probs, 0, best, 0, Network.OUTPUTS);
        }
      }
      if (chosenEnd.isPresent()) {
        outcome = best.clone(); // exact, for the player on roll at the last position
        break;
      }
      Dice on = variant.playsOn(d, chosen, turn);
      if (on != null) {
        carried = on;
        pos = chosen.result();
      } else if (variant.rollsAgain(d, chosen)) {
        pos = chosen.result();
      } else {
        pos = chosen.result().swap();
        side ^= 1;
      }
    }
    if (outcome == null) return new Record(List.of(), List.of(), List.of());
    return new Record(seen, carries, targets(values, sides, outcome));
  }

  /** λ-returns backwards from the exact outcome; each target is for the player on roll at its position. */
  private List<float[]> targets(List<float[]> values, List<Integer> sides, float[] outcome) {
    int t = values.size();
    List<float[]> out = new ArrayList<>(t);
    for (int i = 0; i < t; i++) out.add(null);
    float lambda = (float) settings.lambda();
    out.set(t - 1, outcome.clone());
    float[] next = new float[Network.OUTPUTS];
    float[] ret = new float[Network.OUTPUTS];
    for (int i = t - 2; i >= 0; i--) {
      boolean flip = !sides.get(i).equals(sides.get(i + 1));
      System.arraycopy(values.get(i + 1), 0, next, 0, Network.OUTPUTS);
      System.arraycopy(out.get(i + 1), 0, ret, 0, Network.OUTPUTS);
      if (flip) {
        Evaluator.flip(next, next);
        Evaluator.flip(ret, ret);
      }
      float[] g = new float[Network.OUTPUTS];
      for (int o = 0; o < Network.OUTPUTS; o++) g[o] = (1 - lambda) * next[o] + lambda * ret[o];
      out.set(i, g);
    }
    return out;
  }
}
