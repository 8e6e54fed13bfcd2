package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs a `tabla` command in this JVM and gives what it printed on standard output; the command must succeed. */
final class Printed {
  private Printed() {}

  static String stdout(String... args) {
    PrintStream was = System.out;
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
    int rc;
    try {
      rc = Main.run(args);
    } finally {
      System.setOut(was);
    }
    String text = buf.toString(StandardCharsets.UTF_8);
    assertThat(rc).as(text).isZero();
    return text;
  }
}
