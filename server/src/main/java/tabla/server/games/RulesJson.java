package tabla.server.games;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import tabla.core.Result;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;
import tabla.server.http.ApiError;
import tabla.server.http.Json;

/** Match options as JSON: what the client sends, laid over the defaults of a match or money play. */
public final class RulesJson {
  private RulesJson() {}

  public static Rules read(JsonNode node) {
    if (node == null || node.isNull()) return Rules.match(1);
    if (!node.isObject()) throw ApiError.badRequest("'rules' must be an object");
    JsonNode len = node.get("matchLength");
    if (len != null && !len.isInt()) throw ApiError.badRequest("'matchLength' must be a whole number");
    int length = len == null ? 1 : len.asInt();
    Rules base = length == 0 ? Rules.money() : Rules.match(Math.max(length, 1));
    JsonNode variant = node.get("variant");
    // The variant's own opening (Tavla's and Plakoto's re-roll) unless the client names one.
    if (variant != null && variant.isTextual() && !node.has("opening")) base = base.toBuilder().variant(variant.asText()).build();
    ObjectNode merged = Json.MAPPER.valueToTree(base);
    merged.remove("money"); // derived from matchLength, not an option
    if (variant != null && variant.isTextual()) {
      Result<Variant> v = Variants.parse(variant.asText());
      if (!v.isOk()) throw ApiError.badRequest(v.error());
      // A variant without the cube turns it off, with what needs it, unless the client says otherwise.
      if (!v.get().cubeAllowed()) {
        for (String k : new String[] {"cube", "jacoby", "beavers", "raccoons"}) if (!node.has(k)) merged.put(k, false);
        if (!node.has("automaticDoubles")) merged.put("automaticDoubles", 0);
      }
    } else if (variant != null && !variant.isNull()) {
      throw ApiError.badRequest("'variant' must be a name like \"fevga\" or \"race:entry=all-first\"");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!merged.has(e.getKey())) throw ApiError.badRequest("unknown rule option '" + e.getKey() + "'");
      merged.set(e.getKey(), e.getValue());
    }
    // one name per variant ("Backgammon" and "backgammon" are one game): its canonical name, with its options
    if (variant != null && variant.isTextual()) merged.put("variant", Variants.parse(variant.asText()).get().name());
    Rules rules;
    try {
      rules = Json.MAPPER.treeToValue(merged, Rules.class);
    } catch (Exception e) {
      throw ApiError.badRequest("bad rule options: " + e.getMessage().lines().findFirst().orElse(""));
    }
    Result<Rules> ok = rules.validate();
    if (!ok.isOk()) throw ApiError.badRequest(ok.error());
    return rules;
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
