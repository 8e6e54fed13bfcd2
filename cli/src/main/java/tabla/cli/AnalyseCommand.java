package tabla.cli;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tabla.bot.Analysis;
import tabla.core.Result;
import tabla.core.record.MatchRecord;

/** Analyses a .sgf or .mat record: each player's equity lost per unforced move and per cube decision, and the worst ones. */
@Command(name = "analyse", description = "Analyse the checker play and cube decisions of a .sgf or .mat record (error rates in mEMG per decision).")
final class AnalyseCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE") Path file;
  @Option(names = "--plies", description = "search depth: 0, 1 or 2 (default 1)") int plies = 1;
  @Option(names = "--worst", description = "how many of the worst plays to list (default 5)") int worst = 5;

  @Override
  public Integer call() throws Exception {
    if (plies < 0 || plies > 2) {
      System.err.println("tabla analyse: --plies is 0, 1 or 2");
      return 2;
    }
    Result<MatchRecord> rec = RecordFiles.read(file);
    if (!rec.isOk()) {
      System.err.println("tabla analyse: " + rec.error());
      return 2;
    }
    String unsupported = Analysis.unsupported(rec.get().match().rules().game());
    if (unsupported != null) {
      System.err.println("tabla analyse: " + unsupported);
      return 2;
    }
    Analysis.Report r = Analysis.analyse(rec.get().match(), plies);
    System.out.println("measures: " + Analysis.measures(rec.get().match().rules().game()));
    for (int p = 0; p < 2; p++) {
      int player = p;
      long moves = r.decisions().stream().filter(d -> d.player() == player).count();
      System.out.printf("%-12s moves %4d, unforced %4d | chequer error %8.3f EMG | error rate %6.1f mEMG/move%n",
          rec.get().info().name(p), moves, r.unforced()[p], -r.loss()[p], -r.errorRate(p));
      System.out.printf("%-12s cube decisions %4d    | cube error    %8.3f EMG | error rate %6.1f mEMG/decision"
          + " | overall %6.1f mEMG%n", "", r.cubeCount()[p], -r.cubeLoss()[p], -r.cubeErrorRate(p),
          -r.overallErrorRate(p));
    }
    List<Analysis.CubeDecision> badCube = r.cubeDecisions().stream().filter(c -> c.loss() > 1e-9)
        .sorted(Comparator.comparingDouble(Analysis.CubeDecision::loss).reversed()).limit(worst).toList();
    if (!badCube.isEmpty()) System.out.println("worst cube decisions (EMG for the player on roll: no double / double-take / double-pass):");
    for (Analysis.CubeDecision c : badCube) {
      System.out.printf("  game %d, %s: %s, best %s (%.3f lost) [ND %+.3f, D/T %+.3f, D/P %+.3f]%n", c.gameNo(),
          rec.get().info().name(c.player()), c.action(), c.best(), c.loss(), c.noDouble(), c.doubleTake(),
          c.doublePass());
    }
    List<Analysis.Decision> bad = r.decisions().stream().filter(d -> d.loss() > 1e-9)
        .sorted(Comparator.comparingDouble(Analysis.Decision::loss).reversed()).limit(worst).toList();
    if (!bad.isEmpty()) System.out.println("worst plays:");
    for (Analysis.Decision d : bad) {
      System.out.printf("  game %d, %s, %d%d: played %s, best %s (%.3f lost)%n", d.gameNo(),
          rec.get().info().name(d.player()), d.dice().first(), d.dice().second(), d.played(), d.best(), d.loss());
    }
    return 0;
  }
}
