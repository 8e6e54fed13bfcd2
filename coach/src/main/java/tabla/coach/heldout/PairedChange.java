package tabla.coach.heldout;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import tabla.bot.eval.Phase;

/**
 * How much a candidate evaluator's absolute errors differ from a reference's on the same held-out positions: the mean
 * of the per-position change (candidate minus reference; negative: the candidate is closer to the rollouts) with the
 * standard error of that mean. Pairing the positions takes out their own difficulty, which is most of the spread of
 * either evaluator's error, so a change too small to show in two separate MAEs can show here.
 */
public record PairedChange(int n, double meanChange, double standardError) {

  /** The change of {@code candidate} against {@code reference} by phase (every phase present) and over all. */
  public record Report(int plies, Map<Phase, PairedChange> byPhase, PairedChange all) {}

  /** {@code candidate} and {@code reference}: the same positions in the same order, at the same depth. */
  public static Report of(HeldoutScore.Report candidate, HeldoutScore.Report reference) {
    List<HeldoutScore.Scored> c = candidate.positions();
    List<HeldoutScore.Scored> r = reference.positions();
    if (c.size() != r.size() || candidate.plies() != reference.plies()) {
      throw new IllegalArgumentException("reports of different positions or depths");
    }
    double[] change = new double[c.size()];
    for (int i = 0; i < change.length; i++) {
      if (!c.get(i).entry().id().equals(r.get(i).entry().id())) {
        throw new IllegalArgumentException("position " + i + " differs: " + c.get(i).entry().id());
      }
      change[i] = Math.abs(c.get(i).error()) - Math.abs(r.get(i).error());
    }
    Map<Phase, PairedChange> byPhase = new EnumMap<>(Phase.class);
    for (Phase ph : Phase.values()) {
      byPhase.put(ph, of(change, i -> c.get(i).phase() == ph));
    }
    return new Report(candidate.plies(), byPhase, of(change, i -> true));
  }

  private static PairedChange of(double[] change, java.util.function.IntPredicate keep) {
    int n = 0;
    double sum = 0;
    for (int i = 0; i < change.length; i++) {
      if (keep.test(i)) {
        n++;
        sum += change[i];
      }
    }
    if (n == 0) return new PairedChange(0, Double.NaN, Double.NaN);
    double mean = sum / n;
    double squares = 0;
    for (int i = 0; i < change.length; i++) {
      if (keep.test(i)) squares += (change[i] - mean) * (change[i] - mean);
    }
    return new PairedChange(n, mean, n > 1 ? Math.sqrt(squares / (n - 1) / n) : Double.NaN);
  }
}
