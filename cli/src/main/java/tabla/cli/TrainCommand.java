package tabla.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.bot.HeuristicPlayer;
import tabla.bot.NeuralPlayer;
import tabla.bot.eval.Evaluator;
import tabla.bot.eval.VariantNet;
import tabla.bot.Player;
import tabla.bot.variant.GenericEvaluator;
import tabla.bot.variant.NetEvaluation;
import tabla.bot.variant.VariantPlayer;
import tabla.coach.Strength;
import tabla.coach.Trainer;
import tabla.coach.VariantTrainer;
import tabla.core.variant.Variant;

/**
 * Trains the evaluation networks by self-play TD(λ). The same options give the same weights
 * whatever --threads is. Checkpoints are written every --checkpoint epochs; --resume continues one.
 */
@Command(name = "train", description = "Train the bot's networks by self-play TD(lambda) (deterministic for a given seed).")
final class TrainCommand implements Callable<Integer> {
  @Option(names = "--seed", description = "run seed (default 1)") long seed = 1;
  @Option(names = "--hidden", description = "hidden units per network (default 128)") int hidden = 128;
  @Option(names = "--epochs", description = "epochs (default 200)") int epochs = 200;
  @Option(names = "--games", description = "self-play games per epoch (default 1000)") int games = 1000;
  @Option(names = "--lambda", description = "TD lambda (default 0.7)") double lambda = 0.7;
  @Option(names = "--rate", description = "learning rate at the start, decaying to a fifth (default 0.1)") double rate = 0.1;
  @Option(names = "--threads", description = "self-play threads (default: all cores)") int threads = Runtime.getRuntime().availableProcessors();
  @Option(names = "--out", description = "weights file (default weights.bin.gz)") Path out = Path.of("weights.bin.gz");
  @Option(names = "--checkpoint", description = "write the weights every N epochs (default 10)") int checkpoint = 10;
  @Option(names = "--resume", description = "continue from this checkpoint, at --from-epoch") Path resume;
  @Option(names = "--from-epoch", description = "the epoch a resumed checkpoint ended at") int fromEpoch = 0;
  @Option(names = "--until-epoch", description = "stop after this epoch (resume later: the result is the same as one run)") int untilEpoch = 0;
  @Option(names = "--eval-every", description = "measure strength every N epochs (default 20; 0 = never)") int evalEvery = 20;
  @Option(names = "--eval-games", description = "games against the heuristic player per measure (default 400)") int evalGames = 400;
  @Option(names = "--variant", description = "backgammon (default), nackgammon, hypergammon (backgammon's networks and inputs), or any variant with dice, e.g. nardy, plakoto, fevga, tavla (its own network on the variant inputs)") String variant = "backgammon";

  private static final java.util.List<String> TRAINABLE = java.util.List.of("backgammon", "nackgammon", "hypergammon");

