package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * FIBS's ASCII boards against FIBS's own output. The first position is the one fibs.com drew in styles 1, 2 and 3 for
 * the X player GibbonTestA, as captured in the notes at the end of BaldLies's lib/BaldLies/Backgammon/Match.pm
 * (github.com/gflohr/BaldLies); the second, fibs.com's style 2 board of an opening roll for the O player gutrune,
 * quoted in the comments of a FIBS bot that drives GNU Backgammon. The others check what those captures do not show:
 * checkers on the bar, borne off, a point of more than five.
 */
class AsciiBoardTest {
  /** fibs.com's boardstyle 3 line of the captured position (an unlimited match, X to play 5 6, the cube 2 theirs). */
  static final String GIBBON = "board:You:GibbonTestD:9999:0:0:0:-2:0:0:0:0:5:0:3:0:1:0:-4:4:1:0:0:-2:-2:-5:0:0:0:0:1:0"
      + ":-1:5:6:0:0:2:0:1:0:-1:1:25:0:0:0:0:0:2:0:0:0";

  @Test
  void styleOneIsFibsBoardForTheXPlayer() {
    assertThat(AsciiBoard.draw(GIBBON, "GibbonTestA", 1)).containsExactly(
        "   +-1--2--3--4--5--6--------7--8--9-10-11-12-+ O: GibbonTestD - score: 0",
        "   | X              O |   |     O     O     X |",
        "   | X              O |   |     O           X |",
        "   |                O |   |     O           X |",
        "   |                O |   |                 X |",
        "   |                O |   |                   |",
        "   |                  |BAR|                   |v    unlimited match",
        "   |                X |   |                   |     No redoubles",
        "   |                X |   |                 O |",
        "   |                X |   |                 O |",
        "   |                X |   |  X  X           O |",
        "   | O              X |   |  X  X        O  O |",
        "   +24-23-22-21-20-19-------18-17-16-15-14-13-+ X: GibbonTestA - score: 0",
        "",
        "   BAR: O-0 X-0   OFF: O-0 X-0   Cube: 2 (owned by GibbonTestD)  You rolled 5 6.");
  }

  @Test
  void styleTwoPutsThePointNumbersOutsideTheFrame() {
    assertThat(AsciiBoard.draw(GIBBON, "GibbonTestA", 2)).containsExactly(
        "     1  2  3  4  5  6        7  8  9 10 11 12",
        "   +------------------------------------------+ O: GibbonTestD - score: 0",
        "   | X              O |   |     O     O     X |",
        "   | X              O |   |     O           X |",
        "   |                O |   |     O           X |",
        "   |                O |   |                 X |",
        "   |                O |   |                   |",
        "   |                  |BAR|                   |v    unlimited match",
        "   |                X |   |                   |     No redoubles",
        "   |                X |   |                 O |",
        "   |                X |   |                 O |",
        "   |                X |   |  X  X           O |",
        "   | O              X |   |  X  X        O  O |",
        "   +------------------------------------------+ X: GibbonTestA - score: 0",
        "    24 23 22 21 20 19       18 17 16 15 14 13",
        "",
        "   BAR: O-0 X-0   OFF: O-0 X-0   Cube: 2 (owned by GibbonTestD)  You rolled 5 6.");
  }

  /** The O player's side: 13 to 24 above, his home (6 to 1) at the bottom right, the 'v' on the left. */
  @Test
  void theOPlayerSeesFibsOpeningBoard() {
    String opening = "board:You:sorrytigger:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0"
        + ":1:5:1:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:2:0:0:0";
    assertThat(AsciiBoard.draw(opening, "gutrune", 2)).containsExactly(
        "    13 14 15 16 17 18       19 20 21 22 23 24",
        "   +------------------------------------------+ X: sorrytigger - score: 0",
        "   | O           X    |   |  X              O |",
        "   | O           X    |   |  X              O |",
        "   | O           X    |   |  X                |",
        "   | O                |   |  X                |",
        "   | O                |   |  X                |",
        "  v|                  |BAR|                   |    3-point match",
        "   | X                |   |  O                |",
        "   | X                |   |  O                |",
        "   | X           O    |   |  O                |",
        "   | X           O    |   |  O              X |",
        "   | X           O    |   |  O              X |",
        "   +------------------------------------------+ O: gutrune - score: 0",
        "    12 11 10  9  8  7        6  5  4  3  2  1",
        "",
        "   BAR: O-0 X-0   OFF: O-0 X-0   Cube: 1  You rolled 5 1.");
    assertThat(AsciiBoard.draw(opening, "gutrune", 1).get(0))
        .isEqualTo("   +13-14-15-16-17-18-------19-20-21-22-23-24-+ X: sorrytigger - score: 0");
    assertThat(AsciiBoard.draw(opening, "gutrune", 1).get(12))
        .isEqualTo("   +12-11-10--9--8--7--------6--5--4--3--2--1-+ O: gutrune - score: 0");
  }

  /**
   * Late in a game: O has one on the bar and three off, X two on the bar and one off, O's 6 point holds seven; X is on
   * turn without dice; the cube is 4, O's. O's bar is drawn in his half (the bottom, for O), X's in the top.
   */
  @Test
  void barBorneOffAndTallPoints() {
    // cells: X's bar 0 (two X), O's bar 25 (one O); O: 7 on 6, 2 on 5, 2 on 13; X: 3 on 1, 9 on 19 ... 15 each
    int[] cells = new int[26];
    cells[0] = -2;
    cells[25] = 1;
    cells[6] = 7;
    cells[5] = 2;
    cells[13] = 2;
    cells[1] = -3;
    cells[19] = -9;
    StringBuilder line = new StringBuilder("board:You:vera:5:2:3");
    for (int c : cells) line.append(':').append(c);
    // turn X; no dice; cube 4, O (you) may double, X not; O, direction -1, home 0, bar 25; off 3 and 1; bar 1 and 2
    line.append(":-1:0:0:0:0:4:1:0:0:1:-1:0:25:3:1:1:2:0:0:0:0");
    List<String> o = AsciiBoard.draw(line.toString(), "alma", 1);
    assertThat(o.get(1)).isEqualTo("   | O                | X |  X                |");
    assertThat(o.get(2)).isEqualTo("   | O                | X |  X                |");
    assertThat(o.get(3)).isEqualTo("   |                  |   |  X                |");
    assertThat(o.get(5)).isEqualTo("   |                  |   |  9                |");
    assertThat(o.get(6)).isEqualTo("  v|                  |BAR|                   |    5-point match");
    assertThat(o.get(7)).isEqualTo("   |                  |   |  7                |");
    assertThat(o.get(9)).isEqualTo("   |                  |   |  O              X |");
    assertThat(o.get(10)).isEqualTo("   |                  |   |  O  O           X |");
    assertThat(o.get(11)).isEqualTo("   |                  | O |  O  O           X |");
    assertThat(o.get(12)).isEqualTo("   +12-11-10--9--8--7--------6--5--4--3--2--1-+ O: alma - score: 2");
    assertThat(o.get(14)).isEqualTo("   BAR: O-1 X-2   OFF: O-3 X-1   Cube: 4 (owned by alma)  turn: vera");
    // a watcher of the same side gets the player's name, not "You"
    String watched = line.toString().replace("board:You:", "board:alma:");
    assertThat(AsciiBoard.draw(watched, "someone", 2).get(13)).endsWith(" O: alma - score: 2");
  }

  @Test
  void aLineThatIsNotABoardIsRefused() {
    assertThatThrownBy(() -> AsciiBoard.draw("board:You:x:1", "me", 1)).isInstanceOf(IllegalArgumentException.class);
  }
}
