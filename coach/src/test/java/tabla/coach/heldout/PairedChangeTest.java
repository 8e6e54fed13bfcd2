package tabla.coach.heldout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.bot.eval.Phase;
import tabla.core.Position;

/** The paired change of the absolute error, by phase, on the eight-position fixture with errors set by hand. */
class PairedChangeTest {
  @Test
  void changeOfTheAbsoluteErrorByPhaseWithItsStandardError() throws Exception {
    List<HeldoutSet.Entry> set = HeldoutScoreTest.fixture();
    Map<Position, Double> rollout = new HashMap<>();
    for (HeldoutSet.Entry e : set) rollout.put(e.position(), e.equity());
    // The reference is 0.1 too high everywhere; the candidate 0.05 too low in contact, 0.3 too high when crashed,
    // 0.1 too low elsewhere: changes -0.05, +0.2 and 0 (the sign of an error does not count, its size does).
    HeldoutScore.Report reference = HeldoutScore.score(set, 1, p -> rollout.get(p) + 0.1);
    HeldoutScore.Report candidate = HeldoutScore.score(set, 1, p -> rollout.get(p) + switch (Phase.of(p)) {
      case CONTACT -> -0.05;
      case CRASHED -> 0.3;
      default -> -0.1;
    });
    PairedChange.Report r = PairedChange.of(candidate, reference);
    assertThat(r.plies()).isEqualTo(1);
    assertThat(r.byPhase().get(Phase.CONTACT).meanChange()).isCloseTo(-0.05, within(1e-12));
    assertThat(r.byPhase().get(Phase.CONTACT).standardError()).isCloseTo(0, within(1e-12));
    assertThat(r.byPhase().get(Phase.CRASHED).meanChange()).isCloseTo(0.2, within(1e-12));
    assertThat(r.byPhase().get(Phase.RACE).meanChange()).isCloseTo(0, within(1e-12));
    assertThat(r.byPhase().get(Phase.BEAROFF_CONTACT).n()).isEqualTo(2);
    // All eight: changes -0.05 ×2, 0.2 ×2, 0 ×4: mean 0.0375, sample deviation √(0.07375 / 7), over √8.
    assertThat(r.all().n()).isEqualTo(8);
    assertThat(r.all().meanChange()).isCloseTo(0.0375, within(1e-12));
    assertThat(r.all().standardError()).isCloseTo(Math.sqrt(0.07375 / 7 / 8), within(1e-12));
  }

  @Test
  void reportsOfOtherPositionsOrDepthsAreRefused() throws Exception {
    List<HeldoutSet.Entry> set = HeldoutScoreTest.fixture();
    HeldoutScore.Report all = HeldoutScore.score(set, 0, p -> 0);
    assertThatThrownBy(() -> PairedChange.of(all, HeldoutScore.score(set.subList(1, 8), 0, p -> 0)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PairedChange.of(all, HeldoutScore.score(set, 1, p -> 0)))
        .isInstanceOf(IllegalArgumentException.class);
    List<HeldoutSet.Entry> reversed = new ArrayList<>(set);
    Collections.reverse(reversed);
    assertThatThrownBy(() -> PairedChange.of(all, HeldoutScore.score(reversed, 0, p -> 0)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("differs");
  }
}
