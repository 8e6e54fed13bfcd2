// Allocation in a JFR recording (jdk.ObjectAllocationSample, e.g. settings=profile) between FROM and TO seconds after
// its start, by class, by the first library frame, by the nearest Tabla frame and by the chain of Tabla frames:
//   java scripts/gc/AllocationBy.java server.jfr FROM TO [TOP] [CLASS]     (CLASS: only that class, e.g. '[C')
import jdk.jfr.consumer.*;
import java.nio.file.*;
import java.util.*;
public class AllocationBy {
  public static void main(String[] a) throws Exception {
    double from = Double.parseDouble(a[1]), to = Double.parseDouble(a[2]); // seconds after recording start
    Map<String, Long> byClass = new HashMap<>(), byTabla = new HashMap<>(), byLib = new HashMap<>(), byCat = new HashMap<>(), byChain = new HashMap<>();
    long tot = 0; long t0 = -1; int n = 0;
    try (RecordingFile f = new RecordingFile(Path.of(a[0]))) {
      while (f.hasMoreEvents()) {
        RecordedEvent e = f.readEvent();
        long t = e.getStartTime().toEpochMilli();
        if (t0 < 0) t0 = t;
        if (!e.getEventType().getName().equals("jdk.ObjectAllocationSample")) continue;
        double s = (t - t0) / 1000.0; if (s < from || s > to) continue;
        if (a.length > 4 && !e.getClass("objectClass").getName().equals(a[4])) continue;
        long w = e.getLong("weight"); tot += w; n++;
        byClass.merge(e.getClass("objectClass").getName(), w, Long::sum);
        List<RecordedFrame> fr = e.getStackTrace() == null ? List.of() : e.getStackTrace().getFrames();
        String tab = "(none)", lib = "(jdk)", cat = "other";
        for (RecordedFrame x : fr) {
          String m = x.getMethod().getType().getName() + "." + x.getMethod().getName();
          if (lib.equals("(jdk)") && !m.startsWith("java.") && !m.startsWith("jdk.") && !m.startsWith("sun.")) lib = m;
          if (m.startsWith("tabla.")) { tab = m; break; }
        }
        StringBuilder chain = new StringBuilder(); int cn = 0;
        for (RecordedFrame x : fr) {
          String m = x.getMethod().getType().getName() + "." + x.getMethod().getName();
          if (m.startsWith("tabla.") && cn++ < 5) chain.append(m.replace("tabla.server.", "").replace("tabla.core.", "core.")).append(" < ");
        }
        byChain.merge(chain.toString(), w, Long::sum);
        for (RecordedFrame x : fr) {
          String m = x.getMethod().getType().getName();
          if (m.startsWith("org.h2.")) { cat = "H2"; break; }
          if (m.startsWith("com.fasterxml.")) { cat = "Jackson"; break; }
          if (m.startsWith("tabla.core.")) { cat = "tabla.core"; break; }
          if (m.startsWith("org.eclipse.jetty.")) { cat = "Jetty"; break; }
          if (m.startsWith("org.jdbi.")) { cat = "JDBI"; break; }
          if (m.startsWith("io.javalin.")) { cat = "Javalin"; break; }
          if (m.startsWith("io.micrometer.")) { cat = "Micrometer"; break; }
          if (m.startsWith("tabla.")) { cat = "tabla (own code)"; break; }
        }
        byTabla.merge(tab, w, Long::sum); byLib.merge(lib + "  <- " + tab, w, Long::sum); byCat.merge(cat, w, Long::sum);
      }
    }
    System.out.printf("samples %d, sampled bytes %.1f MB%n", n, tot / 1e6);
    int k = Integer.parseInt(a.length > 3 ? a[3] : "30");
    for (var m : List.of(Map.entry("category (first library frame from the allocation)", byCat), Map.entry("class", byClass), Map.entry("nearest tabla frame", byTabla), Map.entry("first non-JDK frame <- nearest tabla frame", byLib), Map.entry("tabla chain", byChain))) {
      System.out.println("--- " + m.getKey());
      final long T = tot;
      m.getValue().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(k)
          .forEach(x -> System.out.printf("%5.1f%%  %s%n", 100.0 * x.getValue() / T, x.getKey()));
    }
  }
}
