package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules docs' tables of variants and of their options (docs/rules/variants.md) name exactly what the code has. */
class ReadmeVariantsTableTest {
  private static List<String[]> rows(List<String> lines, String header) {
    List<String[]> rows = new ArrayList<>();
    int i = lines.indexOf(header);
    assertThat(i).as("docs/rules/variants.md has the table starting '%s'", header).isNotNegative();
    for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
      String[] cells = lines.get(i).split("\\|");
      String[] trimmed = new String[cells.length - 1];
      for (int c = 1; c < cells.length; c++) trimmed[c - 1] = cells[c].trim();
      rows.add(trimmed);
    }
    return rows;
  }

  private static String code(String cell) {
    int a = cell.indexOf('`');
    return cell.substring(a + 1, cell.indexOf('`', a + 1));
  }

  @Test
  void everyVariantAndOptionIsInTheReadmeAsTheCodeHasIt() throws Exception {
    List<String> lines = Files.readAllLines(Path.of("..", "docs", "rules", "variants.md"));
    List<String> named = new ArrayList<>();
    for (String[] r : rows(lines, "| variant | set-up | differences | source | checked against |")) named.add(code(r[0]));
    List<String> names = Variants.all().stream().map(Variant::name).toList();
    assertThat(named).containsExactlyInAnyOrderElementsOf(names);

    Map<String, List<String>> documented = new LinkedHashMap<>();
    for (String[] r : rows(lines, "| variant | option | values (default first) | default's source | other value's source |")) {
      List<String> values = new ArrayList<>();
      for (String v : r[2].split(",")) values.add(code(v));
      documented.put(code(r[0]) + ":" + code(r[1]), values);
    }
    Map<String, List<String>> inCode = new LinkedHashMap<>();
    for (Variant v : Variants.all()) v.optionChoices().forEach((k, vals) -> inCode.put(v.name() + ":" + k, vals));
    assertThat(documented).isEqualTo(inCode);
  }
}
