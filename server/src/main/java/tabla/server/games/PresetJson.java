package tabla.server.games;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.match.Preset;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;

/**
 * The named rule presets for GET /api/presets, each shown expanded: its rules for a match and for money
 * play (the RULES object of docs/api.md, as the lobby sends it back with {@code "preset"}) and the same
 * options in words.
 */
final class PresetJson {
  private PresetJson() {}

  static List<Map<String, Object>> all() {
    return Preset.all().stream().map(PresetJson::describe).toList();
  }

  private static Map<String, Object> describe(Preset p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", p.name());
    m.put("title", p.title());
    m.put("source", p.source());
    m.put("variants", p.variants().stream().map(Variant::name).toList());
    m.put("defaultLength", p.defaultLength());
    m.put("lengths", p.lengths()); // empty: any length 1..25
    m.put("match", expanded(p.rules(p.match().matchLength()).get()));
    m.put("money", expanded(p.rules(0).get()));
    return m;
  }

  /** The rules, and their options as message keys (the page says them in its language) with their numbers. */
  private static Map<String, Object> expanded(Rules r) {
    return Map.of("rules", r, "summary", r.summary(),
        "terms", r.terms().stream().map(s -> Map.of("key", s.term().key(), "n", s.n())).toList());
  }
}
