package tabla.core.variant;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tabla.core.Result;

/** The variants by name. */
public final class Variants {
  public static final Variant STANDARD = new Standard();
  private static final Map<String, Variant> BY_NAME = new LinkedHashMap<>();
  /** Every variant parsed so far, by its full name; bounded by the variants' finite option values. */
  private static final Map<String, Variant> CANONICAL = new java.util.concurrent.ConcurrentHashMap<>();

  static {
    for (Variant v : List.of(STANDARD, new Nackgammon(), new Hypergammon(), new Portes(), new Anti(), new Race(),
        new Crowded(), new Cloning(), new AceyDeucey(), new Plakoto(), new Tavla(), new Fevga(), new LongNardy(),
        new GulBara(), new Grasshopper())) {
      BY_NAME.put(v.name(), v);
      CANONICAL.put(v.name(), v);
    }
  }

  /** Other names of a variant: Tapa is the Bulgarian Plakoto (rules.md §1.9). */
  private static final Map<String, String> ALIASES = Map.of("tapa", "plakoto");

  private Variants() {}

  /**
   * The variant a name (with options, "race:entry=all-first") names, or why there is none. The same
   * variant is always the same instance, so rules holding variants compare by what they play.
   */
  public static Result<Variant> parse(String spec) {
    if (spec == null || spec.isBlank()) return Result.err("no variant named");
    String s = spec.trim().toLowerCase();
    int colon = s.indexOf(':');
    String name = colon < 0 ? s : s.substring(0, colon);
    Variant base = BY_NAME.get(ALIASES.getOrDefault(name, name));
    if (base == null) return Result.err("unknown variant '" + name + "'; known: " + String.join(", ", BY_NAME.keySet()));
    return Options.parse(colon < 0 ? "" : s.substring(colon + 1)).flatMap(base::withOptions)
        .map(v -> CANONICAL.computeIfAbsent(v.name(), k -> v));
  }

  public static Optional<Variant> byName(String name) {
    Result<Variant> r = parse(name);
    return r.isOk() ? Optional.of(r.get()) : Optional.empty();
  }

  /** A variant known by this name; throws for an unknown one (parse names that come from outside). */
  public static Variant of(String name) {
    Result<Variant> r = parse(name);
    if (!r.isOk()) throw new IllegalArgumentException(r.error());
    return r.get();
  }

  public static List<Variant> all() {
    return List.copyOf(BY_NAME.values());
  }
}
