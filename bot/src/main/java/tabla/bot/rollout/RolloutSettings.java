package tabla.bot.rollout;

import java.util.Optional;

/**
 * How a position is rolled out. The seed and these settings fix the result whatever {@code threads} is.
 *
 * @param trials games played from the position (1 … {@link #MAX_TRIALS})
 * @param truncate plies played before the evaluator's 0-ply value stands in for the rest of the game; 0 plays
 *     every game to its end
 * @param cubeful play with the cube (0-ply cube decisions, Janowski's model) at the game's cube, owner and
 *     score, and count the cubeful result; else cubeless money games
 * @param varianceReduction subtract each roll's luck (see {@link Rollout})
 * @param quasiRandom stratify the first two rolls over the trials (see {@link RolloutDice})
 * @param bearoffTruncation stop a game once both sides are in the bear-off database and take its value
 *     (gnubg does the same by default); cubeless only
 * @param seed the dice seed
 * @param threads worker threads (1 … {@link #MAX_THREADS})
 */
public record RolloutSettings(int trials, int truncate, boolean cubeful, boolean varianceReduction,
    boolean quasiRandom, boolean bearoffTruncation, long seed, int threads) {
  /** The most trials one rollout may ask for (each block of trials keeps a few sums in memory). */
  public static final int MAX_TRIALS = 10_000_000;
  public static final int MAX_THREADS = 256;

  /** 1,296 full cubeless games, variance reduction, quasi-random dice, bear-off truncation, every core. */
  public static RolloutSettings defaults() {
    return new RolloutSettings(1296, 0, false, true, true, true, 1, Runtime.getRuntime().availableProcessors());
  }

  /** What is wrong with these settings, if anything (a clear message for the command line or an API). */
  public Optional<String> problem() {
    if (trials < 1 || trials > MAX_TRIALS) return Optional.of("trials must be 1.." + MAX_TRIALS + ", got " + trials);
    if (truncate < 0) return Optional.of("truncate must be 0 (none) or more plies, got " + truncate);
    if (threads < 1 || threads > MAX_THREADS) {
      return Optional.of("threads must be 1.." + MAX_THREADS + ", got " + threads);
    }
    return Optional.empty();
  }

  public RolloutSettings withTrials(int n) {
    return new RolloutSettings(n, truncate, cubeful, varianceReduction, quasiRandom, bearoffTruncation, seed, threads);
  }

  public RolloutSettings withVarianceReduction(boolean on) {
    return new RolloutSettings(trials, truncate, cubeful, on, quasiRandom, bearoffTruncation, seed, threads);
  }

  public RolloutSettings withThreads(int n) {
    return new RolloutSettings(trials, truncate, cubeful, varianceReduction, quasiRandom, bearoffTruncation, seed, n);
  }
}
