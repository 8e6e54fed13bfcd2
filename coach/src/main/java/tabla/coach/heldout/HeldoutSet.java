package tabla.coach.heldout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.format.ToRoll;

/**
 * The held-out benchmark (docs/measurements/2026-11-27-heldout-rollouts.jsonl): positions never trained on, each with
 * its cubeless rollout equity and that equity's standard error, one JSON object a line as {@code ./tabla rollout
 * --json} writes them ({@code "position"}, {@code "equity": [value, standard error]}).
 */
public final class HeldoutSet {
  /** At most this many positions: the set is a few hundred; a bigger file is not the benchmark. */
  static final int MAX_POSITIONS = 100_000;

  private HeldoutSet() {}

  /** One held-out position: its ID as written, the position (the player on roll about to roll), the rollout. */
  public record Entry(String id, Position position, double equity, double standardError) {}

  /** Every entry of the lines of {@code in}; blank lines skipped; the first bad line refuses the whole file. */
  public static Result<List<Entry>> read(Reader in) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<Entry> out = new ArrayList<>();
    BufferedReader lines = new BufferedReader(in);
    int no = 0;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      no++;
      if (line.isBlank()) continue;
      if (out.size() == MAX_POSITIONS) return Result.err("more than " + MAX_POSITIONS + " positions");
      Result<Entry> e = entry(json, line);
      if (!e.isOk()) return Result.err("line " + no + ": " + e.error());
      out.add(e.get());
    }
    if (out.isEmpty()) return Result.err("no positions");
    return Result.ok(out);
  }

  private static Result<Entry> entry(ObjectMapper json, String line) {
    JsonNode n;
    try {
      n = json.readTree(line);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return Result.err("not JSON (" + e.getOriginalMessage() + ")");
    }
    JsonNode id = n.get("position");
    JsonNode eq = n.get("equity");
    if (id == null || !id.isTextual()) return Result.err("no \"position\" ID");
    if (eq == null || !eq.isArray() || eq.size() != 2 || !eq.get(0).isNumber() || !eq.get(1).isNumber()) {
      return Result.err("\"equity\" must be [value, standard error]");
    }
    double value = eq.get(0).asDouble();
    double se = eq.get(1).asDouble();
    if (!(Math.abs(value) <= 3) || !(se >= 0)) return Result.err("equity " + value + " ± " + se + " is out of range");
    return ToRoll.fromId(id.asText()).map(g -> new Entry(id.asText(), g.position(), value, se));
  }
}
