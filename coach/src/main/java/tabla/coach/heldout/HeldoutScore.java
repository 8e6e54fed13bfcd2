package tabla.coach.heldout;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import tabla.bot.SearchPlayer;
import tabla.bot.eval.Evaluator;
import tabla.bot.eval.Phase;
import tabla.core.Position;

/**
 * An evaluator scored against the held-out rollouts: its cubeless equity of each position for the player on roll,
 * before the roll, looked {@code plies} rolls ahead (0: the evaluation itself; 1: the mean over the 21 rolls of the
 * best play's 0-ply value; 2: each roll's best 0-ply play looked at 1-ply, as {@link SearchPlayer} searches), and the
 * error statistics by {@link Phase} and over all.
 */
public final class HeldoutScore {
  private HeldoutScore() {}

  /** One position's result. */
  public record Scored(HeldoutSet.Entry entry, Phase phase, double equity) {
    public double error() {
      return equity - entry.equity();
    }
  }

  /** The statistics of every phase (each phase present, empty ones with n = 0), all positions, and the time taken. */
  public record Report(int plies, Map<Phase, ErrorStats> byPhase, ErrorStats all, List<Scored> positions, double seconds) {}

  /** The equity of the player on roll in {@code p}, before rolling, {@code plies} rolls ahead. */
  public static double equity(SearchPlayer search, Position p, int plies) {
    // equityAfter values a position after its mover played, for that mover: the swapped position is the one just
    // played by the opponent of p's mover, whose value is the negation of ours.
    return -search.equityAfter(p.swap(), plies);
  }

  public static Report score(Evaluator eval, List<HeldoutSet.Entry> entries, int plies) {
    SearchPlayer search = SearchPlayer.withPlies(eval, plies);
    return score(entries, plies, p -> equity(search, p, plies));
  }

  /** The report of any evaluation: {@code equity} of the player on roll (e.g. a network in training, at 0-ply). */
  public static Report score(List<HeldoutSet.Entry> entries, int plies, ToDoubleFunction<Position> equity) {
    long start = System.nanoTime();
    List<Scored> scored = new ArrayList<>(entries.size());
    for (HeldoutSet.Entry e : entries) scored.add(new Scored(e, Phase.of(e.position()), equity.applyAsDouble(e.position())));
    Map<Phase, ErrorStats> byPhase = new EnumMap<>(Phase.class);
    for (Phase ph : Phase.values()) byPhase.put(ph, stats(scored.stream().filter(s -> s.phase() == ph).toList()));
    return new Report(plies, byPhase, stats(scored), scored, (System.nanoTime() - start) / 1e9);
  }

  static ErrorStats stats(List<Scored> group) {
    double[] ev = new double[group.size()];
    double[] ro = new double[group.size()];
    double[] se = new double[group.size()];
    for (int i = 0; i < ev.length; i++) {
      ev[i] = group.get(i).equity();
      ro[i] = group.get(i).entry().equity();
      se[i] = group.get(i).entry().standardError();
    }
    return ErrorStats.of(ev, ro, se);
  }
}
