package tabla.bot.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.Position;

/** The phase classes on hand-built positions, each one step either side of its threshold. */
class PhaseTest {
  static Position pos(int[] mover, int[] opponent) {
    return Position.of(mover, opponent).get();
  }

  @Test
  void theStartIsContact() {
    assertThat(Phase.of(Position.START)).isEqualTo(Phase.CONTACT);
  }

  @Test
  void passedCheckersAreARaceEvenWithBothSidesHome() {
    assertThat(Phase.of(pos(Position.side(6, 5, 5, 5, 4, 5), Position.side(6, 5, 5, 5, 4, 5)))).isEqualTo(Phase.RACE);
    assertThat(Phase.of(pos(Position.side(12, 5, 6, 10), Position.side(12, 5, 6, 10)))).isEqualTo(Phase.RACE);
  }

  @Test
  void aSideAllHomeAgainstCheckersBackIsABearOffWithContact() {
    // The mover is home; the opponent keeps an anchor on its 24-point (the mover's 1-point).
    Position p = pos(Position.side(6, 5, 5, 5, 4, 3), Position.side(24, 2, 6, 13));
    assertThat(Phase.of(p)).isEqualTo(Phase.BEAROFF_CONTACT);
    assertThat(Phase.of(p.swap())).isEqualTo(Phase.BEAROFF_CONTACT);
    // One mover checker still on its 7-point: not yet bearing off, and the opponent's board is fine: contact.
    assertThat(Phase.of(pos(Position.side(7, 1, 6, 5, 5, 5, 4, 2), Position.side(24, 2, 6, 13)))).isEqualTo(Phase.CONTACT);
  }

  @Test
  void checkersBackWithACrashedBoardAreCrashed() {
    // Mover: two back on the 24-point, six on its 1-3 points, the rest outside; opponent: a normal middle game.
    int[] crashed = Position.side(24, 2, 13, 4, 8, 3, 3, 2, 2, 2, 1, 2);
    int[] middle = Position.side(13, 4, 8, 3, 7, 2, 6, 4, 5, 2);
    assertThat(Phase.of(pos(crashed, middle))).isEqualTo(Phase.CRASHED);
    assertThat(Phase.of(pos(middle, crashed))).isEqualTo(Phase.CRASHED);
    // Five deep instead of six: contact.
    assertThat(Phase.of(pos(Position.side(24, 2, 13, 5, 8, 3, 3, 1, 2, 2, 1, 2), middle))).isEqualTo(Phase.CONTACT);
    // Six deep but only one checker back: contact.
    assertThat(Phase.of(pos(Position.side(24, 1, 13, 5, 8, 3, 3, 2, 2, 2, 1, 2), middle))).isEqualTo(Phase.CONTACT);
  }

  @Test
  void twoAnchorsTrailingByFortyPipsIsABackGame() {
    // Mover: anchors on its 20- and 22-points, 11 checkers spread around the board, the opponent far ahead.
    int[] back = Position.side(22, 2, 20, 2, 13, 5, 8, 3, 6, 3);
    int[] ahead = Position.side(8, 2, 7, 3, 6, 5, 4, 3, 2, 2);
    int behind = pos(back, ahead).moverPips() - pos(back, ahead).opponentPips();
    assertThat(behind).isGreaterThanOrEqualTo(Phase.BACK_GAME_DEFICIT);
    assertThat(Phase.of(pos(back, ahead))).isEqualTo(Phase.CRASHED);
    // The same anchors in the opening (level race): contact.
    assertThat(Phase.of(pos(Position.side(22, 2, 20, 2, 13, 5, 8, 3, 6, 3), Position.side(24, 2, 13, 5, 8, 3, 6, 5))))
        .isEqualTo(Phase.CONTACT);
  }
}
