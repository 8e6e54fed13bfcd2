package tabla.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.Position;
import tabla.core.match.Game;
import tabla.core.match.Phase;
import tabla.core.match.Rules;

/** The positions `tabla rollout` and the site's rollouts read: gnubg IDs with and without a match ID, XGIDs, and bad input refused. */
class ToRollTest {
  @Test
  void aGnubgIdWithAMatchIdCarriesTheCubeAndScore() {
    Game g = ToRoll.fromGnubg("4HPwATDgc/ABMA:EQGgACAACAAA").get(); // 5-point match, 2-1, cube 2 theirs
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
    Game g = ToRoll.fromGnubg("4HPwATDgc/ABMA").get();
    assertThat(g.rules().isMoney()).isTrue();
    assertThat(g.cubeCentred()).isTrue();
  }

  @Test
  void anXgidToRollIsRead() {
    Game g = ToRoll.fromXgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10").get();
    assertThat(g.position()).isEqualTo(Position.START);
    assertThat(g.mover()).isEqualTo(0);
  }

  @Test
  void badInputIsRefusedWithAMessage() {
    assertThat(ToRoll.fromGnubg("not-an-id").isOk()).isFalse();
    assertThat(ToRoll.fromGnubg("4HPwATDgc/ABMA:x:y").isOk()).isFalse();
    // Dice rolled: the rollout starts before the roll.
    assertThat(ToRoll.fromXgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10").isOk()).isFalse();
  }

  @Test
  void thePositionBeforeARecordedMoveWaitsForItsRoll() {
    tabla.core.match.Match m = tabla.core.match.Match.start(Rules.match(3)).get();
    m = m.apply(new tabla.core.match.Action.RollOff(3, 1)).get(); // seat 0 opens with 3-1
    Game opened = m.games().get(0);
    m = m.apply(new tabla.core.match.Action.Move(Notation.parse(opened.position(), opened.dice(), "8/5 6/5").get())).get();
    Game g = ToRoll.beforeMove(m, 1, 1).get();
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
    assertThat(g.position()).isEqualTo(Position.START);
    assertThat(g.mover()).isEqualTo(0);
    assertThat(ToRoll.beforeMove(m, 1, 2).error()).contains("has 1 moves");
    assertThat(ToRoll.beforeMove(m, 2, 1).error()).contains("1..1");
  }
}
