package tabla.core.match;

import java.util.List;
import java.util.Optional;
import tabla.core.Result;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * A named set of rule options as a federation, a site or a country's text plays them (issue 11: "a
 * preset is just a set of options"). Options that apply to matches only (Crawford, Holland) or to money
 * play only (Jacoby, beavers, automatic doubles) are kept apart, so a preset gives valid rules for any
 * length; the players still choose the length and, where the preset names several, the variant.
 *
 * @param name the key used in the API ({@code "preset"}) and the CLI ({@code --preset})
 * @param title the name shown to people
 * @param source where its options come from (the texts in {@code docs/rules/sources/}; docs/rules/README.md cites
 *     each option)
 * @param variants the variants it is played with, the default first
 * @param match its options for a match (of {@code match.matchLength()} points unless told otherwise)
 * @param money its options for money play
 * @param defaultLength the length played when none is chosen (0: money play)
 * @param lengths the match lengths its text offers (BrainKing: 3, 5 … 21); empty when any length 1..25 is played
 */
public record Preset(String name, String title, String source, List<Variant> variants, Rules match, Rules money,
    int defaultLength, List<Integer> lengths) {

  /** The rules of this preset for {@code length} points (0: money) and its default variant. */
  public Result<Rules> rules(int length) {
    return rules(length, variants.get(0));
  }

  /**
   * The rules of this preset for {@code length} points (0: money) and {@code variant}, or why not. The
   * variant is one of the preset's, with any of its named options ({@code nardy:draw=on}).
   */
  public Result<Rules> rules(int length, Variant variant) {
    if (variants.stream().noneMatch(v -> base(v).equals(base(variant)))) {
      return Result.err("the " + title + " preset is played with " + String.join(", ",
          variants.stream().map(Variant::name).toList()) + ", not " + variant.name());
    }
    if (length != 0 && !lengths.isEmpty() && !lengths.contains(length)) {
      return Result.err("the " + title + " preset plays matches of " + String.join(", ",
          lengths.stream().map(String::valueOf).toList()) + " points, not " + length);
    }
    Rules base = length == 0 ? money : match.toBuilder().matchLength(length).build();
    return base.toBuilder().variant(variant).build().validate();
  }

  /** A variant's name without its options. */
  private static String base(Variant v) {
    return v.name().split(":", 2)[0];
  }

  /** Every preset, in the order the lobby shows them. */
  public static List<Preset> all() {
    return ALL;
  }

  public static Optional<Preset> byName(String name) {
    return ALL.stream().filter(p -> p.name.equalsIgnoreCase(name == null ? "" : name.trim())).findFirst();
  }

  /** A preset by name, or an error listing the known ones. */
  public static Result<Preset> parse(String name) {
    return byName(name).map(Result::ok).orElseGet(() -> Result.err("unknown preset '" + name + "'; known: "
        + String.join(", ", ALL.stream().map(Preset::name).toList())));
  }

  private static final List<Preset> ALL = List.of(
      preset("wbf", "WBF (international)",
          "bg-wbf-official-rules.txt: the roll-off dice are played, cube up to 64, Crawford rule; money play without"
              + " Jacoby",
          Rules.match(7), Rules.money().toBuilder().jacoby(false).build(), 7, "backgammon"),
      preset("brainking", "BrainKing",
          "bg-brainking-backgammon.txt: matches of 3 to 21 points with the cube up to 64 and the Crawford rule;"
              + " no double when one point from victory",
          Rules.match(5), Rules.money().toBuilder().jacoby(false).build(), 5, "backgammon")
          .withLengths(List.of(3, 5, 7, 9, 11, 13, 15, 17, 19, 21)),
      preset("serbian-tavla", "Serbian Tavla",
          "sr-tavla-rules.txt: backgammon (\"do dobijenih pet poena\": to 5) with the cube, Crawford and Holland"
              + " rules in matches, Jacoby in money play, and ×4 for a backgammon with a checker on the bar",
          Rules.match(5).toBuilder().holland(true).barBackgammonTimesFour(true).build(),
          Rules.money().toBuilder().barBackgammonTimesFour(true).build(), 5, "backgammon"),
      preset("italian", "Italian short backgammon",
          "it-short-and-long-backgammon.txt: no hit-and-hide (\"È vietato: uccidi il pezzo dell'avversario e"
              + " 'nasconditi'\"), no gammon with the cube (\"con 'dave', non c'è 'marte'\"), so no"
              + " Jacoby rule; money play with automatic doubles (limited by agreement: 1 here), beaver (\"castoro\","
              + " refusable: \"perdi la puntata già raddoppiata\"); no raccoons (the text names none)",
          Rules.match(7).toBuilder().noGammonWithCube(true).build(), Rules.money().toBuilder().jacoby(false)
              .noGammonWithCube(true).beavers(true).beaverRefusable(true).automaticDoubles(1).build(), 0,
          "backgammon:hithide=forbidden", "backgammon"),
      preset("czech", "Czech",
          "cs-backgammon-rules.txt: the loser of the roll-off moves first (5.1), count scoring 4/3/2/1 per losing"
              + " checker (10.10); the text has no cube",
          Rules.match(7).toBuilder().cube(false).scoring(Rules.Scoring.COUNT).opening(Rules.Opening.LOSER_MOVES_FIRST)
              .build(),
          Rules.money().toBuilder().cube(false).jacoby(false).scoring(Rules.Scoring.COUNT)
              .opening(Rules.Opening.LOSER_MOVES_FIRST).build(), 0, "backgammon"),
      preset("turkish-tavla", "Turkish Tavla",
          "docs/rules/variants.md (Wikipedia \"Tavla\"): no hit-and-run in the home board, 1 or 2 points, no cube, the"
              + " roll-off winner rolls again; matches usually to 5",
          Rules.match(5), Rules.money(), 5, "tavla"),
      preset("greek-tavli", "Greek Tavli",
          "docs/rules/variants.md (Tavli rules): Portes, Plakoto and Fevga, 1 or 2 points, no cube, the roll-off winner rolls"
              + " again, and the winner of a game starts the next; to 5 here (players agree the length)",
          Rules.match(5).toBuilder().nextGame(Rules.NextGame.WINNER).build(),
          Rules.money().toBuilder().nextGame(Rules.NextGame.WINNER).build(), 5, "portes", "plakoto", "fevga"),
      preset("long-nardy", "Long Nardy",
          "it-short-and-long-backgammon.txt §1–§4 (docs/rules/variants.md): head and block rules, the 6-6/4-4/3-3"
              + " first-roll exception, mars 2, no cube, the roll-off winner rolls both dice; with the draw option"
              + " (nardy:draw=on, §4.3) a draw scores 1-1; each later game is started by the previous game's second"
              + " player (§1.4)",
          Rules.match(5).toBuilder().drawPoints(1).nextGame(Rules.NextGame.ALTERNATE).build(),
          Rules.money().toBuilder().drawPoints(1).nextGame(Rules.NextGame.ALTERNATE).build(), 5, "nardy"));

  private static Preset preset(String name, String title, String source, Rules match, Rules money,
      int defaultLength, String... variants) {
    List<Variant> vs = java.util.Arrays.stream(variants).map(Variants::of).toList();
    Variant first = vs.get(0);
    return new Preset(name, title, source, vs, match.toBuilder().variant(first).build(),
        money.toBuilder().variant(first).build(), defaultLength, List.of());
  }

  /** This preset limited to the match lengths its text offers. */
  private Preset withLengths(List<Integer> offered) {
    return new Preset(name, title, source, variants, match, money, defaultLength, List.copyOf(offered));
  }
}
