package tabla.coach.heldout;

/**
 * How far an evaluator's equities lie from the rollouts' over a group of positions: the mean absolute error with the
 * standard error of that mean (the sample standard deviation of the absolute errors over √n), the mean signed error
 * (the evaluator's bias: positive when it is too optimistic for the player on roll), and the rollouts' own mean
 * standard error (the noise floor: an evaluator cannot be shown better than that).
 */
public record ErrorStats(int n, double meanAbsError, double standardError, double meanError, double rolloutError) {

  /** The statistics of {@code evaluated[i] - rollout[i]}, the rollouts' standard errors {@code rolloutSe}. */
  public static ErrorStats of(double[] evaluated, double[] rollout, double[] rolloutSe) {
    int n = evaluated.length;
    if (rollout.length != n || rolloutSe.length != n) throw new IllegalArgumentException("lengths differ");
    if (n == 0) return new ErrorStats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    double abs = 0;
    double signed = 0;
    double noise = 0;
    for (int i = 0; i < n; i++) {
      double d = evaluated[i] - rollout[i];
      abs += Math.abs(d);
      signed += d;
      noise += rolloutSe[i];
    }
    double mean = abs / n;
    double squares = 0;
    for (int i = 0; i < n; i++) {
      double a = Math.abs(evaluated[i] - rollout[i]) - mean;
      squares += a * a;
    }
    double se = n > 1 ? Math.sqrt(squares / (n - 1) / n) : Double.NaN;
    return new ErrorStats(n, mean, se, signed / n, noise / n);
  }
}
