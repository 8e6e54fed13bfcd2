package tabla.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tabla.core.Position;
import tabla.core.format.PositionId;

/** The 1,000 positions and rolls of core/src/test/resources/corpus/standard_movegen.jsonl. */
final class CorpusPositions {
  static final int COUNT = 1000;
  private static final Pattern RECORD =
      Pattern.compile("\"positionId\": *\"([^\"]+)\", *\"dice\": *\\[(\\d), *(\\d)\\]");

  final Position[] positions = new Position[COUNT];
  final int[] die1 = new int[COUNT];
  final int[] die2 = new int[COUNT];

  CorpusPositions() {
    Path file = Path.of(System.getProperty("tabla.corpus", "core/src/test/resources/corpus"), "standard_movegen.jsonl");
    try {
      List<String> lines = Files.readAllLines(file);
      if (lines.size() != COUNT) throw new IllegalStateException(file + " should hold " + COUNT + " records");
      for (int i = 0; i < COUNT; i++) {
        Matcher m = RECORD.matcher(lines.get(i));
        if (!m.find()) throw new IllegalStateException("cannot read line " + (i + 1) + " of " + file);
        positions[i] = PositionId.decode(m.group(1)).get();
        die1[i] = Integer.parseInt(m.group(2));
        die2[i] = Integer.parseInt(m.group(3));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("run from the repository root, or set -Dtabla.corpus", e);
    }
  }
}
