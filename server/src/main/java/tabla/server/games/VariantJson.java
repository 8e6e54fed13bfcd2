package tabla.server.games;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.Position;
import tabla.core.variant.Grasshopper;
import tabla.core.variant.Plakoto;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * What the web board and the lobby need to know about a variant beyond the 26-cell sides: its
 * geometry, whether it has dice and a cube, whether the computer gives hints and analyses it, and how to read the extras of its positions (the pool,
 * Plakoto's pins, Grasshopper's scores). GET /api/variants lists these for every variant.
 */
public final class VariantJson {
  private VariantJson() {}

  /** The variant's base name, without options ("race:entry=all-first" → "race"). */
  public static String base(Variant v) {
    String n = v.name();
    int colon = n.indexOf(':');
    return colon < 0 ? n : n.substring(0, colon);
  }

  /** Described variants by name: a variant's description never changes, and every snapshot carries it. */
  private static final Map<String, Map<String, Object>> DESCRIBED = new java.util.concurrent.ConcurrentHashMap<>();
  /** Bound of {@link #DESCRIBED}: far more than the variants and their options make; beyond it nothing is kept. */
  static final int MAX_DESCRIBED = 512;

  /**
   * {@link #describe} made once per variant (read-only): a snapshot built for every event of every game asked for
   * it again, a few maps and lists each time.
   */
  static Map<String, Object> described(Variant v) {
    Map<String, Object> m = DESCRIBED.get(v.name());
    if (m != null) return m;
    m = java.util.Collections.unmodifiableMap(describe(v));
    if (DESCRIBED.size() < MAX_DESCRIBED) DESCRIBED.put(v.name(), m);
    return m;
  }

  /** A variant as the lobby lists it: options with their choices (the default first). */
  public static Map<String, Object> describe(Variant v) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", v.name());
    m.put("geometry", v.geometry().name());
    m.put("usesDice", v.usesDice());
    m.put("cube", v.cubeAllowed());
    m.put("checkers", v.checkers());
    m.put("pool", v.start().moverPool() > 0);
    m.put("pins", isPlakoto(v));
    // the computer's hints and the analysis after a match judge plays by networks this variant must have
    m.put("analysis", tabla.bot.Analysis.unsupported(v) == null);
    Map<String, List<String>> options = new LinkedHashMap<>();
    // sorted so the form shows them in the same order every time (optionChoices is an unordered Map)
    v.optionChoices().keySet().stream().sorted().forEach(k -> options.put(k, v.optionChoices().get(k)));
    m.put("options", options);
    return m;
  }

  /** Every variant, in the order of {@link Variants#all()}, with Tapa named as Plakoto's other name. */
  public static List<Map<String, Object>> all() {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Variant v : Variants.all()) {
      Map<String, Object> m = describe(v);
      if (isPlakoto(v)) m.put("aliases", List.of("tapa"));
      out.add(m);
    }
    return out;
  }

  static boolean isPlakoto(Variant v) {
    return base(v).equals("plakoto");
  }

  /**
   * Plakoto's pins, from seat 0's view of the position: [{"seat": whose checker is pinned, "point": its
   * point in that seat's own numbering}], read through core's {@link Plakoto#isPinned}.
   */
  static List<Map<String, Object>> pins(Variant v, Position seat0View) {
    List<Map<String, Object>> out = new ArrayList<>();
    if (!isPlakoto(v)) return out;
    for (int seat = 0; seat < 2; seat++) {
      for (int q = 1; q <= 24; q++) {
        if (Plakoto.isPinned(seat0View, seat == 0, q)) out.add(Map.of("seat", seat, "point", q));
      }
    }
    return out;
  }

  /** Grasshopper's scores in succession of each seat, or null in other variants. */
  static List<Integer> scored(Variant v, Position seat0View) {
    if (!(v instanceof Grasshopper)) return null;
    return List.of(Grasshopper.scores(seat0View, true), Grasshopper.scores(seat0View, false));
  }
}
