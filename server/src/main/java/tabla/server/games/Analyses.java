package tabla.server.games;

import java.util.ArrayList;
import java.util.List;
import tabla.bot.Analysis;
import tabla.core.match.Match;
import tabla.server.kernel.LruCache;

/**
 * The bot's analysis of finished matches as the API sends it ({@code GET /api/games/{id}/analysis}; an uploaded
 * record's analysis, {@code records.RecordAnalyses}, is sent in the same {@link View}), computed once
 * per match and kept for the last {@link #MAX_KEPT} matches asked about (one is a few hundred plays; a match
 * beyond these is analysed again).
 */
public final class Analyses {
  static final int MAX_KEPT = 64;
  static final int PLIES = 1;

  private final LruCache<Long, View> kept = new LruCache<>(MAX_KEPT);

  /** The analysis of finished match {@code id}. */
  View of(long id, Match match) {
    return kept.computeIfAbsent(id, k -> View.of(Analysis.analyse(match, PLIES), PLIES));
  }

  int kept() {
    return kept.size();
  }

  /** A report as JSON: each player's totals, every checker play and the cube decisions that count. */
  public record View(int plies, List<PlayerSummary> players, List<Play> decisions, List<Cube> cubeDecisions) {
    public static View of(Analysis.Report r, int plies) {
      List<PlayerSummary> players = new ArrayList<>();
      for (int p = 0; p < 2; p++) {
        players.add(new PlayerSummary(r.unforced()[p], round3(r.loss()[p]), round1(r.errorRate(p)), r.cubeCount()[p],
            round3(r.cubeLoss()[p]), round1(r.cubeErrorRate(p)), round1(r.overallErrorRate(p))));
      }
      List<Play> plays = r.decisions().stream().map(d -> new Play(d.gameNo(), d.player(),
          List.of(d.dice().first(), d.dice().second()), d.played(), d.best(), round3(d.loss()), d.forced())).toList();
      List<Cube> cube = r.cubeDecisions().stream().map(c -> new Cube(c.gameNo(), c.player(), c.kind(), c.action(),
          c.best(), round3(c.noDouble()), round3(c.doubleTake()), round3(c.doublePass()), round3(c.loss()))).toList();
      return new View(plies, players, plays, cube);
    }
  }

  /** A player's totals: equity lost (EMG) and error rates (mEMG per decision). */
  public record PlayerSummary(int unforced, double lossEmg, double errorRateMemg, int cubeDecisions, double cubeLossEmg,
      double cubeErrorRateMemg, double overallErrorRateMemg) {}

  public record Play(int gameNo, int player, List<Integer> dice, String played, String best, double loss, boolean forced) {}

  public record Cube(int gameNo, int player, String kind, String action, String best, double noDouble, double doubleTake,
      double doublePass, double loss) {}

  private static double round3(double x) {
    return Math.round(x * 1000) / 1000.0;
  }

  private static double round1(double x) {
    return Math.round(x * 10) / 10.0;
  }
}
