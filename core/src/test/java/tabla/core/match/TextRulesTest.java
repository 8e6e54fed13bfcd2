package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Issue 25: six places where the engine said more or less than the texts it was built from
 * ({@code docs/rules/sources/}); one test per difference, each quoting its text. The decisions taken
 * where a text had to be read are in {@code docs/rules/README.md}, "Decisions".
 */
class TextRulesTest {

  /**
   * Difference 6. BrainKing: "Срещата може да бъде обявена като игра до 3, 5, 7, 9, 11, 13, 15, 17, 19 или
   * 21 точки" (a match is to 3, 5 … 21 points), so its preset offers those lengths only; the Italian text
   * names beavers ("Castoro") and never a raccoon, so its preset has none.
   */
  @Test
  void presets_sayWhatTheirTextSays_brainKingLengthsAndNoItalianRaccoons() {
    Preset brainking = Preset.parse("brainking").get();
    assertThat(brainking.rules(4).error()).contains("3, 5, 7, 9, 11, 13, 15, 17, 19, 21 points, not 4");
    assertThat(brainking.rules(23).error()).contains("not 23");
    assertThat(brainking.rules(1).isOk()).isFalse();
    for (int n = 3; n <= 21; n += 2) assertThat(brainking.rules(n).get().matchLength()).isEqualTo(n);
    assertThat(brainking.rules(0).isOk()).as("money play is not a match length").isTrue();
    assertThat(brainking.lengths()).containsExactly(3, 5, 7, 9, 11, 13, 15, 17, 19, 21);
    assertThat(Preset.parse("wbf").get().rules(4).isOk()).as("the other texts name no lengths").isTrue();

    Rules italian = Preset.parse("italian").get().rules(0).get();
    assertThat(italian.raccoons()).isFalse();
    assertThat(italian.beavers() && italian.beaverRefusable()).isTrue();
  }
}
