package tabla.core.variant;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.Result;

/**
 * A variant's named options where sources disagree, written after its name:
 * {@code "race:entry=all-first"}, {@code "nardy:koks=start-quarter,draw=on"}. Each option has a
 * default (documented in the variant's class and in README), and only non-default values are
 * written back, so a plain name means the defaults.
 */
public final class Options {
  private final Map<String, String> values;

  private Options(Map<String, String> values) {
    this.values = values;
  }

  public static final Options NONE = new Options(Map.of());

  /** Parses "k=v,k=v" (empty → none). */
  public static Result<Options> parse(String text) {
    Map<String, String> m = new LinkedHashMap<>();
    if (text == null || text.isBlank()) return Result.ok(NONE);
    for (String part : text.split(",")) {
      String[] kv = part.split("=", 2);
      if (kv.length != 2 || kv[0].isBlank() || kv[1].isBlank()) {
        return Result.err("options are written key=value, separated by commas; got '" + part + "'");
      }
      if (m.put(kv[0].trim().toLowerCase(), kv[1].trim().toLowerCase()) != null) {
        return Result.err("option '" + kv[0].trim() + "' is given twice");
      }
    }
    return Result.ok(new Options(Map.copyOf(m)));
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }

  public Map<String, String> values() {
    return values;
  }

  /**
   * The value of option {@code key}, one of {@code allowed} (the first is the default), or an error
   * naming the allowed values.
   */
  public Result<String> choice(String variant, String key, List<String> allowed) {
    String v = values.getOrDefault(key, allowed.get(0));
    if (!allowed.contains(v)) {
      return Result.err(variant + " option " + key + " must be one of " + String.join(", ", allowed) + "; got '" + v + "'");
    }
    return Result.ok(v);
  }

  /** An error when an option other than {@code known} is given. */
  public Result<Options> only(String variant, List<String> known) {
    for (String k : values.keySet()) {
      if (!known.contains(k)) {
        return Result.err(variant + (known.isEmpty() ? " has no options" : " options are " + String.join(", ", known))
            + "; got '" + k + "'");
      }
    }
    return Result.ok(this);
  }

  /** "name" or "name:k=v,…" with only the values that differ from the defaults (first allowed value). */
  public static String spec(String name, Map<String, String> nonDefault) {
    if (nonDefault.isEmpty()) return name;
    StringBuilder sb = new StringBuilder(name).append(':');
    nonDefault.forEach((k, v) -> sb.append(sb.charAt(sb.length() - 1) == ':' ? "" : ",").append(k).append('=').append(v));
    return sb.toString();
  }
}
