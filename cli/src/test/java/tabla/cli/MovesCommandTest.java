package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ./tabla moves} end to end, in process: every corpus record, and bad input. */
class MovesCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static List<JsonNode> run(String input) throws IOException {
    StringWriter out = new StringWriter();
    MovesCommand.run(new StringReader(input), out);
    List<JsonNode> records = new ArrayList<>();
    for (String line : out.toString().split("\n")) {
      if (!line.isEmpty()) records.add(JSON.readTree(line));
    }
    return records;
  }

  /** The corpora live with the core module's tests; Maven runs this test in the cli folder. */
  static Path corpus() {
    return Path.of("../core/src/test/resources/corpus");
  }

  @Test
  void everyCorpusRecordGivesGnubgsPlaysInOrder() throws IOException {
    List<JsonNode> expected = new ArrayList<>();
    StringBuilder input = new StringBuilder();
    for (String file : List.of("standard_movegen.jsonl", "validation_plays.jsonl")) {
      for (String line : Files.readAllLines(corpus().resolve(file))) {
        JsonNode r = JSON.readTree(line);
        expected.add(r);
        input.append(r.get("positionId").asText()).append(' ')
            .append(r.get("dice").get(0)).append(' ').append(r.get("dice").get(1)).append('\n');
      }
    }
    List<JsonNode> got = run(input.toString());
    assertThat(got).hasSameSizeAs(expected);
    int mismatches = 0;
    for (int i = 0; i < got.size(); i++) {
      List<String> ids = new ArrayList<>();
      got.get(i).get("plays").forEach(p -> ids.add(p.get("positionId").asText()));
      List<String> want = new ArrayList<>();
      expected.get(i).get("plays").forEach(p -> want.add(p.asText()));
      if (!ids.equals(want)) mismatches++;
      assertThat(got.get(i).get("positionId").asText()).isEqualTo(expected.get(i).get("positionId").asText());
      got.get(i).get("plays").forEach(p -> assertThat(p.get("move").asText()).isNotBlank());
    }
    assertThat(mismatches).as("records whose plays differ from gnubg's").isZero();
  }

  @Test
  void writesTheDocumentedShape() throws IOException {
    StringWriter out = new StringWriter();
    MovesCommand.run(new StringReader("4HPwATDgc/ABMA 6 5\n"), out);
    assertThat(out.toString()).startsWith(
        "{\"positionId\":\"4HPwATDgc/ABMA\",\"dice\":[6,5],\"plays\":[{\"move\":").endsWith("]}\n");
    assertThat(run("4HPwATDgc/ABMA 6 5\n").get(0).get("plays")).hasSize(7);
  }

  @Test
  void aPassIsAnEmptyList() throws IOException {
    // Closed board against a checker on the bar (validation corpus).
    JsonNode r = run("27YBBwDg/wcAQA 6 5\n").get(0);
    assertThat(r.get("plays")).isEmpty();
  }

  @Test
  void badLinesGetAnErrorAndTheToolGoesOn() throws IOException {
    List<JsonNode> r = run("""
        nonsense
        4HPwATDgc/ABMA 7 1
        4HPwATDgc/ABMA x 1
        4HPwATDgc/ABM! 3 1
        ////////////// 3 1

        # a comment
        4HPwATDgc/ABMA 3 1
        """);
    assertThat(r).hasSize(6);
    for (int i = 0; i < 5; i++) {
      assertThat(r.get(i).has("error")).isTrue();
      assertThat(r.get(i).get("input").asText()).isNotEmpty();
      assertThat(r.get(i).get("error").asText()).isNotBlank();
    }
    assertThat(r.get(0).get("error").asText()).contains("POSITIONID D1 D2");
    assertThat(r.get(1).get("error").asText()).contains("between 1 and 6");
    assertThat(r.get(5).get("plays")).hasSize(16);
  }
}
