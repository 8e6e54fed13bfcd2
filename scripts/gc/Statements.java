// JDBI's statements in a JFR recording (jdbi.statement events) between FROM and TO seconds after its start, by count:
//   java scripts/gc/Statements.java server.jfr FROM TO
import jdk.jfr.consumer.*;
import java.nio.file.*;
import java.util.*;
public class Statements {
  public static void main(String[] a) throws Exception {
    double from = Double.parseDouble(a[1]), to = Double.parseDouble(a[2]);
    Map<String, long[]> by = new HashMap<>(); long t0 = -1; long n = 0;
    try (RecordingFile f = new RecordingFile(Path.of(a[0]))) {
      while (f.hasMoreEvents()) {
        RecordedEvent e = f.readEvent(); long t = e.getStartTime().toEpochMilli(); if (t0 < 0) t0 = t;
        if (!e.getEventType().getName().equals("jdbi.statement")) continue;
        double s = (t - t0) / 1000.0; if (s < from || s > to) continue;
        long[] c = by.computeIfAbsent(e.getString("sql"), k -> new long[2]); c[0]++; c[1] += e.getDuration().toNanos(); n++;
      }
    }
    System.out.println("statements " + n);
    by.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue()[0], x.getValue()[0])).limit(20)
      .forEach(x -> System.out.printf("%7d  %8.1f ms  %s%n", x.getValue()[0], x.getValue()[1] / 1e6, x.getKey().replaceAll("\\s+", " ").substring(0, Math.min(150, x.getKey().length()))));
  }
}
