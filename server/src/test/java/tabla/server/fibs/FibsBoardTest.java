package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.match.Action;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** The board: line and FIBS's move text against the CLIP specification's own examples. */
class FibsBoardTest {
  @Test
  void theSpecificationsExampleBoard() {
    // the specification's example: O to move with 6-2 at the start of a 3-point match
    Match m = Match.start(Rules.match(3)).get().apply(new Action.RollOff(6, 2)).get();
    assertThat(FibsBoard.line(m, 0, "You", "someplayer")).isEqualTo(
        "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:1:1:1:0:1:-1:0:25"
            + ":0:0:0:0:2:0:0:0");
    // the same board for X: the cells are absolute, the colour, direction, home, bar and dice change sides
    assertThat(FibsBoard.line(m, 1, "You", "someplayer")).isEqualTo(
        "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:6:2:1:1:1:0:-1:1:25"
            + ":0:0:0:0:0:0:0:0:0");
  }

  @Test
  void movesAreInFibssAbsoluteNumbering() {
    Match m = Match.start(Rules.match(3)).get().apply(new Action.RollOff(2, 6)).get(); // X (seat 1) moves 6-2
    var g = m.game();
    // X's 24/18 13/11 is 1-7 12-14 in FIBS's numbers
    assertThat(MoveText.toTabla("1-7 12-14", 1, g)).isEqualTo("24/18 13/11");
    assertThat(MoveText.toTabla("12 14 1 7", 1, g)).isEqualTo("24/18 13/11"); // any order, spaces for dashes
    assertThat(MoveText.toTabla("0-3", 1)).isEqualTo("bar/22");
    assertThat(MoveText.toTabla("bar-22 6-off", 0)).isEqualTo("bar/22 6/off");
    assertThat(MoveText.toTabla("24-", 0)).isNull();
    assertThat(MoveText.toTabla("off-3", 0)).isNull();
    String told = Narrator.moves(g.legalPlays().stream().filter(p -> tabla.core.format.Notation.write(p).equals("24/18 13/11"))
        .findFirst().orElseThrow(), 1);
    assertThat(told).isEqualTo("1-7 12-14");
  }

  @Test
  void anUnlimitedMatchsBoardShowsItsRunningScore() {
    // FIBS's unlimited match, as the door starts it: money play; game 1 ends with a resignation X accepts (1 point)
    Rules unlimited = Rules.money().toBuilder().jacoby(false).build();
    Match m = Match.start(unlimited).get().apply(new Action.RollOff(6, 2)).get()
        .apply(new Action.Resign(1)).get().apply(new Action.AcceptResign()).get()
        .apply(new Action.RollOff(6, 2)).get();
    assertThat(m.score(1)).isEqualTo(1);
    // before: 0:0 (a money game carries no match score), whatever had been won
    assertThat(FibsBoard.line(m, 0, "You", "bob")).startsWith("board:You:bob:9999:0:1:");
    assertThat(FibsBoard.line(m, 1, "You", "alice")).startsWith("board:You:alice:9999:1:0:");
    java.util.List<String> told = Narrator.tell(m, "alice", "bob", Narrator.Cursor.START, 0, true).lines();
    assertThat(told.stream().filter(l -> l.startsWith("board:"))).first().asString().startsWith("board:You:bob:9999:0:0:");
    assertThat(told.get(told.size() - 1)).startsWith("board:You:bob:9999:0:1:");
  }
}
