// A timing loop for docs/measurements/2026-11-28-contact-net-play.md (not built with the project; see timing-loop.txt).
package tabla.bot.eval;

import java.io.InputStream;
import java.nio.file.*;
import java.util.*;
import tabla.core.*;

public final class Prof {
  static final java.lang.management.ThreadMXBean T = java.lang.management.ManagementFactory.getThreadMXBean();
  public static void main(String[] a) throws Exception {
    Evaluator fitted;
    try (InputStream in = Files.newInputStream(Path.of(a[0]))) { fitted = Evaluator.read(in).withBearoff(); }
    Evaluator shipped = Evaluator.bundled();
    SplittableRandom r = new SplittableRandom(7);
    PlayGenerator gen = new PlayGenerator();
    List<Position> ps = new ArrayList<>();
    Position p = Position.START;
    while (ps.size() < 4000) {
      int n = gen.generate(p, 1 + r.nextInt(6), 1 + r.nextInt(6));
      Position next = n == 0 ? p : gen.result(r.nextInt(n));
      if (next.mover(0) > 0 || next.opponent(0) > 0 || next.isRace()) { p = Position.START; continue; }
      ps.add(next);
      p = next.swap();
    }
    Position[] arr = ps.toArray(new Position[0]);
    Features f = new Features(ContactNet.COUNT);
    float[] out = new float[5];
    for (int rep = 0; rep < 12; rep++) {
      long t0 = T.getCurrentThreadCpuTime(); int s = 0;
      for (int k = 0; k < 10; k++) for (Position q : arr) { f.size = 0; ContactNet.encodeExtra(q, f); s += f.size; }
      long t1 = T.getCurrentThreadCpuTime();
      for (int k = 0; k < 10; k++) for (Position q : arr) { f.encode(q); s += f.size; }
      long t2 = T.getCurrentThreadCpuTime();
      Evaluator.Scratch ss = shipped.scratch(), fs = fitted.scratch();
      for (int k = 0; k < 10; k++) for (Position q : arr) { shipped.evaluate(q, ss, out); }
      long t3 = T.getCurrentThreadCpuTime();
      for (int k = 0; k < 10; k++) for (Position q : arr) { fitted.evaluate(q, fs, out); }
      long t4 = T.getCurrentThreadCpuTime();
      // incremental: each position a base, the plays of 6-5
      Evaluator.Incremental si = shipped.incremental(), fi = fitted.incremental();
      long plays = 0;
      long t5 = T.getCurrentThreadCpuTime();
      for (Position q : arr) { si.base(q); int n = gen.generate(q, 6, 3); for (int i = 0; i < n; i++) si.afterPlay(gen.result(i), out); plays += n; }
      long t6 = T.getCurrentThreadCpuTime();
      for (Position q : arr) { fi.base(q); int n = gen.generate(q, 6, 3); for (int i = 0; i < n; i++) fi.afterPlay(gen.result(i), out); }
      long t7 = T.getCurrentThreadCpuTime();
      double N = 10.0 * arr.length;
      System.out.printf("encodeExtra %.0f ns, board encode %.0f ns, eval shipped %.0f ns, fitted %.0f ns; afterPlay shipped %.0f ns, fitted %.0f ns (incl. generate+result) %d%n",
          (t1 - t0) / N, (t2 - t1) / N, (t3 - t2) / N, (t4 - t3) / N, (t6 - t5) / (double) plays, (t7 - t6) / (double) plays, s);
    }
  }
}
