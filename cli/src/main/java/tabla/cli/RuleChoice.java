package tabla.cli;

import tabla.core.Result;
import tabla.core.match.Preset;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * The rules a command plays under, from its {@code --preset}, {@code --match} and {@code --variant}: a
 * named preset's options (see {@code Preset}), or a plain match or money play; the variant brings what
 * it needs (its opening, no cube where it has none) through {@code Rules.Builder.variant}.
 */
final class RuleChoice {
  private RuleChoice() {}

  /**
   * @param preset a preset's name, or null
   * @param length points, 0 for money play; null for the preset's (or the command's) default
   * @param variant the variant's name with options, or null for the preset's (or backgammon)
   * @param defaultLength the command's own default length when there is no preset
   */
  static Result<Rules> of(String preset, Integer length, String variant, int defaultLength) {
    if (HELP.equals(preset)) return Result.err(HELP);
    Result<Variant> v = variant == null ? null : Variants.parse(variant);
    if (v != null && !v.isOk()) return Result.err(v.error());
    if (preset != null) {
      return Preset.parse(preset).flatMap(p -> p.rules(length == null ? p.defaultLength() : length,
          v == null ? p.variants().get(0) : v.get()));
    }
    int n = length == null ? defaultLength : length;
    Rules base = n == 0 ? Rules.money() : Rules.match(n);
    return base.toBuilder().variant(v == null ? Variants.STANDARD : v.get()).build().validate();
  }

  /**
   * How a command ends when {@link #of} gave no rules: 0 after listing the presets ({@code --preset help}),
   * else 2 after the reason.
   */
  static int refuse(String command, Result<Rules> chosen) {
    if (HELP.equals(chosen.error())) {
      System.out.print(list());
      return 0;
    }
    System.err.println("tabla " + command + ": " + chosen.error());
    return 2;
  }

  private static final String HELP = "help";

  /** Every preset with its options in words, for {@code --preset help}. */
  static String list() {
    StringBuilder sb = new StringBuilder();
    for (Preset p : Preset.all()) {
      Rules r = p.rules(p.defaultLength()).get();
      sb.append(String.format("%-14s %s: %s%n", p.name(), p.title(), String.join(", ", r.summary())));
    }
    return sb.toString();
  }
}
