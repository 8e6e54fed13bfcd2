package tabla.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the legal-play corpora of src/test/resources/corpus (made by GNU Backgammon; see its README). */
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

  /** The corpus folder, from the classpath (the core module's test resources). */
  public static Path dir() {
    try {
      var url = Corpus.class.getResource("/corpus/standard_movegen.jsonl");
      if (url == null) throw new IllegalStateException("no corpus/standard_movegen.jsonl on the test classpath");
      return Path.of(url.toURI()).getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One corpus file by name, e.g. "standard_movegen.jsonl". */
  public static List<Entry> read(String name) {
    return read(dir().resolve(name));
  }

  /** Every *.jsonl file of the corpus folder. */
  public static List<Path> files() {
    try (var s = Files.list(dir())) {
      List<Path> files = s.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList();
      if (files.isEmpty()) throw new IllegalStateException("no corpus files under " + dir());
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the corpus under " + dir(), e);
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
