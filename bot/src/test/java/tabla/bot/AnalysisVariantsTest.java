package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.bot.variant.VariantPlayer;
import tabla.core.dice.SeededDice;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.core.variant.Variants;

/** The analysis judges only games it has an evaluation good enough for, says what it measures, and refuses the others. */
class AnalysisVariantsTest {
  @Test
  void theBackgammonFamilyAndTheVariantsWithNetworksAreAnalysed() {
    for (String v : new String[] {"backgammon", "nackgammon", "hypergammon", "portes", "nardy", "nardy:bearoff=exact", "plakoto", "tapa", "plakoto:mother=1", "fevga", "tavla", "tavla:hitrun=anywhere", "gulbara"}) {
      assertThat(Analysis.unsupported(Variants.of(v))).as(v).isNull();
    }
    for (String v : new String[] {"anti", "race", "grasshopper", "hypergammon:checkers=2"}) {
      assertThat(Analysis.unsupported(Variants.of(v))).as(v).contains("analysis is available for backgammon");
    }
    assertThat(Analysis.measures(Variants.of("nardy"))).contains("points per game", "mars", "nardy network", "no cube");
    assertThat(Analysis.measures(Variants.of("plakoto"))).contains("points per game", "mother pin", "plakoto network", "no cube");
    assertThat(Analysis.measures(Variants.of("tavla"))).contains("points per game", "mars", "tavla network", "no cube");
    assertThat(Analysis.measures(Variants.of("backgammon"))).contains("EMG");
  }

  @Test
  void aLongNardyGameIsJudgedByItsNetwork() {
    judgedByItsNetwork("nardy");
  }

  @Test
  void aPlakotoGameIsJudgedByItsNetwork() {
    judgedByItsNetwork("plakoto");
  }

  @Test
  void fevgaAndTavlaGamesAreJudgedByTheirNetworks() {
    judgedByItsNetwork("fevga");
    judgedByItsNetwork("tavla");
  }

  @Test
  void aGulBaraGameIsJudgedByItsNetworkPlaysOnDoublesIncluded() {
    assertThat(Analysis.measures(Variants.of("gulbara"))).contains("points per game", "mars", "gulbara network", "no cube");
    judgedByItsNetwork("gulbara");
  }

  private static void judgedByItsNetwork(String variant) {
    Rules rules = Rules.money().toBuilder().variant(variant).cube(false).jacoby(false).build();
    // Player 0 plays the network's own 0-ply choice, so the 0-ply analysis finds no error of his.
    Player net = new VariantPlayer(Bots.variantEvaluation(Variants.of(variant)), 0, 1, 0, 0, 0);
    Match m = SelfPlay.play(rules, net, new RandomPlayer(2, 0, 1), new SeededDice(3), 1);
    Analysis.Report r = Analysis.analyse(m, 0);
    assertThat(r.decisions()).hasSizeGreaterThan(20);
    assertThat(r.decisions()).allSatisfy(d -> assertThat(d.loss()).isGreaterThanOrEqualTo(0));
    assertThat(r.cubeDecisions()).isEmpty();
    assertThat(r.errorRate(0)).isLessThan(1e-6);
    assertThat(r.errorRate(1)).as("a random player's errors, mEMG per move").isGreaterThan(20);
  }
}
