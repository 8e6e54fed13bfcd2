package tabla.coach.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tabla.bot.SearchPlayer;
import tabla.bot.eval.ContactNet;
import tabla.bot.eval.Evaluator;
import tabla.coach.heldout.HeldoutScore;
import tabla.core.Position;
import tabla.core.format.PositionId;

/** The supervised fit's parts: its positions, its targets, and a fit that learns and repeats itself. */
class SupervisedFitTest {
  static final Evaluator EVAL = Evaluator.bundled();

  @Test
  void positionsAreContactAndTheExcludedAreLeftOut() {
    List<Position> all = SelfPlayPositions.collect(EVAL, 2, 7, Set.of());
    assertThat(all).isNotEmpty().allMatch(p -> !p.isRace());
    assertThat(all.get(0)).isEqualTo(Position.START);
    String id = PositionId.encode(all.get(3));
    long copies = all.stream().filter(p -> PositionId.encode(p).equals(id)).count();
    List<Position> kept = SelfPlayPositions.collect(EVAL, 2, 7, Set.of(id));
    assertThat(kept).hasSize(all.size() - (int) copies).noneMatch(p -> PositionId.encode(p).equals(id));
  }

  @Test
  void targetsHaveTheSearchsEquity() {
    Position p = SelfPlayPositions.collect(EVAL, 1, 3, Set.of()).get(6);
    PlyTargets t = new PlyTargets(EVAL);
    float[] probs = new float[5];
    for (int plies = 0; plies <= 2; plies++) {
      t.onRoll(p, plies, probs);
      double search = HeldoutScore.equity(SearchPlayer.withPlies(EVAL, plies), p, plies);
      assertThat(Evaluator.equity(probs)).as(plies + "-ply").isCloseTo(search, within(1e-5));
    }
  }

  @Test
  void aFitLowersItsLossAndRepeatsOnAnyThreadCount() throws Exception {
    List<Position> positions = SelfPlayPositions.collect(EVAL, 1, 11, Set.of()).subList(0, 24);
    SupervisedFit.Labelled one = SupervisedFit.label(EVAL, positions, 1, 1, n -> {});
    SupervisedFit.Labelled three = SupervisedFit.label(EVAL, positions, 1, 3, n -> {});
    assertThat(three.targets()).isDeepEqualTo(one.targets());
    ContactNet a = ContactNet.widen(EVAL);
    ContactNet b = ContactNet.widen(EVAL);
    double first = SupervisedFit.epoch(a, one, 0.05f, 1);
    double last = first;
    for (int e = 2; e <= 6; e++) last = SupervisedFit.epoch(a, one, 0.05f, e);
    for (int e = 1; e <= 6; e++) SupervisedFit.epoch(b, three, 0.05f, e);
    assertThat(last).isLessThan(first);
    float[] x = new float[5];
    float[] y = new float[5];
    a.evaluate(positions.get(5), a.scratch(), x);
    b.evaluate(positions.get(5), b.scratch(), y);
    assertThat(y).containsExactly(x);
  }
}
