package tabla.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import tabla.bot.Bots;
import tabla.bot.eval.Evaluator;

/**
 * The one reading of a {@code --weights} option: a weights file as {@code tabla train} or {@code tabla fit} writes it,
 * played as the bot plays (with the bear-off database), or the shipped networks when none is given.
 */
final class WeightsFile {
  private WeightsFile() {}

  /** Why {@code file} cannot be read, or null when it can (or is not given). */
  static String problem(Path file) {
    return file == null || Files.isRegularFile(file) ? null : file + ": no such file";
  }

  static Evaluator orShipped(Path file) throws IOException {
    if (file == null) return Bots.standard();
    try (InputStream in = Files.newInputStream(file)) {
      return Evaluator.read(in).withBearoff();
    }
  }
}
