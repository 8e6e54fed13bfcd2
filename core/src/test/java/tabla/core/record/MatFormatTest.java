package tabla.core.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import tabla.core.Result;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Phase;
import tabla.core.match.Rules;

/** Jellyfish .mat files written by GNU Backgammon 1.07: replayed, and written again byte for byte. */
class MatFormatTest {

  @ParameterizedTest
  @ValueSource(strings = {"gnubg_match7.mat", "gnubg_match3_crawford.mat", "gnubg_money.mat",
      "gnubg_beaver_resign.mat", "gnubg_resign_after_roll.mat", "gnubg_resign_after_roll2.mat",
      "gnubg_matchinfo.mat"})
  void gnubgFilesAreWrittenBackByteForByte(String name) {
    String text = Resources.text(name);
    MatchRecord rec = MatFormat.read(text).get();
    assertThat(MatFormat.write(rec.match(), rec.info()).get()).isEqualTo(text);
  }

  @Test
  void sevenPointMatchWithDoublingReplaysToGnubgsScore() {
    MatchRecord rec = MatFormat.read(Resources.text("gnubg_match7.mat")).get();
    Match m = rec.match();
    assertThat(rec.info().player0()).isEqualTo("Alice"); // left column = player 0
    assertThat(rec.info().player1()).isEqualTo("Bob");
    assertThat(rec.info().date()).isEqualTo("2026-11-22");
    assertThat(m.rules()).isEqualTo(Rules.match(7));
    assertThat(m.isOver()).isTrue();
    assertThat(m.score(0)).isEqualTo(7);
    assertThat(m.score(1)).isEqualTo(1);
    // Game 3 has no "resign" line: its "Wins 2 points" before the last checker is off is Bob's resignation.
    assertThat(Resources.results(m))
        .containsExactly("1:1:DROPPED", "0:2:DROPPED", "0:2:RESIGNED", "0:1:DROPPED", "0:2:BORNE_OFF");
    Game first = m.games().get(0);
    assertThat(first.events().get(0)).isEqualTo(new Game.Event(java.util.OptionalInt.empty(), new Action.RollOff(1, 2))); // Bob opened 21
  }

  @Test
  void crawfordGameFollowsTheScore() {
    Match m = MatFormat.read(Resources.text("gnubg_match3_crawford.mat")).get().match();
    assertThat(m.games()).hasSize(3);
    assertThat(m.games().get(1).seat().crawfordGame()).isTrue();
    assertThat(m.games().get(2).seat().postCrawford()).isTrue();
    assertThat(m.score(0)).isEqualTo(1);
    assertThat(m.score(1)).isEqualTo(4);
  }

  @Test
  void moneySessionKeepsTheCubeAndGuessesJacoby() {
    Match m = MatFormat.read(Resources.text("gnubg_money.mat")).get().match();
    assertThat(m.rules().isMoney()).isTrue();
    assertThat(m.rules().jacoby()).isTrue();
    assertThat(Resources.results(m)).hasSize(6);
    assertThat(m.score(0)).isEqualTo(7); // gnubg: "after 6 games: gnubg 7, root 8"
    assertThat(m.score(1)).isEqualTo(8);
  }

  @Test
  void beaverAndAnUnplayedOpeningRoll() {
    Match m = MatFormat.read(Resources.text("gnubg_beaver_resign.mat")).get().match();
    assertThat(m.rules().beavers()).isTrue();
    assertThat(m.games().get(0).events()).extracting(Game.Event::action)
        .contains(new Action.Double(), new Action.Beaver());
    assertThat(Resources.results(m)).containsExactly("1:8:RESIGNED"); // a gammon resigned at cube 4
    Game open = m.game();
    assertThat(open.phase()).isEqualTo(Phase.MOVE); // "1) 42: " with nothing played: the file stops there
    assertThat(open.events()).containsExactly(new Game.Event(java.util.OptionalInt.empty(), new Action.RollOff(4, 2)));
  }

  @Test
  void resignationAfterRollingKeepsTheRoll() {
    Match m = MatFormat.read(Resources.text("gnubg_resign_after_roll.mat")).get().match();
    List<Game.Event> ev = m.games().get(0).events();
    assertThat(ev.subList(ev.size() - 3, ev.size())).extracting(Game.Event::action).containsExactly(
        new Action.Roll(new tabla.core.Dice(6, 5)), new Action.Resign(3), new Action.AcceptResign());
    assertThat(m.score(0)).isEqualTo(3);
  }

  @Test
  void matchInfoTags() {
    RecordInfo info = MatFormat.read(Resources.text("gnubg_matchinfo.mat")).get().info();
    assertThat(info.player0()).isEqualTo("Al]ice \\x");
    assertThat(info.event()).isEqualTo("Test Cup");
    assertThat(info.round()).isEqualTo("Final [2]");
    assertThat(info.place()).isEqualTo("Sofia, Bulgaria");
    assertThat(info.date()).isEqualTo("2024-05-06");
    assertThat(info.annotator()).isEqualTo("Ann");
    assertThat(info.comment()).isEqualTo("Fun match");
  }

  @Test
  void illegalPlayIsRefusedWithItsLine() {
    String text = Resources.text("gnubg_match7.mat").replace("  3) 53: 8/3 6/3", "  3) 53: 8/3 6/2");
    Result<MatchRecord> r = MatFormat.read(text);
    assertThat(r.error()).isEqualTo("line 9: Alice 5-3 8/3 6/2: that moves 9 pips; the roll 5-3 gives 8");
  }

  @Test
  void passWithALegalPlayIsRefused() {
    String text = Resources.text("gnubg_match7.mat").replace("  4) 42: 8/4 6/4  ", "  4) 42:            ");
    assertThat(MatFormat.read(text).error()).startsWith("line 10: the file passes with 4-2, but there is a legal play");
  }

  @Test
  void wrongScoreInAGameHeaderIsRefused() {
    String text = Resources.text("gnubg_match7.mat").replace(" Alice : 2                      Bob : 1",
        " Alice : 3                      Bob : 1");
    assertThat(MatFormat.read(text).error()).contains("score before game 3 as 3-1")
        .contains("make it 2-1");
  }

  @Test
  void wrongPointsInWinsLineAreRefused() {
    String text = Resources.text("gnubg_match3_crawford.mat").replaceFirst("Wins 2 points", "Wins 5 points");
    assertThat(MatFormat.read(text).error()).contains("a resignation with the cube at 1 cannot give 5");
  }

  @Test
  void notAMatFile() {
    assertThat(MatFormat.read("hello").error()).contains("cannot read 'hello'");
    assertThat(MatFormat.read("").error()).contains("not a .mat file");
  }

  @Test
  void rulesTheFormatCannotHoldAreRefused() {
    Match m = Match.start(Rules.match(5).toBuilder().holland(true).build()).get();
    assertThat(MatFormat.write(m, RecordInfo.of("a", "b")).error()).contains("Holland");
  }
}
