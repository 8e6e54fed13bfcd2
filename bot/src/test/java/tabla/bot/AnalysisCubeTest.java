package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.core.Dice;
import tabla.core.match.Action;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** The analysis judges cube actions: an early double and its drop are both errors, the drop a big one. */
class AnalysisCubeTest {
  private static final SearchPlayer ENGINE = new SearchPlayer(Evaluator.bundled(), 8, 0.16);

  private static Match play(Rules rules) {
    Match m = Match.start(rules).get();
    m = m.apply(new Action.RollOff(3, 1)).get(); // player 0 opens with 3-1
    m = m.apply(new Action.Move(ENGINE.best(m.game().legalPlays()))).get();
    m = m.apply(new Action.Roll(new Dice(2, 1))).get(); // player 1 replies
    m = m.apply(new Action.Move(ENGINE.best(m.game().legalPlays()))).get();
    m = m.apply(new Action.Double()).get(); // player 0 doubles at once …
    return m.apply(new Action.Drop()).get(); // … and player 1 drops a trivial take
  }

  @Test
  void aDroppedEarlyDoubleIsABlunderInMoneyPlay() {
    Analysis.Report r = Analysis.analyse(play(Rules.money().toBuilder().jacoby(false).build()), ENGINE, 0);
    List<Analysis.CubeDecision> cubes = r.cubeDecisions();
    Analysis.CubeDecision dbl = cubes.stream().filter(c -> c.player() == 0).findFirst().orElseThrow();
    Analysis.CubeDecision drop = cubes.stream().filter(c -> c.kind().equals("take")).findFirst().orElseThrow();
    assertThat(dbl.action()).isEqualTo("double");
    assertThat(dbl.best()).isEqualTo("no double");
    assertThat(dbl.loss()).isGreaterThan(0.1);
    assertThat(drop.player()).isEqualTo(1);
    assertThat(drop.action()).isEqualTo("drop");
    assertThat(drop.best()).isEqualTo("take");
    assertThat(drop.loss()).isGreaterThan(0.5); // a pass gives 1 per cube; the take costs far less
    assertThat(r.cubeErrorRate(1)).isGreaterThan(400);
    // Player 1's own first turn (it could have doubled, far from it) is not a cube decision.
    assertThat(r.cubeCount()[1]).isEqualTo(1);
    assertThat(r.overallErrorRate(1)).isGreaterThan(r.errorRate(1));
  }

  @Test
  void theSameInAMatchInMatchEquityTerms() {
    Analysis.Report r = Analysis.analyse(play(Rules.match(7)), ENGINE, 0);
    Analysis.CubeDecision drop = r.cubeDecisions().stream().filter(c -> c.kind().equals("take")).findFirst().orElseThrow();
    assertThat(drop.best()).isEqualTo("take");
    assertThat(drop.loss()).isGreaterThan(0.5);
  }
}
