package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.variant.Variants;

/** The analysis judges only games its networks understand, and says why it refuses the others. */
class AnalysisVariantsTest {
  @Test
  void onlyTheBackgammonFamilyWithBackgammonsObjectiveIsAnalysed() {
    for (String v : new String[] {"backgammon", "nackgammon", "hypergammon", "portes"}) {
      assertThat(Analysis.unsupported(Variants.of(v))).as(v).isNull();
    }
    for (String v : new String[] {"anti", "race", "plakoto", "fevga", "grasshopper", "hypergammon:checkers=2"}) {
      assertThat(Analysis.unsupported(Variants.of(v))).as(v).contains("analysis is available for backgammon");
    }
  }
}
