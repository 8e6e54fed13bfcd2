package tabla.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import tabla.core.Result;
import tabla.core.match.Match;
import tabla.core.record.MatFormat;
import tabla.core.record.MatchRecord;
import tabla.core.record.RecordInfo;
import tabla.core.record.SgfFormat;
import tabla.core.record.TablaFormat;

/** Reading and writing match records by file extension: .sgf (GM[6]), .mat (Jellyfish) or .tabla (every variant). */
final class RecordFiles {
  private RecordFiles() {}

  static Result<MatchRecord> read(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    return switch (extension(file)) {
      case "sgf" -> SgfFormat.read(text);
      case "mat", "txt" -> MatFormat.read(text);
      case "tabla" -> TablaFormat.read(text);
      default -> Result.err(file + ": unknown record format (use .sgf, .mat or .tabla)");
    };
  }

  static Result<String> format(Path file, Match match, RecordInfo info) {
    return switch (extension(file)) {
      case "sgf" -> SgfFormat.write(match, info);
      case "mat", "txt" -> MatFormat.write(match, info);
      case "tabla" -> Result.ok(TablaFormat.write(match, info));
      default -> Result.err(file + ": unknown record format (use .sgf, .mat or .tabla)");
    };
  }

  static String extension(Path file) {
    String n = file.getFileName().toString();
    int dot = n.lastIndexOf('.');
    return dot < 0 ? "" : n.substring(dot + 1).toLowerCase();
  }

  /** FILE.ext → FILE-0007.ext, for the k-th of many files. */
  static Path numbered(Path file, int k) {
    String n = file.getFileName().toString();
    int dot = n.lastIndexOf('.');
    String name = dot < 0 ? n + String.format("-%04d", k) : n.substring(0, dot) + String.format("-%04d", k) + n.substring(dot);
    return file.resolveSibling(name);
  }
}
