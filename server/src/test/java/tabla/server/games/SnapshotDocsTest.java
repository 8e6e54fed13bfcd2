package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tabla.server.kernel.http.Json;

/** docs/api.md's SNAPSHOT and the records the server writes name the same fields. */
class SnapshotDocsTest {
  /** Keys documented for parts the records leave as maps (VARIANT is documented on its own; Plakoto's pins). */
  private static final Set<String> MAP_KEYS = Set.of("seat", "point");
  /** Quoted example values in lists (the actions' names), which are not fields. */
  private static final Set<String> LIST_VALUES = Set.of("roll", "double");

  @Test
  void everySnapshotFieldIsDocumentedAndEveryDocumentedFieldIsWritten() throws IOException {
    Set<String> documented = documentedKeys();
    Set<String> top = jsonNames(GameSnapshot.class);
    assertThat(documented).as("docs/api.md SNAPSHOT lists every top-level field").containsAll(top);

    Set<String> written = new LinkedHashSet<>(top);
    for (Class<?> nested : GameSnapshot.class.getDeclaredClasses()) written.addAll(jsonNames(nested));
    written.addAll(MAP_KEYS);
    assertThat(written).as("every field docs/api.md SNAPSHOT names is written by the records").containsAll(documented);
  }

  /** The JSON property names Jackson writes for a type (what the web board reads). */
  private static Set<String> jsonNames(Class<?> type) {
    BeanDescription d = Json.MAPPER.getSerializationConfig().introspect(Json.MAPPER.constructType(type));
    Set<String> names = new LinkedHashSet<>();
    for (BeanPropertyDefinition p : d.findProperties()) if (p.couldSerialize()) names.add(p.getName());
    return names;
  }

  /** The quoted names in the SNAPSHOT block that are keys: not values (after ':' or '|'), not in comments. */
  private static Set<String> documentedKeys() throws IOException {
    Path doc = Files.exists(Path.of("docs/api.md")) ? Path.of("docs/api.md") : Path.of("../docs/api.md");
    String text = Files.readString(doc);
    int start = text.indexOf("`SNAPSHOT`:\n```");
    int end = text.indexOf("```", start + 15);
    assertThat(start).as("docs/api.md has a SNAPSHOT block").isPositive();
    Set<String> keys = new LinkedHashSet<>();
    Pattern quoted = Pattern.compile("([:|]?)\\s*\"([A-Za-z]\\w*)\"");
    for (String line : List.of(text.substring(start + 15, end).split("\n"))) {
      int comment = line.indexOf("//");
      Matcher m = quoted.matcher(comment >= 0 ? line.substring(0, comment) : line);
      while (m.find()) if (m.group(1).isEmpty() && !LIST_VALUES.contains(m.group(2))) keys.add(m.group(2));
    }
    return keys;
  }
}
