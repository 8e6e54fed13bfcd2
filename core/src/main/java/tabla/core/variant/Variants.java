package tabla.core.variant;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The variants by name. */
public final class Variants {
  public static final Variant STANDARD = new Standard();
  private static final Map<String, Variant> BY_NAME = new LinkedHashMap<>();

  static {
    for (Variant v : List.of(STANDARD, new Nackgammon(), new Hypergammon(), new Portes(), new Anti())) BY_NAME.put(v.name(), v);
  }

  private Variants() {}

  public static Optional<Variant> byName(String name) {
    return Optional.ofNullable(name == null ? null : BY_NAME.get(name.toLowerCase()));
  }

  /** A variant known by this name; throws for an unknown one (names are checked when rules are made). */
  public static Variant of(String name) {
    return byName(name).orElseThrow(() -> new IllegalArgumentException("unknown variant '" + name + "'"));
  }

  public static List<Variant> all() {
    return List.copyOf(BY_NAME.values());
  }
}
