// What young collections copied, from a recording with jdk.PromoteObjectInNewPLAB/OutsidePLAB on (the parallel or G1
// collector send them, the serial one does not): classes weighted by buffer size, to the survivor space and to the old
// generation, between FROM and TO seconds after its start:  java scripts/gc/Copied.java server.jfr FROM TO [TOP]
import jdk.jfr.consumer.*;
import java.nio.file.*;
import java.util.*;
/** Classes of the objects a young collection copied (Parallel's promotion events: one per new PLAB, and each object copied outside one), weighted by PLAB size; split by whether they went to the old generation. */
public class Copied {
  public static void main(String[] a) throws Exception {
    double from = Double.parseDouble(a[1]), to = Double.parseDouble(a[2]);
    Map<String, Long> surv = new HashMap<>(), ten = new HashMap<>(); long ts = 0, tt = 0, t0 = -1; int n = 0;
    try (RecordingFile f = new RecordingFile(Path.of(a[0]))) {
      while (f.hasMoreEvents()) {
        RecordedEvent e = f.readEvent(); long t = e.getStartTime().toEpochMilli(); if (t0 < 0) t0 = t;
        String name = e.getEventType().getName();
        boolean in = name.equals("jdk.PromoteObjectInNewPLAB");
        if (!in && !name.equals("jdk.PromoteObjectOutsidePLAB")) continue;
        double s = (t - t0) / 1000.0; if (s < from || s > to) continue;
        long w = in ? e.getLong("plabSize") : e.getLong("objectSize"); n++;
        String c = e.getClass("objectClass").getName();
        if (e.getBoolean("tenured")) { ten.merge(c, w, Long::sum); tt += w; } else { surv.merge(c, w, Long::sum); ts += w; }
      }
    }
    System.out.printf("events %d; weight to survivor space %.1f MB, to old %.1f MB%n", n, ts / 1e6, tt / 1e6);
    for (var m : List.of(Map.entry("survivor space", surv), Map.entry("old generation", ten))) {
      Map<String, Long> v = m.getValue(); long T = m.getKey().startsWith("s") ? ts : tt;
      System.out.println("--- " + m.getKey());
      v.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(Integer.parseInt(a[3]))
        .forEach(x -> System.out.printf("%5.1f%%  %s%n", 100.0 * x.getValue() / T, x.getKey()));
    }
  }
}
