package tabla.core.record;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** SGF (GM[6]) files saved by GNU Backgammon 1.07: replayed, and written again as gnubg writes them. */
class SgfFormatTest {

  /** gnubg's own file less what we do not write: its statistics (GS) and its name in AP. */
  private static String asWeWriteIt(String gnubg) {
    return gnubg.replaceAll("GS(\\[[^\\]]*\\])+", "").replace("AP[GNU Backgammon:1.07.001]", "AP[Tabla:0.1]");
  }

  @ParameterizedTest
  @ValueSource(strings = {"gnubg_match7.sgf", "gnubg_match3_crawford.sgf", "gnubg_money.sgf",
      "gnubg_beaver_resign.sgf", "gnubg_resign_after_roll.sgf", "gnubg_resign_after_roll2.sgf",
      "gnubg_matchinfo.sgf"})
  void gnubgFilesAreWrittenBackAsGnubgWritesThem(String name) {
    String text = Resources.text(name);
    MatchRecord rec = SgfFormat.read(text).get();
    assertThat(SgfFormat.write(rec.match(), rec.info()).get()).isEqualTo(asWeWriteIt(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"gnubg_match7", "gnubg_match3_crawford", "gnubg_money", "gnubg_beaver_resign",
      "gnubg_resign_after_roll", "gnubg_resign_after_roll2", "gnubg_matchinfo"})
  void sgfAndMatOfTheSameMatchReplayAlike(String name) {
    Match sgf = SgfFormat.read(Resources.text(name + ".sgf")).get().match();
    Match mat = MatFormat.read(Resources.text(name + ".mat")).get().match();
    assertThat(RandomPlay.recorded(sgf)).isEqualTo(RandomPlay.recorded(mat)); // W = left column = player 0
    assertThat(sgf.score(0)).isEqualTo(mat.score(0));
    assertThat(sgf.score(1)).isEqualTo(mat.score(1));
  }

  @Test
  void sampleMatchReplaysToGnubgsScore() {
    String text = Resources.text("sample_match7_randombot_vs_gnubg0ply.sgf");
    MatchRecord rec = SgfFormat.read(text).get(); // gnubg's analysis (A, DA, MR, GS) is skipped
    Match m = rec.match();
    assertThat(rec.info().player0()).isEqualTo("bot"); // PW: the bot played as gnubg's player 0
    assertThat(rec.info().player1()).isEqualTo("gnubg");
    assertThat(m.rules()).isEqualTo(Rules.match(7));
    assertThat(Resources.results(m)).containsExactly("1:6:BORNE_OFF", "1:3:BORNE_OFF"); // RE[B+6], RE[B+3]
    assertThat(m.games().get(1).seat().crawfordGame()).isTrue(); // RU[Crawford:CrawfordGame]
    assertThat(m.winner()).hasValue(1);
    MatchRecord again = SgfFormat.read(SgfFormat.write(m, rec.info()).get()).get();
    assertThat(RandomPlay.recorded(again.match())).isEqualTo(RandomPlay.recorded(m));
  }

  @Test
  void rulesComeFromRu() {
    Match money = SgfFormat.read(Resources.text("gnubg_money.sgf")).get().match();
    assertThat(money.rules()).isEqualTo(Rules.money()); // RU[Jacoby], cube on
    String noCube = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]RU[NoCube]\n;W[31hefe])";
    assertThat(SgfFormat.read(noCube).get().match().rules().cube()).isFalse();
    String nack = "(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]RU[Nackgammon]\n;W[31hefe])";
    assertThat(SgfFormat.read(nack).error()).isEqualTo("line 1: the rule or variant 'Nackgammon' is not supported");
  }

  @Test
  void pointLettersFollowEachSidesNumbering() {
    // 'a' is White's 1 point and Black's 24 point; 'y' the bar, 'z' off.
    assertThat(SgfFormat.letter(0, 1)).isEqualTo('a');
    assertThat(SgfFormat.letter(0, 24)).isEqualTo('x');
    assertThat(SgfFormat.letter(1, 24)).isEqualTo('a');
    assertThat(SgfFormat.letter(1, 1)).isEqualTo('x');
    assertThat(SgfFormat.letter(1, 25)).isEqualTo('y');
    assertThat(SgfFormat.letter(0, 0)).isEqualTo('z');
    for (int p = 0; p <= 25; p++) {
      assertThat(SgfFormat.point(0, SgfFormat.letter(0, p))).isEqualTo(p);
      assertThat(SgfFormat.point(1, SgfFormat.letter(1, p))).isEqualTo(p);
    }
  }

  @Test
  void hitsAreFoundFromTheBoard() {
    // White 31: 8/5 6/5; Black 64: 24/18 13/9, leaving blots on White's 7 and 1 points. SGF marks no
    // hits: White's 61 as 8/7 7/1 hits on 7 and on 1; as 8/2 2/1 it hits on 1 only.
    String opening = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]\n;W[31hefe]\n;B[64aglp]\n";
    Match both = SgfFormat.read(opening + ";W[61hgga])").get().match();
    Match one = SgfFormat.read(opening + ";W[61hbba])").get().match();
    assertThat(both.game().position().mover(Position.BAR)).isEqualTo(2); // Black, now on roll
    assertThat(one.game().position().mover(Position.BAR)).isEqualTo(1);
    assertThat(both.games().get(0).events().get(5).action().toString()).contains("8/7*/1*");
  }

  @Test
  void aPathThroughABlockPlaysTheLegalWay() {
    // 61 as 13/12 12/6 crosses Black's midpoint (White's 12): read, as the notation parser does, as
    // the one legal play that ends there, 13/7*/6, and written back as that.
    String sgf = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]\n;W[31hefe]\n;B[64aglp]\n;W[61mllf])";
    MatchRecord rec = SgfFormat.read(sgf).get();
    assertThat(rec.match().game().position().mover(Position.BAR)).isEqualTo(1);
    String written = SgfFormat.write(rec.match(), rec.info()).get();
    assertThat(written).doesNotContain("mllf").contains(";W[61mggf])");
  }

  @Test
  void raccoonOwnershipDiffersFromGnubg() {
    // gnubg gives the cube to the side that accepted last; the engine gives a raccoon's cube to the
    // raccooner, so gnubg's later double by the other side is refused here.
    assertThat(SgfFormat.read(Resources.text("gnubg_raccoon.sgf")).error())
        .isEqualTo("line 10: the cube belongs to your opponent");
  }

  @Test
  void malformedFiles() {
    assertThat(SgfFormat.read("(;FF[4]GM[1]SZ[19];B[pd])").error()).contains("is not backgammon");
    assertThat(SgfFormat.read("(;GM[6]MI[length:3];W[31hefe]").error()).contains("missing ')'");
    assertThat(SgfFormat.read("(;GM[6]MI[length:3]\n;W[31hezz])").error())
        .isEqualTo("line 2: 'zz' in '31hezz' is not a forward move");
    assertThat(SgfFormat.read("(;GM[6]MI[length:3]\n;W[31]\n)").error())
        .startsWith("line 2: the file passes with 3-1, but there is a legal play");
    assertThat(SgfFormat.read("(;GM[6]MI[length:3]\n;W[31hefe]\n;W[52mhxv])").error())
        .isEqualTo("line 3: it is not Player 0's turn");
    assertThat(SgfFormat.read("(;GM[6]MI[length:3]AB[a]\n;W[31hefe])").error())
        .contains("set-up positions");
  }

  @Test
  void eventInfoAndEscapes() {
    MatchRecord rec = SgfFormat.read(Resources.text("gnubg_matchinfo.sgf")).get();
    assertThat(rec.info()).isEqualTo(new RecordInfo("Al]ice \\x", "Bob", "Test Cup", "Final [2]",
        "Sofia, Bulgaria", "2024-05-06", "Ann", "Fun match", "1700", "1800"));
  }

  @Test
  void firstMoverGetsTheRollOff() {
    Match m = SgfFormat.read(Resources.text("gnubg_match7.sgf")).get().match();
    assertThat(m.games().get(0).events().get(0)).isEqualTo(new Game.Event(java.util.OptionalInt.empty(), new Action.RollOff(1, 2)));
    assertThat(m.games().get(1).events().get(0)).isEqualTo(new Game.Event(java.util.OptionalInt.empty(), new Action.RollOff(5, 2)));
  }
}
