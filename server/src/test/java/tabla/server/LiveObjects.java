package tabla.server;

import java.lang.management.ManagementFactory;
import javax.management.ObjectName;

/** How many objects of a class are reachable now: the JVM's class histogram after a full collection (jcmd's). */
public final class LiveObjects {
  private LiveObjects() {}

  public static long count(String className) {
    try {
      String histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(
          new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
          new Object[] {new String[0]}, new String[] {String[].class.getName()});
      // rows: "  12:   345   6789  java.lang.String (java.base@17)"
      for (String line : histogram.split("\n")) {
        String[] f = line.trim().split("\\s+");
        if (f.length >= 4 && f[3].equals(className)) return Long.parseLong(f[1]);
      }
      return 0;
    } catch (Exception e) {
      throw new IllegalStateException("no class histogram: " + e, e);
    }
  }
}
