package tabla.coach;

import tabla.bot.Bots;
import tabla.bot.NeuralPlayer;
import tabla.bot.Player;
import tabla.bot.SearchPlayer;
import tabla.bot.eval.Evaluator;

/**
 * Measures (not a test) the hypergammon networks against backgammon's on hypergammon: cubeless money
 * games, seats alternating, seeded dice. Usage: HyperBench GAMES PLIES(0|1) [FILE.bin.gz]
 */
public final class HyperBench {
  public static void main(String[] args) throws Exception {
    int games = Integer.parseInt(args[0]);
    int plies = Integer.parseInt(args[1]);
    Evaluator hyper = args.length > 2 ? Evaluator.read(new java.io.FileInputStream(args[2])) : Bots.hypergammon();
    Evaluator standard = Bots.standard();
    Player a = plies == 0 ? new NeuralPlayer(hyper) : new SearchPlayer(hyper, 8, 0.16);
    Player b = plies == 0 ? new NeuralPlayer(standard) : new SearchPlayer(standard, 8, 0.16);
    long t = System.nanoTime();
    double[] r = Strength.pointsPerGame(a, b, games, 20_000L, "hypergammon");
    System.out.printf("hyper nets vs backgammon nets on hypergammon, %d-ply, %d games: %+.3f ± %.3f ppg (%.0f s)%n",
        plies, games, r[0], 1.96 * r[1], (System.nanoTime() - t) / 1e9);
  }
}
