package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/** Clear cube decisions: no double at the start; double and pass in a won race; take a close one; the depths. */
class CubeDeciderTest {
  private static final CubeDecider CUBE = new CubeDecider(Evaluator.bundled());
  private static final Rules MONEY = Rules.money().toBuilder().jacoby(false).build();

  static Game onRoll(Position p) {
    return Game.setUp(MONEY, Game.Seat.MONEY, p, 0, 1);
  }

  @Test
  void noDoubleInTheStartingPosition() {
    assertThat(CUBE.shouldDouble(onRoll(Position.START))).isFalse();
  }

  @Test
  void aRaceFarAheadIsADoubleAndAPass() {
    // Mover: 4 checkers on 1-2 (pips 6); opponent: 5 left on 6 and 5 (28 pips), 10 off: no gammon.
    Position p = Position.of(Position.side(1, 2, 2, 2), Position.side(6, 3, 5, 2)).get();
    Game g = onRoll(p);
    assertThat(CUBE.shouldDouble(g)).isTrue();
    Game offered = g.apply(new Action.Double()).get();
    assertThat(CUBE.answer(offered)).isInstanceOf(Action.Drop.class);
  }

  @Test
  void tooGoodToDoubleWhenTheGammonIsLikely() {
    // The opponent has all 15 on 4-6 and none off: playing on for the gammon beats cashing.
    Position p = Position.of(Position.side(1, 2, 2, 2), Position.side(6, 5, 5, 5, 4, 5)).get();
    assertThat(CUBE.shouldDouble(onRoll(p))).isFalse();
  }

  @Test
  void theBotRejectsASingleResignationWhenAGammonIsCertainAndAcceptsABackgammonOne() {
    // The human (on roll, player 0) has all 15 on its 13-15, far from home; the bot (player 1) has 4
    // checkers left on its 1 and 2: a race the bot wins with a gammon.
    Position human = Position.of(Position.side(15, 5, 14, 5, 13, 5), Position.side(1, 2, 2, 2)).get();
    Game g = onRoll(human);
    SearchPlayer bot = new SearchPlayer(Evaluator.bundled(), 8, 0.16);
    assertThat(bot.answerResignation(g.apply(new Action.Resign(1)).get())).isInstanceOf(Action.RejectResign.class);
    assertThat(bot.answerResignation(g.apply(new Action.Resign(3)).get())).isInstanceOf(Action.AcceptResign.class);
  }

  @Test
  void anEvenRaceIsNoDoubleAndATake() {
    Position p = Position.of(Position.side(6, 5, 5, 5, 4, 5), Position.side(6, 5, 5, 5, 4, 5)).get();
    Game g = onRoll(p);
    assertThat(CUBE.shouldDouble(g)).isFalse();
    Game offered = g.apply(new Action.Double()).get();
    assertThat(CUBE.answer(offered)).isInstanceOf(Action.Take.class);
  }

  @Test
  void lookingOneRollAheadAgreesWithZeroPlyWhereNothingHappens() {
    // The starting position: no double either way, and the no-double values close (measured: 0.127
    // one roll ahead, 0.068 at 0-ply: the best of each roll's plays reads a little high, as gnubg's odd plies do).
    CubeDecider flat = new CubeDecider(Evaluator.bundled(), 0);
    Game g = onRoll(Position.START);
    var ahead = CUBE.values(g);
    var zero = flat.values(g);
    assertThat(ahead.shouldDouble()).isFalse();
    assertThat(zero.shouldDouble()).isFalse();
    assertThat(ahead.noDouble()).isBetween(zero.noDouble() - 0.1, zero.noDouble() + 0.1);
    // A 5-point match at 4-4 (double match point after a double): the same.
    Game dmp = Game.setUp(Rules.match(5), new Game.Seat(2, 2, false, false), Position.START, 0, 1);
    assertThat(CUBE.values(dmp).shouldDouble()).isFalse();
  }

  @Test
  void twoRollsAheadReadsTheStartNearerZeroPlyThanOneRollAhead() {
    // Looking one roll ahead takes the doubler's best play of each roll and stops there: it reads the
    // doubler high. Two rolls ahead the opponent's best replies come in and pull it back.
    CubeDecider two = new CubeDecider(Evaluator.bundled(), 2);
    Game g = onRoll(Position.START);
    double zero = new CubeDecider(Evaluator.bundled(), 0).values(g).noDouble();
    double one = CUBE.lookahead(g, 1).noDouble();
    double both = two.lookahead(g, 2).noDouble();
    assertThat(Math.abs(both - zero)).isLessThan(Math.abs(one - zero));
    assertThat(two.shouldDouble(g)).isFalse();
  }

  @Test
  void twoRollsAheadLooksAgainOnlyAtCloseDecisions() {
    CubeDecider two = new CubeDecider(Evaluator.bundled(), 2);
    // A race far behind: clearly no double one roll ahead, so the 1-ply values stand.
    Game clear = onRoll(Position.of(Position.side(6, 3, 5, 2), Position.side(1, 2, 2, 2)).get());
    assertThat(CUBE.values(clear).close(CubeDecider.CLOSE)).isFalse();
    assertThat(two.values(clear)).isEqualTo(CUBE.values(clear));
    assertThat(two.shouldDouble(clear)).isFalse();
    // A race far ahead (double and pass, with no double near the pass: close) still doubles and passes.
    Game ahead = onRoll(Position.of(Position.side(1, 2, 2, 2), Position.side(6, 3, 5, 2)).get());
    assertThat(two.shouldDouble(ahead)).isTrue();
    assertThat(two.answer(ahead.apply(new Action.Double()).get())).isInstanceOf(Action.Drop.class);
    // Close one roll ahead (no double against double/take; gnubg's 2-ply: 0.550 and 0.511 EMG), from a
    // five-point match at 1-0 for the player on roll: looked at again two rolls ahead.
    Game close = Game.setUp(Rules.match(5), new Game.Seat(0, 1, false, false),
        tabla.core.format.PositionId.decode("4HPwASGM58IBMA").get(), 1, 1);
    assertThat(CUBE.values(close).close(CubeDecider.CLOSE)).isTrue();
    assertThat(two.values(close)).isEqualTo(two.lookahead(close, 2));
    assertThat(two.values(close)).isNotEqualTo(CUBE.values(close));
  }

  @Test
  void cubePliesAreZeroToTwo() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new CubeDecider(Evaluator.bundled(), 3))
        .isInstanceOf(IllegalArgumentException.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new CubeDecider(Evaluator.bundled(), -1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
