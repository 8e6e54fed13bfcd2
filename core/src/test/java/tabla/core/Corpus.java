package tabla.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the legal-play corpora of ../shared/corpus (made by GNU Backgammon). */
public final class Corpus {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One corpus line: a position, a roll, and gnubg's sorted result IDs (with its move strings if any). */
  public record Entry(String file, int line, String positionId, int d1, int d2, List<String> plays,
      List<List<String>> moves) {
    public String name() {
      return file + ":" + line + " " + positionId + " " + d1 + "-" + d2;
    }
  }

  private Corpus() {}

  public static Path shared() {
    String prop = System.getProperty("tabla.shared");
    Path p = prop != null ? Path.of(prop) : Path.of("../shared");
    if (!Files.isDirectory(p)) p = Path.of("../../shared");
    return p;
  }

  /** Every *.jsonl file of ../shared/corpus. */
  public static List<Path> files() {
    try (var s = Files.list(shared().resolve("corpus"))) {
      List<Path> files = s.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList();
      if (files.isEmpty()) throw new IllegalStateException("no corpus files under " + shared());
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the corpus under " + shared().toAbsolutePath(), e);
    }
  }

  public static List<Entry> read(Path file) {
    List<Entry> out = new ArrayList<>();
    try {
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).isBlank()) continue;
        JsonNode n = JSON.readTree(lines.get(i));
        List<String> plays = new ArrayList<>();
        n.get("plays").forEach(p -> plays.add(p.asText()));
        List<List<String>> moves = new ArrayList<>();
        if (n.has("moves")) {
          n.get("moves").forEach(m -> moves.add(List.of(m.get(0).asText(), m.get(1).asText())));
        }
        out.add(new Entry(file.getFileName().toString(), i + 1, n.get("positionId").asText(),
            n.get("dice").get(0).asInt(), n.get("dice").get(1).asInt(), plays, moves));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  public static List<Entry> all() {
    List<Entry> all = new ArrayList<>();
    for (Path f : files()) all.addAll(read(f));
    return all;
  }
}
