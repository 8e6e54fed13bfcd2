package tabla.bot.rollout;

/**
 * What a rollout found, from the side of the player on roll in the rolled-out position.
 *
 * @param trials games counted (fewer than asked when the rollout was stopped)
 * @param probabilities mean win, win gammon, win backgammon, lose gammon, lose backgammon (luck removed when
 *     variance reduction is on; in a cubeful rollout, how the games ended)
 * @param probabilityErrors the standard error of each
 * @param equity mean cubeless equity (points per game at cube 1)
 * @param equityError its standard error
 * @param cubeful mean cubeful equity in EMG at the position's cube and score; NaN for a cubeless rollout
 * @param cubefulError its standard error; NaN for a cubeless rollout
 * @param seconds wall time
 * @param complete false when the rollout was stopped before all its trials
 */
public record RolloutResult(int trials, double[] probabilities, double[] probabilityErrors, double equity,
    double equityError, double cubeful, double cubefulError, double seconds, RolloutSettings settings,
    boolean complete) {

  /** Trials per second of wall time. */
  public double gamesPerSecond() {
    return seconds > 0 ? trials / seconds : 0;
  }
}
