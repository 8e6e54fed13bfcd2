package tabla.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.bot.eval.ContactNet;
import tabla.bot.eval.Evaluator;
import tabla.bot.eval.Network;
import tabla.bot.eval.Phase;
import tabla.coach.fit.LabelFile;
import tabla.coach.fit.SelfPlayPositions;
import tabla.coach.fit.SupervisedFit;
import tabla.coach.heldout.ErrorStats;
import tabla.coach.heldout.HeldoutScore;
import tabla.coach.heldout.HeldoutSet;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.format.PositionId;

/**
 * Fits a contact network with the contact inputs ({@link ContactNet}) to n-ply targets of self-play positions, the
 * held-out positions excluded, and scores it on the held-out rollouts after every epoch.
 */
@Command(name = "fit", mixinStandardHelpOptions = true,
    description = {"Fit a contact network with the contact inputs to n-ply targets of 0-ply self-play positions (the"
        + " held-out positions excluded by ID), starting from the shipped contact network; after each epoch its 0-ply"
        + " error on the held-out rollouts by phase. The same options give the same weights on any --threads."})
final class FitCommand implements Callable<Integer> {
  @Option(names = "--games", description = "self-play games to draw contact positions from (default 1000)") int games = 1000;
  @Option(names = "--seed", description = "dice and order seed (default 1; the held-out set was drawn with 90001)")
  long seed = 1;
  @Option(names = "--label-plies", description = "targets looked 0, 1 or 2 rolls ahead (default 1)") int plies = 1;
  @Option(names = "--epochs", description = "passes over the positions (default 10)") int epochs = 10;
  @Option(names = "--rate", description = "learning rate (default 0.01)") float rate = 0.01f;
  @Option(names = "--threads", description = "labelling threads (default: every core)")
  int threads = Runtime.getRuntime().availableProcessors();
  @Option(names = "--heldout", description = "rollouts to score on (default docs/measurements/2026-11-27-heldout-rollouts.jsonl)")
  Path heldout = Path.of("docs/measurements/2026-11-27-heldout-rollouts.jsonl");
  @Option(names = "--exclude", description = "gnubg IDs never to train on, one a line, # comments (default"
      + " docs/measurements/2026-11-27-heldout-positions.txt; the --heldout positions are excluded too)")
  Path exclude = Path.of("docs/measurements/2026-11-27-heldout-positions.txt");
  @Option(names = "--out", description = "the fitted networks as a weights file (the fitted contact network and the"
      + " shipped race network, as `tabla heldout --weights` and the players read it), written after every epoch"
      + " (default contact-net.bin.gz)")
  Path out = Path.of("contact-net.bin.gz");
  @Option(names = "--labels", description = "a labelled-positions file (gzip when it ends .gz): read when it exists,"
      + " instead of drawing and labelling --games; otherwise written once the labels are made, so that a fit can be"
      + " run again without paying for them") Path labels;
  @Option(names = "--more-hidden", description = "hidden units to add to the start network (default 0): new units with"
      + " output weights 0, so the fit starts where the network was") int moreHidden;
  @Option(names = "--base", description = "the networks that play the self-play games, make the labels and whose"
      + " contact network the fit starts from (a weights file; default the shipped ones): to make a shipped file again"
      + " from the one before it") Path base;
  @Option(names = "--start", description = "a weights file whose contact network to go on from (e.g. an earlier --out);"
      + " default the shipped contact network widened") Path start;