  @Override
  public Integer call() throws Exception {
    tabla.core.Result<tabla.core.variant.Variant> v = tabla.core.variant.Variants.parse(variant);
    // a variant's own network (and its checkpoint, read there) before the backgammon networks' checkpoint format
    if (v.isOk() && !TRAINABLE.contains(v.get().name()) && v.get().usesDice()) return trainVariant(v.get());
    if (!v.isOk() || !TRAINABLE.contains(v.get().name())) {
      System.err.println("tabla train: --variant must be one of " + TRAINABLE + (v.isOk() ? "" : " (" + v.error() + ")"));
      return 2;
    }
    Evaluator start = Evaluator.fresh(hidden, seed);
    if (resume != null) {
      try (InputStream in = Files.newInputStream(resume)) {
        start = Evaluator.read(in);
      }
    }
    // The trainer's fast generator plays backgammon's rules only, so only set-ups of plain backgammon train here.
    Trainer t = new Trainer(new Trainer.Settings(seed, hidden, epochs, games, lambda, rate, threads), start,
        v.get().start());
    int stop = untilEpoch > 0 ? Math.min(untilEpoch, epochs) : epochs;
    System.out.printf("training " + v.get().name() + ": seed %d, %d hidden, %d epochs × %d games, lambda %.2f, rate %.3f, %d threads%n",
        seed, hidden, epochs, games, lambda, rate, threads);
    t.run(fromEpoch, stop, p -> {
      String line = String.format("\repoch %d/%d %s %,d games, %,d positions, %.0f games/s", p.epoch(), epochs,
          bar(p.epoch(), epochs), p.games(), p.positions(), p.gamesPerSecond());
      System.out.print(line);
      if (p.epoch() % checkpoint == 0 || p.epoch() == stop) save(t.network());
      if (evalEvery > 0 && (p.epoch() % evalEvery == 0 || p.epoch() == stop)) {
        double[] ppg = Strength.pointsPerGame(new NeuralPlayer(t.network().copy()), new HeuristicPlayer(7, 0),
            evalGames, 1_000_000L, v.get().name());
        System.out.printf("%n  vs heuristic player: %+.3f points/game (± %.3f)%n", ppg[0], 1.96 * ppg[1]);
      }
      System.out.flush();
    });
    System.out.println();
    return 0;
  }

  /** A variant's own network ({@link VariantNet}) by its own rules; strength measured against the generic player. */
  private int trainVariant(Variant v) throws Exception {
    VariantNet start = VariantNet.fresh(v, hidden, seed);
    if (resume != null) {
      try (InputStream in = Files.newInputStream(resume)) {
        start = VariantNet.readForTraining(v, in);
      }
    }
    VariantTrainer t = new VariantTrainer(new Trainer.Settings(seed, hidden, epochs, games, lambda, rate, threads), start);
    int stop = untilEpoch > 0 ? Math.min(untilEpoch, epochs) : epochs;
    System.out.printf("training %s (variant network): seed %d, %d hidden, %d epochs × %d games, lambda %.2f, rate %.3f, %d threads, from epoch %d%n",
        v.name(), seed, hidden, epochs, games, lambda, rate, threads, fromEpoch);
    t.run(fromEpoch, stop, p -> {
      System.out.printf("epoch %d/%d %,d games, %,d positions, %.1f games/s%n", p.epoch(), epochs, p.games(),
          p.positions(), p.gamesPerSecond());
      if (p.epoch() % checkpoint == 0 || p.epoch() == stop) {
        write(os -> t.network().write(os));
        System.out.printf("  checkpoint %s at epoch %d (resume: --resume %s --from-epoch %d)%n", out, p.epoch(), out, p.epoch());
      }
      if (evalEvery > 0 && (p.epoch() % evalEvery == 0 || p.epoch() == stop)) {
        Player net = new VariantPlayer(new NetEvaluation(t.network().copy().forPlay()), 0, 1, 0, 0, 0);
        Player generic = new VariantPlayer(new GenericEvaluator(v), 0, 1, 0, 0, 0);
        double[] ppg = Strength.pointsPerGame(net, generic, evalGames, 1_000_000L, v.name());
        System.out.printf("  0-ply vs generic 0-ply, %d games: %+.3f points/game (± %.3f)%n", evalGames, ppg[0], 1.96 * ppg[1]);
      }
      System.out.flush();
    });
    return 0;
  }

  private interface Writer {
    void write(OutputStream os) throws java.io.IOException;
  }

  /** Writes the weights through a temporary file, so a run killed mid-write leaves the last checkpoint whole. */
  private void write(Writer w) {
    try {
      Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
      try (OutputStream os = Files.newOutputStream(tmp)) {
        w.write(os);
      }
      Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } catch (java.io.IOException ex) {
      throw new java.io.UncheckedIOException(ex);
    }
  }

  private void save(Evaluator e) {
    write(os -> Trainer.save(e, os));
  }


  private static String bar(int done, int total) {
    int w = 20;
    int f = (int) ((long) done * w / Math.max(1, total));
    return "[" + "#".repeat(f) + " ".repeat(w - f) + "]";
  }
}
