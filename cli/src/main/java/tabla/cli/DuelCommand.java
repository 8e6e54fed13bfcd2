package tabla.cli;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.bot.Bots;
import tabla.bot.Player;
import tabla.bot.RandomPlayer;
import tabla.bot.SearchPlayer;
import tabla.bot.SelfPlay;
import tabla.bot.eval.Evaluator;
import tabla.bot.rollout.RollLuck;
import tabla.bot.eval.VariantNet;
import tabla.core.Result;
import tabla.core.dice.SeededDice;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Match;
import tabla.core.match.Phase;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;
import tabla.bot.variant.GenericEvaluator;
import tabla.bot.variant.NetEvaluation;
import tabla.bot.variant.VariantPlayer;

/**
 * Two computer players of a variant against each other: cubeless money games, seats alternating, game g's
 * dice seeded by --seed + g (so two runs with the same options play the same games, whatever --threads is).
 * Prints A's points per game with its 95% interval, and each side's seconds per move: CPU time of the
 * thread that decides, i.e. the time on one core, which a shared machine's load does not inflate. Players: {@code net:0}, {@code net:1} (the
 * variant's network, shipped or --net FILE), {@code generic:0}, {@code generic:1} (the hand-made
 * evaluation, the players before the networks), {@code random}, or a level of {@code Bots.forVariant}
 * ({@code strong}, {@code intermediate}, {@code beginner}); in backgammon also {@code search:0}, {@code search:1},
 * {@code search:2} (the standard networks searched that many rolls ahead, A's from --weights-a and B's from
 * --weights-b, so that two weights files can be played against each other). With --duplicate each dice seed is
 * played twice, seats swapped, and the standard error is that of the pairs' means: the luck of the dice cancels.
 * With --luck (backgammon) each roll's luck ({@link RollLuck}) is taken out of the points as well, which cancels
 * what duplicate dice cannot once the two games of a pair part ways.
 */
@Command(name = "duel", description = "Play two computer players of a variant against each other (seeded, seats alternating).")
final class DuelCommand implements Callable<Integer> {
  @Option(names = "--variant", required = true, description = "the variant, e.g. nardy") String variant;
  @Option(names = "--a", description = "player A (default net:1)") String a = "net:1";
  @Option(names = "--b", description = "player B (default generic:1)") String b = "generic:1";
  @Option(names = "--games", description = "games (default 1000)") int games = 1000;
  @Option(names = "--seed", description = "dice seed of game 0 (default 1)") long seed = 1;
  @Option(names = "--threads", description = "games played at once (default 1)") int threads = 1;
  @Option(names = "--net", description = "a network file to use for net:N instead of the shipped one") Path netFile;
  @Option(names = "--weights-a", description = "backgammon: the weights file of A's search:N (default the shipped one)")
  Path weightsA;
  @Option(names = "--weights-b", description = "backgammon: the weights file of B's search:N (default the shipped one)")
  Path weightsB;
  @Option(names = "--duplicate", description = "play each dice seed twice, seats swapped (games 2k and 2k+1 use seed"
      + " --seed + k); the error is over the pairs") boolean duplicate;
  @Option(names = "--luck", description = "backgammon: take each roll's luck out of A's points (the roll's cubeless"
      + " equity for its mover after the best 0-ply play of the shipped networks, less the mean over the 36 rolls; its"
      + " mean is 0, so the points' mean stays and their error shrinks); the plain result is printed too")
  boolean luck;

  /** A's and B's standard evaluators for search:N (null where the variant is not backgammon). */
  private Evaluator evalA;
  private Evaluator evalB;

  @Override
  public Integer call() throws Exception {
    Result<Variant> pv = Variants.parse(variant);
    if (!pv.isOk()) {
      System.err.println("tabla duel: " + pv.error());
      return 2;
    }
    Variant v = pv.get();
    VariantNet net = null;
    if (netFile != null) {
      try (InputStream in = Files.newInputStream(netFile)) {
        net = VariantNet.read(v, in);
      }
    } else {
      net = Bots.variantNet(v).orElse(null);
    }
    if (duplicate && games % 2 != 0) {
      System.err.println("tabla duel: --duplicate plays games in pairs: give an even --games");
      return 2;
    }
    if (v == Variants.STANDARD) {
      for (Path w : new Path[] {weightsA, weightsB}) {
        if (WeightsFile.problem(w) != null) {
          System.err.println("tabla duel: " + WeightsFile.problem(w));
          return 2;
        }
      }
      evalA = WeightsFile.orShipped(weightsA);
      evalB = WeightsFile.orShipped(weightsB);
    } else if (weightsA != null || weightsB != null || luck) {
      System.err.println("tabla duel: --weights-a, --weights-b and --luck are for backgammon");
      return 2;
    }
    for (String spec : List.of(a, b)) {
      String err = check(spec, net, v);
      if (err != null) {
        System.err.println("tabla duel: " + err);
        return 2;
      }
    }
    Rules rules = Rules.money().toBuilder().variant(v.name()).cube(false).jacoby(false).build();
    VariantNet n = net;
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
    List<Future<double[]>> jobs = new ArrayList<>();
    long t0 = System.nanoTime();
    for (int g = 0; g < games; g++) {
      int game = g;
      jobs.add(pool.submit(() -> game(rules, v, n, game)));
    }
    double[] points = new double[games];
    double[] plain = new double[games];
    double[] secs = new double[2];
    long[] moves = new long[2];
    int wins = 0;
    int done = 0;
    try {
      for (Future<double[]> f : jobs) {
        double[] r = f.get();
        plain[done] = r[0];
        points[done] = r[0] - r[5];
        if (r[0] > 0) wins++;
        for (int s = 0; s < 2; s++) {
          secs[s] += r[1 + s];
          moves[s] += (long) r[3 + s];
        }
        done++;
        if (done % 50 == 0 && done < games) {
          double[] so = DuelScore.of(points, done, duplicate);
          System.out.printf("  %d games: A %+.4f points/game, standard error %.4f, A won %d; CPU s/move A %.4f, B %.4f%n",
              done, so[0], so[1], wins, secs[0] / Math.max(1, moves[0]), secs[1] / Math.max(1, moves[1]));
          System.out.flush();
        }
      }
    } finally {
      pool.shutdownNow();
    }
    double[] score = DuelScore.of(points, games, duplicate);
    long lastSeed = duplicate ? seed + games / 2 - 1 : seed + games - 1;
    System.out.printf("%s: A=%s vs B=%s, %d games (seeds %d..%d, %s): A %+.4f points/game, standard error %.4f"
        + " (95%%: ± %.3f), A won %d; CPU s/move A %.4f, B %.4f (%.0f s wall)%n", v.name(), a, b, games, seed, lastSeed,
        duplicate ? "each twice, seats swapped" : "seats alternating", score[0], score[1], 1.96 * score[1], wins,
        secs[0] / Math.max(1, moves[0]), secs[1] / Math.max(1, moves[1]), (System.nanoTime() - t0) / 1e9);
    if (luck) {
      double[] p = DuelScore.of(plain, games, duplicate);
      System.out.printf("(luck taken out; without that: A %+.4f points/game, standard error %.4f)%n", p[0], p[1]);
    }
    return 0;
  }

