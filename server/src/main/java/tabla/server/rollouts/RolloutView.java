package tabla.server.rollouts;

import java.util.Arrays;
import java.util.List;
import tabla.bot.rollout.RolloutResult;

/**
 * A rollout as the API shows it: the position (gnubg {@code POSITIONID:MATCHID}, the player on roll about to roll),
 * the settings asked for, its state (queued, running, done, cancelled, failed, interrupted), how far it has come
 * ({@code done} trials, the headline {@code equity} ± {@code equityError} so far: cubeful EMG for a cubeful rollout,
 * cubeless otherwise) and, once it has them, all its figures.
 */
public record RolloutView(long id, String position, int trials, int truncate, boolean cubeful, String state, int done,
    Double equity, Double equityError, Figures result, String error, String created, String finished) {

  /**
   * What a rollout found, for the player on roll: mean win, win gammon, win backgammon, lose gammon, lose backgammon
   * (in that order) with their standard errors, the cubeless equity, the cubeful one (EMG; null when cubeless), the
   * trials counted, the wall time, and whether every trial asked for was played (false when cancelled part way).
   */
  public record Figures(int trials, List<Double> probabilities, List<Double> probabilityErrors, Double equity,
      Double equityError, Double cubeful, Double cubefulError, double seconds, boolean complete) {
    static Figures of(RolloutResult r) {
      return new Figures(r.trials(), finite(r.probabilities()), finite(r.probabilityErrors()), finite(r.equity()),
          finite(r.equityError()), finite(r.cubeful()), finite(r.cubefulError()), r.seconds(), r.complete());
    }

    Double headline() {
      return cubeful != null ? cubeful : equity;
    }

    Double headlineError() {
      return cubeful != null ? cubefulError : equityError;
    }
  }

  /** JSON has no NaN: a figure not known (a cubeless rollout's cubeful equity, one trial's error) is null. */
  static Double finite(double x) {
    return Double.isFinite(x) ? x : null;
  }

  private static List<Double> finite(double[] xs) {
    return Arrays.stream(xs).mapToObj(RolloutView::finite).toList();
  }
}
