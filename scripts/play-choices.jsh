// For each position of FILE (gnubg position IDs, player on roll about to roll) and each of the 21 rolls: the bot's
// 0-ply best play and its equity, by the full evaluation and by the rollouts' incremental one, then every play's
// equity (full/incremental). Two builds' outputs compared line by line show whether an evaluator change moves a
// choice (docs/measurements/2026-11-27-rollout-speed-2.md). Run (after a build):
//   FILE=docs/measurements/2026-11-27-heldout-positions.txt OUT=/tmp/choices.txt \
//     jshell --class-path core/target/classes:bot/target/classes scripts/play-choices.jsh
import tabla.bot.eval.*;
import tabla.core.*;
import tabla.core.format.PositionId;
Evaluator eval = Evaluator.bundled();
OneSidedBearoff.get();
Evaluator.Scratch s = eval.scratch();
Evaluator.Incremental inc = eval.incremental();
PlayGenerator gen = new PlayGenerator();
float[] p = new float[5];
float[] q = new float[5];
var out = new java.io.PrintWriter(new java.io.BufferedWriter(new java.io.FileWriter(System.getenv("OUT"))));
for (String id : java.nio.file.Files.readAllLines(java.nio.file.Path.of(System.getenv("FILE")))) {
  if (id.isBlank()) continue;
  Position pos = PositionId.decode(id.trim()).get();
  for (int d1 = 1; d1 <= 6; d1++) {
    for (int d2 = d1; d2 <= 6; d2++) {
      int n = gen.generate(pos, d1, d2);
      inc.base(pos);
      double best = -9, bestInc = -9;
      String bestId = "-", bestIncId = "-";
      StringBuilder eqs = new StringBuilder();
      for (int i = 0; i < n; i++) {
        Position r = gen.result(i);
        eval.afterPlay(r, s, p);
        inc.afterPlay(r, q);
        double e = Evaluator.equity(p), ei = Evaluator.equity(q);
        if (e > best) { best = e; bestId = PositionId.encode(r); }
        if (ei > bestInc) { bestInc = ei; bestIncId = PositionId.encode(r); }
        eqs.append(String.format(" %.7f/%.7f", e, ei));
      }
      out.printf("%s %d%d %s %.7f %s %.7f%s%n", id.trim(), d1, d2, bestId, best, bestIncId, bestInc, eqs);
    }
  }
}
out.close();
/exit
