package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.match.Action;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** Analyses of finished matches are kept, at most {@link Analyses#MAX_KEPT} of them however many are asked for. */
class AnalysesTest {

  @Test
  void theAnalysesKeptAreBoundedAndAKeptOneIsNotComputedAgain() {
    Analyses analyses = new Analyses();
    Match m = shortMatch();
    Analyses.View first = analyses.of(0, m);
    assertThat(first.plies()).isEqualTo(Analyses.PLIES);
    assertThat(first.decisions()).hasSize(1); // the opening play
    assertThat(first.players()).hasSize(2);
    assertThat(analyses.of(0, m)).isSameAs(first);
    for (long id = 1; id <= Analyses.MAX_KEPT + 50; id++) analyses.of(id, m);
    assertThat(analyses.kept()).isEqualTo(Analyses.MAX_KEPT);
    assertThat(analyses.of(0, m)).as("the oldest left and was analysed again").isNotSameAs(first).isEqualTo(first);
  }

  /** A one-point match: the opening roll, its play, then the other player resigns a single game and it is accepted. */
  private static Match shortMatch() {
    Match m = Match.start(Rules.match(1)).get().apply(new Action.RollOff(3, 1)).get();
    m = m.apply(new Action.Move(m.game().legalPlays().get(0))).get();
    m = m.apply(new Action.Resign(1)).get().apply(new Action.AcceptResign()).get();
    assertThat(m.isOver()).isTrue();
    return m;
  }
}
