package tabla.cli;

/**
 * A duel's points per game for A and its standard error. In a duplicate duel games 2k and 2k+1 are the same dice with
 * the seats swapped, so they are not independent: the error is taken over the pairs' means, where the luck that both
 * games share cancels (it is much smaller than the games' own when the players are close).
 */
final class DuelScore {
  private DuelScore() {}

  /** {mean, standard error} of A's points in the first {@code n} games ({@code n} even when {@code duplicate}). */
  static double[] of(double[] points, int n, boolean duplicate) {
    if (n <= 0) return new double[] {0, 0};
    int group = duplicate ? 2 : 1;
    if (n % group != 0) throw new IllegalArgumentException("a duplicate duel scores whole pairs, not " + n + " games");
    int units = n / group;
    double sum = 0;
    double sq = 0;
    for (int u = 0; u < units; u++) {
      double x = 0;
      for (int k = 0; k < group; k++) x += points[u * group + k];
      x /= group;
      sum += x;
      sq += x * x;
    }
    double mean = sum / units;
    double var = units > 1 ? Math.max(0, (sq - units * mean * mean) / (units - 1)) : 0;
    return new double[] {mean, Math.sqrt(var / units)};
  }
}
