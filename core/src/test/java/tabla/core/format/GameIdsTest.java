package tabla.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** The gnubg and XGID lines of a game in progress, read back with the format readers. */
class GameIdsTest {
  @Test
  void afterTheOpeningRollOffBothIdsDescribeTheStartWithTheRollToPlay() {
    Match m = Match.start(Rules.match(7)).get().apply(new Action.RollOff(3, 1)).get();
    Game g = m.game();
    String gnubg = GameIds.gnubg(g).orElseThrow();
    assertThat(gnubg).startsWith("4HPwATDgc/ABMA:");
    MatchId id = MatchId.decode(gnubg.substring(gnubg.indexOf(':') + 1)).get();
    assertThat(id.onRoll()).isEqualTo(0);
    assertThat(id.die1() + "" + id.die2()).isEqualTo("31");
    assertThat(id.matchLength()).isEqualTo(7);
    assertThat(id.cubeValue()).isEqualTo(1);
    assertThat(id.cubeOwner()).isEqualTo(MatchId.CENTERED);
    String xgid = GameIds.xgid(g).orElseThrow();
    assertThat(xgid).isEqualTo("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:6");
    Xgid back = Xgid.decode(xgid).get();
    assertThat(back.position()).isEqualTo(g.position());
  }

  @Test
  void playerOneOnRollIsOAndADoubleIsShown() {
    Match m = Match.start(Rules.match(5)).get().apply(new Action.RollOff(1, 4)).get();
    m = m.apply(new Action.Move(m.game().legalPlays().get(0))).get(); // player 1 plays the 4-1; player 0 to roll
    m = m.apply(new Action.Double()).get();
    Game g = m.game();
    assertThat(GameIds.xgid(g).orElseThrow()).contains(":0:0:1:D:0:0:0:5:");
    MatchId id = MatchId.decode(GameIds.gnubg(g).orElseThrow().split(":")[1]).get();
    assertThat(id.doubleOffered()).isTrue();
    assertThat(id.turn()).isEqualTo(1);
  }

  @Test
  void notForVariantsTheProgramsDoNotKnowNorBeforeTheRollOff() {
    assertThat(GameIds.gnubg(Match.start(Rules.match(3)).get().game())).isEmpty();
    Match plakoto = Match.start(Rules.match(3).toBuilder().cube(false).crawford(false).variant("plakoto").build()).get()
        .apply(new Action.RollOff(3, 1)).get();
    assertThat(GameIds.gnubg(plakoto.game())).isEmpty();
    assertThat(GameIds.xgid(plakoto.game())).isEmpty();
    assertThat(GameIds.supports("nackgammon")).isTrue();
  }
}
