package tabla.core.rating;

/**
 * The FIBS rating formula (FIBS "help formula"): for an n-point match between ratings r1 and r2,
 * the underdog wins with P_upset = 1 / (10^(|r1 - r2| * sqrt(n) / 2000) + 1). The winner gains and
 * the loser loses 4 * K * sqrt(n) * P, where P = P_upset if the favourite won and 1 - P_upset if the
 * underdog won, and each player's own K = max(1, 5 - experience / 100) (experience = the sum of the
 * lengths of the matches they finished). Everyone starts at 1500 with experience 0.
 */
public final class FibsRating {
  public static final double START = 1500;

  private FibsRating() {}

  /** Probability that the player rated {@code r} beats the one rated {@code other} in an n-point match. */
  public static double winProbability(double r, double other, int n) {
    double pUpset = 1 / (Math.pow(10, Math.abs(r - other) * Math.sqrt(n) / 2000) + 1);
    return r >= other ? 1 - pUpset : pUpset;
  }

  /** The winner's gain (the loser's loss is computed with the loser's own experience: see {@link #loss}). */
  public static double gain(double winner, double loser, int n, int winnerExperience) {
    return 4 * k(winnerExperience) * Math.sqrt(n) * (1 - winProbability(winner, loser, n));
  }

  public static double loss(double winner, double loser, int n, int loserExperience) {
    return 4 * k(loserExperience) * Math.sqrt(n) * (1 - winProbability(winner, loser, n));
  }

  static double k(int experience) {
    return Math.max(1, 5 - experience / 100.0);
  }
}
