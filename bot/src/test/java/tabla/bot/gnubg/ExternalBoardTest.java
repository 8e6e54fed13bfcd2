package tabla.bot.gnubg;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.match.Game;
import tabla.core.match.Phase;

/** The score and the cube of gnubg's board line, as the cube decisions need them. */
class ExternalBoardTest {
  // gnubg's example line (EXTERNAL_PROTOCOL.md): bot = player 0, gnubg = player 1.
  private static final String EXAMPLE = "board:bot:gnubg:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:1:0:-3:0:-5:0:0:0:0:1:0:-1:5:6:5:6:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";

  private static String with(int[] idx, String[] values) {
    String[] f = EXAMPLE.split(":");
    for (int i = 0; i < idx.length; i++) f[idx[i]] = values[i];
    return String.join(":", f);
  }

  @Test
  void gnubgsDoubleInAMatchIsAnsweredAtTheBotsScore() {
    // 7-point match; gnubg (player 1, on turn) doubled: names and scores are then player 1's first.
    String line = with(new int[] {1, 2, 3, 4, 5, 32, 33, 34, 35, 36, 40},
        new String[] {"gnubg", "bot", "7", "4", "2", "1", "0", "0", "0", "0", "1"});
    ExternalBoard b = ExternalBoard.parse(line).get();
    assertThat(b.request()).isEqualTo(ExternalBoard.Request.ANSWER_DOUBLE);
    assertThat(b.moverScore()).isEqualTo(2);
    assertThat(b.opponentScore()).isEqualTo(4);
    Game g = b.cubeGame().get();
    assertThat(g.phase()).isEqualTo(Phase.DOUBLE_OFFERED);
    assertThat(g.turn()).isEqualTo(0);
    assertThat(g.seat()).isEqualTo(new Game.Seat(2, 4, false, false));
  }

  @Test
  void theBotOnRollInTheCrawfordGame() {
    String line = with(new int[] {3, 4, 5, 32, 33, 34, 35, 36, 52},
        new String[] {"5", "3", "4", "-1", "0", "0", "0", "0", "0"});
    ExternalBoard b = ExternalBoard.parse(line).get();
    assertThat(b.request()).isEqualTo(ExternalBoard.Request.ROLL_OR_DOUBLE);
    Game g = b.cubeGame().get();
    assertThat(g.seat()).isEqualTo(new Game.Seat(3, 4, true, false));
    assertThat(g.canDouble().isOk()).isFalse();
  }

  @Test
  void aTurnedCubeBelongsToTheSideThatMayDoubleIt() {
    // The example: player 0 (the bot) to play 5-6; cube on 2, which only player 0 may double.
    ExternalBoard mine = ExternalBoard.parse(with(new int[] {3, 37, 38, 39}, new String[] {"7", "2", "0", "1"})).get();
    assertThat(mine.request()).isEqualTo(ExternalBoard.Request.MOVE);
    assertThat(mine.owner()).isEqualTo(ExternalBoard.CubeOwner.MOVER);
    assertThat(mine.cubeGame().get().cubeOwner()).isEqualTo(0);
    ExternalBoard theirs = ExternalBoard.parse(with(new int[] {3, 37, 38, 39}, new String[] {"7", "2", "1", "0"})).get();
    assertThat(theirs.owner()).isEqualTo(ExternalBoard.CubeOwner.OPPONENT);
    assertThat(theirs.cubeGame().get().cubeOwner()).isEqualTo(1);
    ExternalBoard centred = ExternalBoard.parse(with(new int[] {3}, new String[] {"7"})).get();
    assertThat(centred.owner()).isEqualTo(ExternalBoard.CubeOwner.CENTRED);
    assertThat(centred.cubeGame().get().cubeOwner()).isEqualTo(-1);
  }
}
