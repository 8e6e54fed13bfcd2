package tabla.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tabla.bot.eval.Evaluator;
import tabla.bot.rollout.Rollout;
import tabla.bot.rollout.RolloutResult;
import tabla.bot.rollout.RolloutSettings;
import tabla.core.Result;
import tabla.core.format.ToRoll;
import tabla.core.match.Game;
import tabla.core.record.MatchRecord;

/** Rolls a position out (see {@link Rollout}): the player on roll's equity with standard errors. */
@Command(name = "rollout", mixinStandardHelpOptions = true,
    description = {"Roll out a position: POSITIONID[:MATCHID] (gnubg), XGID=…, or a record FILE with --game and --move.",
        "The player on roll is about to roll; equities are theirs. Cubeful rollouts take the cube and score from the"
            + " match ID or XGID (money without either)."})
final class RolloutCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "POSITION") String position;
  @Option(names = "--positions", description = "roll out every position of FILE (one ID a line), one result line each;"
      + " the total games/s and CPU seconds on stderr") Path positions;
  @Option(names = "--game", description = "with a record FILE: the game, from 1") Integer game;
  @Option(names = "--move", description = "with a record FILE: roll out the position before this move of the game, from 1")
  Integer move;
  @Option(names = "--trials", description = "games to play (default 1296)") int trials = 1296;
  @Option(names = "--truncate", description = "plies to play before the evaluator takes over (default 0: play to the end)")
  int truncate;
  @Option(names = "--cubeful", description = "play with the cube at the position's cube and score (default cubeless)")
  boolean cubeful;
  @Option(names = "--no-variance-reduction", description = "keep each roll's luck in the result") boolean noVr;
  @Option(names = "--no-quasi-random", description = "pseudo-random first rolls instead of stratified ones") boolean noQuasi;
  @Option(names = "--no-bearoff-truncation", description = "play bear-offs out instead of reading the database")
  boolean noBearoff;
  @Option(names = "--seed", description = "dice seed (default 1)") long seed = 1;
  @Option(names = "--threads", description = "worker threads (default: every core)")
  int threads = Runtime.getRuntime().availableProcessors();
  @Option(names = "--weights", description = "networks to play the trials with (a weights.bin.gz as `tabla train` or"
      + " `tabla fit` writes it; default the shipped ones)") Path weights;
  @Option(names = "--json", description = "print the result as JSON") boolean json;
  @Option(names = "--quiet", description = "no progress on stderr") boolean quiet;

  /** Runs alone (java -cp … tabla.cli.RolloutCommand): with core, bot, picocli and Jackson only, no server classes. */
  public static void main(String[] args) {
    System.exit(new picocli.CommandLine(new RolloutCommand()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if ((position == null) == (positions == null)) {
      System.err.println("tabla rollout: give a POSITION or --positions FILE");
      return 2;
    }
    if (WeightsFile.problem(weights) != null) {
      System.err.println("tabla rollout: " + WeightsFile.problem(weights));
      return 2;
    }
    if (positions != null) return batch();
    return one();
  }

  /** Every position of the file in one JVM (a speed measurement's setting: warm JIT, one bear-off build). */
  private int batch() throws Exception {
    Evaluator eval = WeightsFile.orShipped(weights);
    List<String> ids = Files.readAllLines(positions).stream().map(String::trim).filter(l -> !l.isEmpty()).toList();
    var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = os.getProcessCpuTime();
    long start = System.nanoTime();
    long games = 0;
    for (String id : ids) {
      position = id;
      Result<Game> root = position();
      Result<RolloutResult> r = root.isOk() ? Rollout.run(eval, root.get(), settings(), p -> {}, () -> false)
          : Result.err(root.error());
      if (!r.isOk()) {
        System.err.println("tabla rollout: " + id + ": " + r.error());
        return 2;
      }
      games += r.get().trials();
      if (json) {
        print(r.get());
      } else {
        System.out.printf("%s %+.4f %.4f%s%n", id, r.get().equity(), r.get().equityError(),
            cubeful ? String.format(" %+.4f %.4f", r.get().cubeful(), r.get().cubefulError()) : "");
      }
    }
    double wall = (System.nanoTime() - start) / 1e9;
    double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
    System.err.printf("%d positions, %d games in %.1f s wall (%.1f games/s), %.1f CPU s (%.1f games per CPU s)%n",
        ids.size(), games, wall, games / wall, cpu, games / cpu);
    return 0;
  }

  private RolloutSettings settings() {
    return new RolloutSettings(trials, truncate, cubeful, !noVr, !noQuasi, !noBearoff && !cubeful, seed, threads);
  }

  private int one() throws Exception {
    Result<Game> root = position();
    if (!root.isOk()) {
      System.err.println("tabla rollout: " + root.error());
      return 2;
    }
    RolloutSettings s = settings();
    if (s.problem().isPresent()) {
      System.err.println("tabla rollout: " + s.problem().get());
      return 2;
    }
    long[] last = {0};
    long start = System.nanoTime();
    Result<RolloutResult> r = Rollout.run(WeightsFile.orShipped(weights), root.get(), s, p -> {
      long now = System.nanoTime();
      if (quiet || (now - last[0] < 500_000_000L && p.done() < p.trials())) return;
      last[0] = now;
      System.err.printf("\rrollout: %d/%d trials, %s %+.4f ± %.4f, %.0f games/s   ", p.done(), p.trials(),
          cubeful ? "cubeful" : "equity", p.equity(), p.standardError(), p.done() / ((now - start) / 1e9));
    }, () -> false);
    if (!quiet) System.err.println();
    if (!r.isOk()) {
      System.err.println("tabla rollout: " + r.error());
      return 2;
    }
    print(r.get());
    return 0;
  }

  private void print(RolloutResult r) throws Exception {
    String[] names = {"win", "winGammon", "winBackgammon", "loseGammon", "loseBackgammon"};
    if (json) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("position", position);
      out.put("trials", r.trials());
      for (int k = 0; k < 5; k++) out.put(names[k], List.of(r.probabilities()[k], r.probabilityErrors()[k]));
      out.put("equity", List.of(r.equity(), r.equityError()));
      if (cubeful) out.put("cubeful", List.of(r.cubeful(), r.cubefulError()));
      out.put("seconds", r.seconds());
      out.put("gamesPerSecond", r.gamesPerSecond());
      out.put("settings", r.settings());
      System.out.println(new ObjectMapper().writeValueAsString(out));
      return;
    }
    System.out.printf("%d trials in %.1f s (%.0f games/s), seed %d%n", r.trials(), r.seconds(), r.gamesPerSecond(), seed);
    for (int k = 0; k < 5; k++) {
      System.out.printf("  %-15s %.4f ± %.4f%n", names[k], r.probabilities()[k], r.probabilityErrors()[k]);
    }
    System.out.printf("  %-15s %+.4f ± %.4f%n", "cubeless", r.equity(), r.equityError());
    if (cubeful) System.out.printf("  %-15s %+.4f ± %.4f (EMG)%n", "cubeful", r.cubeful(), r.cubefulError());
  }

  /** The game to roll out, its player on roll about to roll. */
  private Result<Game> position() throws Exception {
    if ((game == null) != (move == null)) return Result.err("--game and --move go together, with a record FILE");
    if (game != null) return fromRecord(Path.of(position), game, move);
    return ToRoll.fromId(position);
  }

  static Result<Game> fromRecord(Path file, int gameNo, int moveNo) throws Exception {
    if (!Files.isRegularFile(file)) return Result.err(file + ": no such file");
    Result<MatchRecord> rec = RecordFiles.read(file);
    if (!rec.isOk()) return Result.err(rec.error());
    return ToRoll.beforeMove(rec.get().match(), gameNo, moveNo);
  }
}