  private static String check(String spec, VariantNet net, Variant v) {
    if (spec.startsWith("search:")) {
      if (v != Variants.STANDARD) return spec + " plays backgammon only";
      return List.of("search:0", "search:1", "search:2").contains(spec) ? null : "search:N takes N = 0, 1 or 2";
    }
    if (spec.startsWith("net:") && net == null) return "no network for this variant (give one with --net FILE)";
    if (List.of("net:0", "net:1", "generic:0", "generic:1", "random", "strong", "intermediate", "beginner", "expert")
        .contains(spec)) {
      return null;
    }
    return "unknown player " + spec + ": net:0, net:1, generic:0, generic:1, search:0..2, random or a level";
  }

  /** A's points in game g, then each side's seconds thinking and moves, then A's luck (0 without --luck). */
  private double[] game(Rules rules, Variant v, VariantNet net, int g) {
    double[] out = new double[6];
    boolean aFirst = g % 2 == 0;
    Player pa = timed(player(a, v, net, evalA, 2L * g), out, 0);
    Player pb = timed(player(b, v, net, evalB, 2L * g + 1), out, 1);
    long dice = seed + (duplicate ? g / 2 : g);
    Match m = SelfPlay.play(rules, aFirst ? pa : pb, aFirst ? pb : pa, new SeededDice(dice), 1);
    GameResult r = m.games().get(0).result();
    int aSeat = aFirst ? 0 : 1;
    out[0] = r.net(aSeat);
    if (luck) out[5] = luckOf(m.games().get(0), aSeat);
    return out;
  }

  /** Each roll after the opening, its luck for its mover, summed from {@code seat}'s side. */
  private static double luckOf(Game game, int seat) {
    RollLuck meter = LUCK.get();
    double sum = 0;
    List<Game> after = game.trail(); // the state after each event (a pass the game made shares its roll's)
    Game g = Game.start(game.rules(), game.seat());
    for (int i = 0; i < after.size(); i++) {
      if (game.events().get(i).action() instanceof Action.Roll roll && g.phase() == Phase.ROLL) {
        double l = meter.of(g.position(), roll.dice().first(), roll.dice().second());
        sum += g.mover() == seat ? l : -l;
      }
      g = after.get(i);
    }
    return sum;
  }

  private static final ThreadLocal<RollLuck> LUCK = ThreadLocal.withInitial(() -> new RollLuck(Bots.standard()));

  private static Player player(String spec, Variant v, VariantNet net, Evaluator standard, long seed) {
    return switch (spec) {
      case "search:0", "search:1", "search:2" -> SearchPlayer.withPlies(standard, spec.charAt(7) - '0', 0);
      case "net:0" -> new VariantPlayer(new NetEvaluation(net), 0, 1, 0, 0, seed);
      case "net:1" -> new VariantPlayer(new NetEvaluation(net), 1, 6, 0.3, 0, seed);
      case "generic:0" -> new VariantPlayer(new GenericEvaluator(v), 0, 1, 0, 0, seed);
      case "generic:1" -> new VariantPlayer(new GenericEvaluator(v), 1, 6, 0.25, 0, seed);
      case "random" -> new RandomPlayer(seed, 0, 1);
      default -> Bots.forVariant(v, spec, seed);
    };
  }

  private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

  /** {@code p}, adding its thinking time (CPU time of its thread) to out[1 + side] and its moves to out[3 + side]. */
  private static Player timed(Player p, double[] out, int side) {
    return new Player() {
      @Override
      public Action.Move play(Game game) {
        long s = CPU.getCurrentThreadCpuTime();
        Action.Move m = p.play(game);
        out[1 + side] += (CPU.getCurrentThreadCpuTime() - s) / 1e9;
        out[3 + side]++;
        return m;
      }

      @Override
      public Action answerDouble(Game game) {
        return p.answerDouble(game);
      }
    };
  }
}
