package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.Position;
import tabla.core.match.Game;
import tabla.core.match.Phase;

/** The positions `tabla rollout` reads: gnubg IDs with and without a match ID, XGIDs, and bad input refused. */
class RolloutCommandTest {
  @Test
  void aGnubgIdWithAMatchIdCarriesTheCubeAndScore() {
    Game g = RolloutCommand.fromGnubg("4HPwATDgc/ABMA:EQGgACAACAAA").get(); // 5-point match, 2-1, cube 2 theirs
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
    assertThat(g.mover()).isEqualTo(0);
    assertThat(g.rules().matchLength()).isEqualTo(5);
    assertThat(g.seat().score0()).isEqualTo(2);
    assertThat(g.seat().score1()).isEqualTo(1);
    assertThat(g.cube()).isEqualTo(2);
    assertThat(g.ownsCube(1)).isTrue();
    assertThat(g.position()).isEqualTo(Position.START);
  }

  @Test
  void aBareGnubgIdIsAMoneyGameWithTheCubeCentred() {
    Game g = RolloutCommand.fromGnubg("4HPwATDgc/ABMA").get();
    assertThat(g.rules().isMoney()).isTrue();
    assertThat(g.cubeCentred()).isTrue();
  }

  @Test
  void anXgidToRollIsRead() {
    Game g = RolloutCommand.fromXgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10").get();
    assertThat(g.position()).isEqualTo(Position.START);
    assertThat(g.mover()).isEqualTo(0);
  }

  @Test
  void badInputIsRefusedWithAMessage() {
    assertThat(RolloutCommand.fromGnubg("not-an-id").isOk()).isFalse();
    assertThat(RolloutCommand.fromGnubg("4HPwATDgc/ABMA:x:y").isOk()).isFalse();
    // Dice rolled: the rollout starts before the roll.
    assertThat(RolloutCommand.fromXgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10").isOk()).isFalse();
  }
}
