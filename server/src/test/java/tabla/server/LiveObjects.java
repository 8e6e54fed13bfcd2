package tabla.server;

import java.lang.management.ManagementFactory;
import javax.management.ObjectName;

/** What is reachable now: the JVM's class histogram after a full collection (jcmd's). */
public final class LiveObjects {
  private LiveObjects() {}

  /** How many objects of a class are reachable. */
  public static long count(String className) {
    return row(className)[0];
  }

  /** How many bytes the reachable objects of a class take ("[C" for char[]; "Total" for the whole heap). */
  public static long bytes(String className) {
    return row(className)[1];
  }

  /** {instances, bytes} of one row of the histogram, or zeros when the class has no live object. */
  private static long[] row(String className) {
    try {
      String histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(
          new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
          new Object[] {new String[0]}, new String[] {String[].class.getName()});
      // rows: "  12:   345   6789  java.lang.String (java.base@17)", and last "Total   345   6789"
      for (String line : histogram.split("\n")) {
        String[] f = line.trim().split("\\s+");
        if (f.length >= 4 && f[3].equals(className)) return new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])};
        if (f.length == 3 && f[0].equals(className)) return new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])};
      }
      return new long[2];
    } catch (Exception e) {
      throw new IllegalStateException("no class histogram: " + e, e);
    }
  }
}
