package tabla.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * Legal plays for many positions: lines {@code POSITIONID D1 D2} in, one JSON line out for each.
 * Blank lines and lines starting with # are skipped; a bad line gets an error record and the tool
 * goes on.
 */
@Command(
    name = "moves",
    description = {
      "Read lines 'POSITIONID D1 D2' from standard input and write one JSON line per input line:",
      "{\"positionId\":…,\"dice\":[d1,d2],\"plays\":[{\"move\":\"24/18 13/11\",\"positionId\":…},…]}",
      "Result IDs are from the mover's side (not swapped), sorted; \"plays\":[] means the roll must be passed.",
      "A bad line gives {\"input\":…,\"error\":…}."
    })
final class MovesCommand implements Callable<Integer> {
  @picocli.CommandLine.Option(names = "--variant", description = "a variant, with options if any (default backgammon): "
      + "see README; positions of variants gnubg's Position ID cannot hold use Tabla's position ID (T…)")
  String variant = "backgammon";

  @Override
  public Integer call() throws IOException {
    Reader in = new InputStreamReader(System.in, StandardCharsets.UTF_8);
    Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
    var v = tabla.core.variant.Variants.parse(variant);
    if (!v.isOk()) {
      System.err.println("tabla moves: " + v.error());
      return 2;
    }
    run(in, out, v.get());
    return 0;
  }

  static void run(Reader input, Writer out) throws IOException {
    run(input, out, tabla.core.variant.Variants.STANDARD);
  }

  static void run(Reader input, Writer out, tabla.core.variant.Variant variant) throws IOException {
    BufferedReader in = new BufferedReader(input, 1 << 16);
    MovesLine lines = new MovesLine(variant);
    JsonGenerator json = new JsonFactory().createGenerator(out)
        .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
        .disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
    json.setRootValueSeparator(null);
    for (String line; (line = in.readLine()) != null; ) {
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) continue;
      lines.write(trimmed, json);
      json.writeRaw('\n');
      // Answer at once when a person types; batch when input is piped.
      if (!in.ready()) {
        json.flush();
        out.flush();
      }
    }
    json.close();
    out.flush();
  }
}
