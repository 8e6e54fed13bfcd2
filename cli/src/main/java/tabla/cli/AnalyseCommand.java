package tabla.cli;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tabla.bot.Analysis;
import tabla.core.Result;
import tabla.core.record.MatchRecord;

/** Analyses a .sgf or .mat record: each player's equity lost per unforced move and per cube decision, and the worst ones. */
@Command(name = "analyse", description = "Analyse the checker play and cube decisions of a .sgf or .mat record (error rates in mEMG per decision).")
final class AnalyseCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE") Path file;
  @Option(names = "--plies", description = "search depth: 0, 1 or 2 (default 1)") int plies = 1;
  @Option(names = "--worst", description = "how many of the worst plays to list (default 5)") int worst = 5;
  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    // the command line's writers (the terminal, or a test's), as the site's RecordAnalysisVsCliTest reads them
    java.io.PrintWriter out = spec.commandLine().getOut();
    java.io.PrintWriter err = spec.commandLine().getErr();
    if (plies < 0 || plies > 2) {
      err.println("tabla analyse: --plies is 0, 1 or 2");
      return 2;
    }
    Result<MatchRecord> rec = RecordFiles.read(file);
    if (!rec.isOk()) {
      err.println("tabla analyse: " + rec.error());
      return 2;
    }
    String unsupported = Analysis.unsupported(rec.get().match().rules().variant());
    if (unsupported != null) {
      err.println("tabla analyse: " + unsupported);
      return 2;
    }
    Analysis.Report r = Analysis.analyse(rec.get().match(), plies);
    out.println("measures: " + Analysis.measures(rec.get().match().rules().variant()));
    for (int p = 0; p < 2; p++) {
      int player = p;
      long moves = r.decisions().stream().filter(d -> d.player() == player).count();
      out.printf("%-12s moves %4d, unforced %4d | chequer error %8.3f EMG | error rate %6.1f mEMG/move%n",
          rec.get().info().name(p), moves, r.unforced()[p], -r.loss()[p], -r.errorRate(p));
      out.printf("%-12s cube decisions %4d    | cube error    %8.3f EMG | error rate %6.1f mEMG/decision"
          + " | overall %6.1f mEMG%n", "", r.cubeCount()[p], -r.cubeLoss()[p], -r.cubeErrorRate(p),
          -r.overallErrorRate(p));
    }
    List<Analysis.CubeDecision> badCube = r.cubeDecisions().stream().filter(c -> c.loss() > 1e-9)
        .sorted(Comparator.comparingDouble(Analysis.CubeDecision::loss).reversed()).limit(worst).toList();
    if (!badCube.isEmpty()) out.println("worst cube decisions (EMG for the player on roll: no double / double-take / double-pass):");
    for (Analysis.CubeDecision c : badCube) {
      out.printf("  game %d, %s: %s, best %s (%.3f lost) [ND %+.3f, D/T %+.3f, D/P %+.3f]%n", c.gameNo(),
          rec.get().info().name(c.player()), c.action(), c.best(), c.loss(), c.noDouble(), c.doubleTake(),
          c.doublePass());
    }
    List<Analysis.Decision> bad = r.decisions().stream().filter(d -> d.loss() > 1e-9)
        .sorted(Comparator.comparingDouble(Analysis.Decision::loss).reversed()).limit(worst).toList();
    if (!bad.isEmpty()) out.println("worst plays:");
    for (Analysis.Decision d : bad) {
      out.printf("  game %d, %s, %d%d: played %s, best %s (%.3f lost)%n", d.gameNo(),
          rec.get().info().name(d.player()), d.dice().first(), d.dice().second(), d.played(), d.best(), d.loss());
    }
    out.flush();
    return 0;
  }
}
