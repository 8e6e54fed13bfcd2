import java.nio.file.*;
import java.sql.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.concurrent.locks.LockSupport;

/** Throw-away: two writers on one H2 file database, one of them interrupted every 0-2 ms. */
public class H2Interrupts {
  public static void main(String[] a) throws Exception {
    String prefix = a[0];            // file:  retry:file:  async:file:
    long seconds = Long.parseLong(a[1]);
    boolean interrupt = !a[2].equals("none");
    Path dir = Files.createTempDirectory("h2int");
    String tail = ";AUTO_SERVER=FALSE;DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0;CACHE_SIZE=4096";
    String url = "jdbc:h2:" + prefix + dir.resolve("t") + tail;
    Connection holder = DriverManager.getConnection(url, "sa", "");
    holder.createStatement().execute("CREATE TABLE t(w INT, id BIGINT, v VARCHAR(200), PRIMARY KEY (w, id))");
    List<Set<Long>> acked = List.of(ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet());
    AtomicInteger failures = new AtomicInteger();
    AtomicReference<String> closedBy = new AtomicReference<>();
    Map<String, Integer> errors = new ConcurrentHashMap<>();
    AtomicBoolean run = new AtomicBoolean(true);
    Thread[] writers = new Thread[2];
    for (int w = 0; w < 2; w++) {
      int ww = w;
      writers[w] = new Thread(() -> {
        try (Connection c = DriverManager.getConnection(url, "sa", "");
             PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?)")) {
          String pad = "x".repeat(150);
          for (long i = 0; run.get(); i++) {
            try {
              ps.setInt(1, ww); ps.setLong(2, i); ps.setString(3, pad);
              ps.executeUpdate();
              acked.get(ww).add(i);
            } catch (SQLException e) {
              if (failures.incrementAndGet() == 1 || String.valueOf(e.getMessage()).contains("sleep")) {
                Throwable r = e; while (r.getCause() != null) r = r.getCause();
                System.out.println("FIRST/SLEEP: " + e.getMessage().split("\n")[0]);
                for (StackTraceElement el : r.getStackTrace()) System.out.println("   at " + el);
                Throwable x = e; while (x != null) { System.out.println("  cause " + x); x = x.getCause(); }
              }
              errors.merge(e.getErrorCode() + " " + String.valueOf(e.getMessage()).split("\n")[0].replaceAll("\\[.*", ""), 1, Integer::sum);
              if (e.getErrorCode() == 90098 || e.getErrorCode() == 90121 || e.getErrorCode() == 90067) {
                closedBy.compareAndSet(null, "writer " + ww + ": " + e.getMessage().split("\n")[0]);
                return;
              }
            }
          }
        } catch (SQLException e) {
          closedBy.compareAndSet(null, "writer " + ww + " (close): " + e.getMessage().split("\n")[0]);
        }
      }, "writer-" + w);
    }
    long t0 = System.nanoTime();
    for (Thread t : writers) t.start();
    Random rnd = new Random(1);
    long interrupts = 0;
    long end = t0 + seconds * 1_000_000_000L;
    while (System.nanoTime() < end && closedBy.get() == null) {
      if (interrupt) { writers[0].interrupt(); interrupts++; }
      LockSupport.parkNanos(50_000 + rnd.nextInt(2_000_000));
    }
    run.set(false);
    for (Thread t : writers) t.join(10_000);
    double secs = (System.nanoTime() - t0) / 1e9;
    try { holder.close(); } catch (SQLException e) { System.out.println("holder close: " + e.getMessage().split("\n")[0]); }
    // reopened with the plain file system: every acknowledged insert must be there
    long missing = 0, rows = 0;
    try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + dir.resolve("t") + tail, "sa", "")) {
      Set<String> have = new HashSet<>();
      try (ResultSet rs = c.createStatement().executeQuery("SELECT w, id FROM t")) {
        while (rs.next()) { have.add(rs.getInt(1) + ":" + rs.getLong(2)); rows++; }
      }
      for (int w = 0; w < 2; w++) for (long id : acked.get(w)) if (!have.contains(w + ":" + id)) missing++;
    }
    System.out.printf("%s interrupts=%s %.1fs: acked %d (interrupted writer) + %d (other) = %.0f/s, failures %d, "
        + "interrupts sent %d, closed: %s; reopened: %d rows, %d acknowledged missing%n  errors: %s%n",
        prefix, interrupt, secs, acked.get(0).size(), acked.get(1).size(), (acked.get(0).size() + acked.get(1).size()) / secs,
        failures.get(), interrupts, closedBy.get() == null ? "no" : closedBy.get(), rows, missing, errors);
  }
}
