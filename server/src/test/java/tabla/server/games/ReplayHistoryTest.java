package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.server.games.GameSnapshot.CubeView;
import tabla.server.games.GameSnapshot.HistoryEntry;

/**
 * Issue 11, one home for the cube: once a match is over each history line carries the server's state after it (board,
 * cube, dice), so the replay page draws them and works out no rule (docs/api.md, history entries).
 */
class ReplayHistoryTest {

  private static Match run(Rules rules, Action... actions) {
    return run(Match.start(rules).get(), actions);
  }

  private static Match run(Match m, Action... actions) {
    for (Action a : actions) m = m.apply(a).get();
    return m;
  }

  private static Action move(Match m, String text) {
    return new Action.Move(Notation.parse(m.game().position(), m.game().dice(), text).get());
  }

  @Test
  void eachLine_carriesTheCubeAfterIt_fromCore_includingAnAutomaticDoubleAndABeaver() {
    Rules rules = Rules.money().toBuilder().automaticDoubles(1).beavers(true).jacoby(false).build();
    Match m = run(rules, new Action.RollOff(2, 2), new Action.RollOff(3, 1));
    m = run(m, move(m, "8/5 6/5"), new Action.Double(), new Action.Beaver(), new Action.Roll(new Dice(6, 5)));
    List<HistoryEntry> h = Snapshot.history(m, true);
    assertThat(h).extracting(HistoryEntry::type).containsExactly("rolloff", "rolloff", "move", "double", "beaver");
    assertThat(h).extracting(HistoryEntry::cubeAfter).containsExactly(
        new CubeView(2, null, 4), new CubeView(2, null, 4), new CubeView(2, null, 4),
        new CubeView(2, null, 4), // the offer: the replay shows next (4) on the doubler's side of the board
        new CubeView(8, 0, 16));
    assertThat(h.get(0).dice()).containsExactly(2, 2);
    assertThat(h.get(2).dice()).containsExactly(3, 1);
    assertThat(h.get(2).board().p0()[5]).isEqualTo(2); // 8/5 6/5 made the five point
  }

  @Test
  void theNextCubeValue_isCoresArithmeticStake_underItalianRules() {
    Rules rules = Rules.money().toBuilder().stakes(Rules.Stakes.ARITHMETIC).jacoby(false).build();
    Match m = run(rules, new Action.RollOff(3, 1));
    m = run(m, move(m, "8/5 6/5"), new Action.Double(), new Action.Take());
    List<HistoryEntry> h = Snapshot.history(m, true);
    assertThat(h.get(2).cubeAfter()).isEqualTo(new CubeView(1, null, 2));
    assertThat(h.get(3).cubeAfter()).isEqualTo(new CubeView(2, 0, 3));
  }

  @Test
  void aPlaysLine_givesTheStateItWasChosenIn_forTheAnalysisHint_andOtherLinesNone() {
    Match m = run(Rules.money(), new Action.RollOff(3, 1));
    m = run(m, move(m, "8/5 6/5"), new Action.Roll(new Dice(6, 4)));
    m = run(m, move(m, "24/14"), new Action.Resign(1), new Action.AcceptResign());
    // lines: 0 roll-off, 1 "31: 8/5 6/5", 2 "64: 24/14", 3 resign, 4 accept, 5 result
    assertThat(Snapshot.beforePlay(m, 0)).isEmpty();
    var opening = Snapshot.beforePlay(m, 1).orElseThrow();
    assertThat(opening.dice()).isEqualTo(new Dice(3, 1));
    assertThat(opening.legalPlays()).extracting(Notation::write).contains("8/5 6/5");
    var second = Snapshot.beforePlay(m, 2).orElseThrow();
    assertThat(second.dice()).isEqualTo(new Dice(6, 4));
    assertThat(second.mover()).isEqualTo(1);
    for (int line : new int[] {3, 4, 5, 6, -1}) assertThat(Snapshot.beforePlay(m, line)).as("line %d", line).isEmpty();
  }

  @Test
  void theResultLine_carriesNoState_andNoLineCarriesOneWhileTheMatchGoesOn() {
    Match m = run(Rules.money(), new Action.RollOff(3, 1));
    m = run(m, move(m, "8/5 6/5"), new Action.Resign(1), new Action.AcceptResign());
    List<HistoryEntry> h = Snapshot.history(m, true);
    assertThat(h.get(h.size() - 1).type()).isEqualTo("result");
    assertThat(h.get(h.size() - 1).board()).isNull();
    assertThat(h.get(h.size() - 1).player()).isZero();
    assertThat(Snapshot.history(m, false)).allMatch(e -> e.board() == null && e.cubeAfter() == null && e.dice() == null);
  }
}
