package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.match.Rules;

/** --preset, --match and --variant of play and selfplay. */
class RuleChoiceTest {
  @Test
  void aPresetGivesItsOptions_theLengthAndVariantMayBeChosen() {
    Rules serbian = RuleChoice.of("serbian-tavla", null, null, 7).get();
    assertThat(serbian.matchLength()).isEqualTo(5);
    assertThat(serbian.holland() && serbian.barBackgammonTimesFour()).isTrue();
    assertThat(RuleChoice.of("serbian-tavla", 0, null, 7).get().jacoby()).isTrue();
    Rules plakoto = RuleChoice.of("greek-tavli", 3, "plakoto", 7).get();
    assertThat(plakoto.variant().name()).isEqualTo("plakoto");
    assertThat(plakoto.opening()).isEqualTo(Rules.Opening.WINNER_REROLLS);
    assertThat(RuleChoice.of("greek-tavli", 3, "nardy", 7).error()).contains("portes, plakoto, fevga");
    assertThat(RuleChoice.of("nope", null, null, 7).error()).contains("unknown preset");
    assertThat(RuleChoice.list()).contains("serbian-tavla").contains("Holland");
  }

  @Test
  void withoutAPreset_theVariantBringsItsRules() {
    Rules fevga = RuleChoice.of(null, null, "fevga", 7).get();
    assertThat(fevga.matchLength()).isEqualTo(7);
    assertThat(fevga.cube()).isFalse();
    assertThat(fevga.opening()).isEqualTo(Rules.Opening.WINNER_REROLLS);
    assertThat(RuleChoice.of(null, 0, null, 1).get().isMoney()).isTrue();
    assertThat(RuleChoice.of(null, null, "chess", 1).error()).contains("unknown variant");
    assertThat(RuleChoice.of("help", null, null, 1).error()).isEqualTo("help");
  }
}
