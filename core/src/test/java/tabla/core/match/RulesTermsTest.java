package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The options said as terms (the lobby says each in its language) and in English (the CLI). */
class RulesTermsTest {

  @Test
  void theItalianPreset_saysEveryOption_asTermsWithTheirNumbers() {
    Rules italian = Preset.byName("italian").get().rules(0).get();
    assertThat(italian.terms()).containsExactly(
        new Rules.Said(Rules.Term.CUBE_UP_TO, 64), new Rules.Said(Rules.Term.BEAVERS_REFUSABLE, 0),
        new Rules.Said(Rules.Term.AUTOMATIC_DOUBLES, 1), new Rules.Said(Rules.Term.NO_GAMMON_WITH_CUBE, 0),
        new Rules.Said(Rules.Term.LEVELS_3, 0),
        new Rules.Said(Rules.Term.OPENING_ROLL_OFF_DICE, 0));
    assertThat(italian.summary()).startsWith("backgammon:hithide=forbidden", "money play", "cube up to 64", "beavers (refusable)")
        .contains("automatic doubles (up to 1)");
  }

  @Test
  void theCzechPreset_saysCountScoringAndTheLoserFirst_withoutTheCube() {
    assertThat(Preset.byName("czech").get().rules(7).get().terms()).extracting(Rules.Said::term)
        .containsExactly(Rules.Term.NO_CUBE, Rules.Term.COUNT_SCORING, Rules.Term.OPENING_LOSER_MOVES_FIRST);
  }

  @Test
  void everyTerm_hasItsOwnMessageKey() {
    assertThat(Rules.Term.BAR_TIMES_FOUR.key()).isEqualTo("term.barTimesFour");
    assertThat(Rules.Term.LEVELS_3.key()).isEqualTo("term.levels3");
    assertThat(Arrays.stream(Rules.Term.values()).map(Rules.Term::key).distinct()).hasSize(Rules.Term.values().length);
  }
}
