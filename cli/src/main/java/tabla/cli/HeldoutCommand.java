package tabla.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tabla.bot.eval.Evaluator;
import tabla.bot.eval.Phase;
import tabla.coach.heldout.ErrorStats;
import tabla.coach.heldout.HeldoutScore;
import tabla.coach.heldout.HeldoutSet;
import tabla.coach.heldout.PairedChange;
import tabla.core.Result;

/** Scores an evaluator against the held-out rollouts (see {@link HeldoutScore}): its error by phase. */
@Command(name = "heldout", mixinStandardHelpOptions = true,
    description = {"Score an evaluator against rollouts of held-out positions: the mean absolute error of its cubeless"
        + " equity against the rollout's, by phase (contact, crashed, race, bear-off with contact), with the standard"
        + " error of that mean, the mean signed error (bias) and the rollouts' own mean standard error.",
        "FILE: JSON lines as `tabla rollout --json` writes them (default"
            + " docs/measurements/2026-11-27-heldout-rollouts.jsonl)."})
final class HeldoutCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "FILE")
  Path file = Path.of("docs/measurements/2026-11-27-heldout-rollouts.jsonl");
  @Option(names = "--weights", description = "networks to score (a weights.bin.gz as `tabla train` or `tabla fit` writes"
      + " it; default the shipped ones), with the bear-off database as the bot plays") Path weights;
  @Option(names = "--compare", description = "also score the shipped networks and give, by depth and phase, the mean"
      + " paired change of the absolute error (--weights minus shipped; negative: closer to the rollouts) with its"
      + " standard error") boolean compare;
  @Option(names = "--plies", split = ",", description = "look-ahead depths to score, e.g. 0,1,2 (default 0,1)")
  List<Integer> plies = List.of(0, 1);
  @Option(names = "--json", description = "print the report as JSON") boolean json;

  /** Runs alone (java -cp … tabla.cli.HeldoutCommand): core, bot, coach, picocli and Jackson, no server classes. */
  public static void main(String[] args) {
    System.exit(new picocli.CommandLine(new HeldoutCommand()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    for (int d : plies) {
      if (d < 0 || d > 2) return fail("--plies must be 0, 1 or 2, got " + d);
    }
    if (!Files.isRegularFile(file)) return fail(file + ": no such file");
    if (WeightsFile.problem(weights) != null) return fail(WeightsFile.problem(weights));
    Result<List<HeldoutSet.Entry>> set;
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      set = HeldoutSet.read(in);
    }
    if (!set.isOk()) return fail(file + ": " + set.error());
    Evaluator eval = WeightsFile.orShipped(weights);
    List<HeldoutScore.Report> reports = new ArrayList<>();
    for (int d : plies) reports.add(HeldoutScore.score(eval, set.get(), d));
    List<PairedChange.Report> changes = new ArrayList<>();
    List<HeldoutScore.Report> shippedReports = new ArrayList<>();
    if (compare) {
      Evaluator shipped = Evaluator.bundled();
      for (HeldoutScore.Report r : reports) {
        shippedReports.add(HeldoutScore.score(shipped, set.get(), r.plies()));
        changes.add(PairedChange.of(r, shippedReports.get(shippedReports.size() - 1)));
      }
    }
    if (json) {
      System.out.println(new ObjectMapper().writeValueAsString(toJson(reports, changes, shippedReports)));
    } else {
      print(reports);
      if (compare) printChanges(changes, shippedReports);
    }
    return 0;
  }

  private Map<String, Object> toJson(List<HeldoutScore.Report> reports, List<PairedChange.Report> changes,
      List<HeldoutScore.Report> shippedReports) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("file", file.toString());
    out.put("weights", weights == null ? "shipped" : weights.toString());
    List<Map<String, Object>> levels = new ArrayList<>();
    for (HeldoutScore.Report r : reports) {
      Map<String, Object> level = new LinkedHashMap<>();
      level.put("plies", r.plies());
      level.put("all", statsJson(r.all()));
      Map<String, Object> phases = new LinkedHashMap<>();
      r.byPhase().forEach((ph, s) -> phases.put(name(ph), statsJson(s)));
      level.put("phases", phases);
      level.put("seconds", r.seconds());
      if (!changes.isEmpty()) {
        Map<String, Object> against = changeJson(changes.get(levels.size()));
        against.put("shippedSeconds", shippedReports.get(levels.size()).seconds());
        level.put("againstShipped", against);
      }
      levels.add(level);
    }
    out.put("levels", levels);
    return out;
  }

  /** The statistics with null where there is no number (no position in a phase, one only for the error's spread). */
  private static Map<String, Object> statsJson(ErrorStats s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("n", s.n());
    m.put("meanAbsError", finite(s.meanAbsError()));
    m.put("standardError", finite(s.standardError()));
    m.put("meanError", finite(s.meanError()));
    m.put("rolloutError", finite(s.rolloutError()));
    return m;
  }

  private static Map<String, Object> changeJson(PairedChange.Report r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("all", changeJson(r.all()));
    Map<String, Object> phases = new LinkedHashMap<>();
    r.byPhase().forEach((ph, c) -> phases.put(name(ph), changeJson(c)));
    m.put("phases", phases);
    return m;
  }

  private static Map<String, Object> changeJson(PairedChange c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("n", c.n());
    m.put("meanChange", finite(c.meanChange()));
    m.put("standardError", finite(c.standardError()));
    return m;
  }

  private static void printChanges(List<PairedChange.Report> changes, List<HeldoutScore.Report> shippedReports) {
    System.out.printf("%nchange of the absolute error against the shipped networks (paired; negative: better)%n");
    System.out.printf("%-6s %-16s %5s %9s %8s%n", "plies", "phase", "n", "change", "± SE");
    for (int i = 0; i < changes.size(); i++) {
      PairedChange.Report r = changes.get(i);
      for (Map.Entry<Phase, PairedChange> e : r.byPhase().entrySet()) changeRow(r.plies(), name(e.getKey()), e.getValue());
      changeRow(r.plies(), "all", r.all());
      System.out.printf("  (shipped %d-ply: %.1f s)%n", r.plies(), shippedReports.get(i).seconds());
    }
  }

  private static void changeRow(int plies, String phase, PairedChange c) {
    System.out.printf("%-6d %-16s %5d %+9.4f %8.4f%n", plies, phase, c.n(), c.meanChange(), c.standardError());
  }

  private static Double finite(double x) {
    return Double.isFinite(x) ? x : null;
  }

  private static void print(List<HeldoutScore.Report> reports) {
    System.out.printf("%-6s %-16s %5s %8s %8s %8s %8s%n", "plies", "phase", "n", "MAE", "± SE", "bias", "rollout");
    for (HeldoutScore.Report r : reports) {
      for (Map.Entry<Phase, ErrorStats> e : r.byPhase().entrySet()) row(r.plies(), name(e.getKey()), e.getValue());
      row(r.plies(), "all", r.all());
      System.out.printf("  (%d-ply: %.1f s)%n", r.plies(), r.seconds());
    }
  }

  private static void row(int plies, String phase, ErrorStats s) {
    System.out.printf("%-6d %-16s %5d %8.4f %8.4f %+8.4f %8.4f%n", plies, phase, s.n(), s.meanAbsError(),
        s.standardError(), s.meanError(), s.rolloutError());
  }

  private static String name(Phase p) {
    return p.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  private static int fail(String message) {
    System.err.println("tabla heldout: " + message);
    return 2;
  }
}
