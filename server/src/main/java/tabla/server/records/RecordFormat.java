package tabla.server.records;

import java.util.Locale;
import tabla.core.Result;
import tabla.core.record.MatFormat;
import tabla.core.record.MatchRecord;
import tabla.core.record.SgfFormat;
import tabla.core.record.TablaFormat;

/** The record formats the site reads (core's parsers, which replay every play), named or told from the text. */
enum RecordFormat {
  SGF, MAT, TABLA;

  String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The format named {@code word} (sgf, mat, tabla; "txt" is a Jellyfish export), or null for none of them. */
  static RecordFormat named(String word) {
    return switch (word.strip().toLowerCase(Locale.ROOT)) {
      case "sgf" -> SGF;
      case "mat", "txt" -> MAT;
      case "tabla" -> TABLA;
      default -> null;
    };
  }

  /** The format the text is written in, by how each begins, or null when it looks like none. */
  static RecordFormat sniff(String text) {
    String t = text.stripLeading();
    if (t.startsWith("(;")) return SGF;
    if (t.startsWith(TablaFormat.MAGIC)) return TABLA;
    // Jellyfish: an optional header of ; lines, then " N point match" (0 for money)
    for (String line : t.split("\n", 200)) {
      String l = line.strip();
      if (l.isEmpty() || l.startsWith(";")) continue;
      return l.matches("\\d+ point match") ? MAT : null;
    }
    return null;
  }

  /** The match replayed, or the parser's error, which names the line. */
  Result<MatchRecord> read(String text) {
    return switch (this) {
      case SGF -> SgfFormat.read(text);
      case MAT -> MatFormat.read(text);
      case TABLA -> TablaFormat.read(text);
    };
  }
}
