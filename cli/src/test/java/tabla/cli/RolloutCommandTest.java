package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tabla.bot.eval.Evaluator;

/** `tabla rollout --weights`: the trials are played by the networks of the file given, the shipped ones by default. */
class RolloutCommandTest {
  static final String[] ROLLOUT = {"rollout", "4HPwATDgc/ABMA", "--trials", "72", "--threads", "1", "--quiet"};

  @Test
  void theShippedWeightsFromAFileRollOutAsTheDefaultAndOtherWeightsDiffer(@TempDir Path dir) throws Exception {
    Path shipped = dir.resolve("shipped.bin.gz");
    try (InputStream in = Evaluator.class.getResourceAsStream(Evaluator.RESOURCE)) {
      Files.copy(in, shipped);
    }
    Path widened = dir.resolve("widened.bin.gz");
    Evaluator trained = Evaluator.bundled();
    try (var out = Files.newOutputStream(widened)) {
      trained.withContact(tabla.bot.eval.ContactNet.widen(trained)).write(out);
    }
    Path fitted = Path.of("../docs/measurements/2026-11-27-contact-fit/experimental-contact-1ply-g10000.bin.gz");
    assertThat(fitted).isRegularFile();
    String plain = run(ROLLOUT);
    assertThat(plain).contains("cubeless");
    assertThat(run(with(ROLLOUT, "--weights", shipped.toString()))).isEqualTo(plain);
    // The widened contact net evaluates as the shipped one but is read through the contact inputs: same results.
    assertThat(run(with(ROLLOUT, "--weights", widened.toString()))).isEqualTo(plain);
    assertThat(run(with(ROLLOUT, "--weights", fitted.toString()))).isNotEqualTo(plain).contains("cubeless");
    assertThat(Main.run(with(ROLLOUT, "--weights", dir.resolve("none.bin.gz").toString()))).isEqualTo(2);
  }

  static String[] with(String[] a, String... more) {
    String[] r = java.util.Arrays.copyOf(a, a.length + more.length);
    System.arraycopy(more, 0, r, a.length, more.length);
    return r;
  }

  static String run(String... args) {
    return Printed.stdout(args).replaceAll("[0-9.]+ s\\b.*", ""); // the time taken varies
  }
}
