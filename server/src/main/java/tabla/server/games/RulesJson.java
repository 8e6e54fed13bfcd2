package tabla.server.games;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import tabla.core.Result;
import tabla.core.match.Preset;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.Json;

/**
 * Match options as JSON: what the client sends, laid over the defaults of a match or money play, or of
 * a named preset ({@code "preset": "serbian-tavla"}, see {@link Preset}); options the client names win.
 */
public final class RulesJson {
  private RulesJson() {}

  public static Rules read(JsonNode node) {
    if (node == null || node.isNull()) return Rules.match(1);
    if (!node.isObject()) throw Refused.invalid("'rules' must be an object");
    JsonNode len = node.get("matchLength");
    if (len != null && !len.isInt()) throw Refused.invalid("'matchLength' must be a whole number");
    JsonNode variant = node.get("variant");
    if (variant != null && !variant.isNull() && !variant.isTextual()) {
      throw Refused.invalid("'variant' must be a name like \"fevga\" or \"race:entry=all-first\"");
    }
    Variant named = variant == null || variant.isNull() ? null : ok(Variants.parse(variant.asText()));
    Rules base = base(node.get("preset"), len, named);
    ObjectNode merged = Json.MAPPER.valueToTree(base);
    merged.remove("money"); // derived from matchLength, not an option
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (e.getKey().equals("preset")) continue;
      if (!merged.has(e.getKey())) throw Refused.invalid("unknown rule option '" + e.getKey() + "'");
      // The variant was laid over the base with what it brings (its opening, no cube); an explicit option still wins.
      if (!e.getKey().equals("variant")) merged.set(e.getKey(), e.getValue());
    }
    Rules rules;
    try {
      rules = Json.MAPPER.treeToValue(merged, Rules.class);
    } catch (Exception e) {
      throw Refused.invalid("bad rule options: " + e.getMessage().lines().findFirst().orElse(""));
    }
    return ok(rules.validate());
  }

  /** The preset's rules, or a match (money play for length 0), for the length and variant asked. */
  private static Rules base(JsonNode preset, JsonNode len, Variant variant) {
    if (preset != null && !preset.isNull()) {
      if (!preset.isTextual()) throw Refused.invalid("'preset' must be a name like \"wbf\"");
      Preset p = ok(Preset.parse(preset.asText()));
      int length = len == null ? p.defaultLength() : len.asInt();
      return ok(p.rules(length, variant == null ? p.variants().get(0) : variant));
    }
    int length = len == null ? 1 : len.asInt();
    Rules base = length == 0 ? Rules.money() : Rules.match(Math.max(length, 1));
    return variant == null ? base : base.toBuilder().variant(variant).build();
  }

  private static <T> T ok(Result<T> r) {
    if (!r.isOk()) throw Refused.invalid(r.error());
    return r.get();
  }

  public static Rules read(String json) {
    try {
      return Json.MAPPER.readValue(json, Rules.class);
    } catch (Exception e) {
      throw new IllegalStateException("stored rules unreadable: " + json, e);
    }
  }

  public static String write(Rules rules) {
    return Json.write(rules);
  }
}