  /** Runs alone (java -cp … tabla.cli.FitCommand): core, bot, coach, picocli and Jackson, no server classes. */
  public static void main(String[] args) {
    System.exit(new picocli.CommandLine(new FitCommand()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (plies < 0 || plies > 2) return fail("--label-plies must be 0, 1 or 2");
    if (games < 1 || epochs < 0 || !(rate > 0)) return fail("--games ≥ 1, --epochs ≥ 0 and --rate > 0, please");
    if (moreHidden < 0 || moreHidden > 512) return fail("--more-hidden lies in 0..512");
    if (!Files.isRegularFile(heldout)) return fail(heldout + ": no such file");
    if (!Files.isRegularFile(exclude)) return fail(exclude + ": no such file");
    if (start != null && !Files.isRegularFile(start)) return fail(start + ": no such file");
    Result<List<HeldoutSet.Entry>> set;
    try (Reader in = Files.newBufferedReader(heldout, StandardCharsets.UTF_8)) {
      set = HeldoutSet.read(in);
    }
    if (!set.isOk()) return fail(heldout + ": " + set.error());
    Set<String> excluded = new HashSet<>();
    for (String line : Files.readAllLines(exclude)) {
      String id = line.strip();
      if (!id.isEmpty() && !id.startsWith("#")) excluded.add(id);
    }
    for (HeldoutSet.Entry e : set.get()) excluded.add(e.id());

    if (WeightsFile.problem(base) != null) return fail(WeightsFile.problem(base));
    Evaluator eval = base == null ? Evaluator.bundled() : WeightsFile.orShipped(base);
    SupervisedFit.Labelled data;
    if (labels != null && Files.isRegularFile(labels)) {
      Result<SupervisedFit.Labelled> read;
      try (Reader in = reader(labels)) {
        read = LabelFile.read(in);
      }
      if (!read.isOk()) return fail(labels + ": " + read.error());
      data = read.get();
      for (Position p : data.positions()) {
        if (excluded.contains(PositionId.encode(p))) return fail(labels + ": holds held-out position " + PositionId.encode(p));
      }
      System.err.printf("fit: %d labelled positions read from %s%n", data.positions().size(), labels);
    } else {
      data = labelNew(eval, excluded);
      if (labels != null) {
        Path tmp = labels.resolveSibling(labels.getFileName() + ".tmp");
        try (Writer w = writer(tmp)) {
          LabelFile.write(data, String.format(Locale.ROOT, "tabla fit --games %d --seed %d --label-plies %d%n"
              + "%d contact positions of 0-ply self-play, held-out IDs of %s and %s excluded; then ID and the"
              + " shipped evaluator's %d-ply probabilities: win, win gammon, win backgammon, lose gammon, lose backgammon",
              games, seed, plies, data.positions().size(), exclude, heldout, plies), w);
        }
        Files.move(tmp, labels, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.err.println("fit: wrote the labels to " + labels);
      }
    }

    Evaluator from = eval;
    if (start != null) {
      try (InputStream in = Files.newInputStream(start)) {
        from = Evaluator.read(in);
      }
    }
    ContactNet net = ContactNet.widen(from, moreHidden, seed);
    System.err.printf("fit: a contact network of %d hidden units%n", net.hidden());
    report(0, Double.NaN, net, eval, set.get());
    checkpoint(eval.withContact(net));
    for (int e = 1; e <= epochs; e++) {
      double mse = SupervisedFit.epoch(net, data, rate, seed * 1_000_003L + e);
      report(e, mse, net, eval, set.get());
      checkpoint(eval.withContact(net));
    }
    System.err.println("fit: wrote " + out);
    return 0;
  }

  private SupervisedFit.Labelled labelNew(Evaluator eval, Set<String> excluded) throws Exception {
    long t0 = System.nanoTime();
    List<Position> positions = SelfPlayPositions.collect(eval, games, seed, excluded);
    System.err.printf("fit: %d contact positions from %d games (%.1f s); labelling at %d-ply on %d threads%n",
        positions.size(), games, secondsSince(t0), plies, threads);
    long t1 = System.nanoTime();
    SupervisedFit.Labelled data = SupervisedFit.label(eval, positions, plies, threads,
        done -> System.err.printf("\rfit: labelled %d/%d (%.0f/s)   ", done, positions.size(), done / secondsSince(t1)));
    System.err.printf("%nfit: labelled in %.1f s%n", secondsSince(t1));
    return data;
  }

  private static Reader reader(Path p) throws IOException {
    InputStream in = Files.newInputStream(p);
    if (p.toString().endsWith(".gz")) in = new GZIPInputStream(in);
    return new InputStreamReader(in, StandardCharsets.UTF_8);
  }

  private static Writer writer(Path p) throws IOException {
    OutputStream out = Files.newOutputStream(p);
    if (p.toString().replaceAll("\\.tmp$", "").endsWith(".gz")) out = new GZIPOutputStream(out);
    return new OutputStreamWriter(out, StandardCharsets.UTF_8);
  }

  /** Writes {@code fitted} to --out through a temporary file, so that a fit stopped mid-write leaves the last epoch's. */
  private void checkpoint(Evaluator fitted) throws IOException {
    Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
    try (OutputStream os = Files.newOutputStream(tmp)) {
      fitted.write(os);
    }
    Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static void report(int epoch, double mse, ContactNet net, Evaluator eval, List<HeldoutSet.Entry> set) {
    Network.Scratch s = net.scratch();
    Evaluator.Scratch es = eval.scratch();
    HeldoutScore.Report r = HeldoutScore.score(set, 0, p -> SupervisedFit.equity(net, s, eval, es, p));
    StringBuilder line = new StringBuilder(String.format("epoch %3d  train MSE %.5f  held-out 0-ply MAE", epoch, mse));
    for (Phase ph : Phase.values()) {
      ErrorStats st = r.byPhase().get(ph);
      line.append(String.format("  %s %.4f±%.4f", ph.name().toLowerCase(java.util.Locale.ROOT), st.meanAbsError(),
          st.standardError()));
    }
    line.append(String.format("  all %.4f±%.4f", r.all().meanAbsError(), r.all().standardError()));
    System.out.println(line);
  }

  private static double secondsSince(long t) {
    return (System.nanoTime() - t) / 1e9;
  }

  private static int fail(String message) {
    System.err.println("tabla fit: " + message);
    return 2;
  }
}
