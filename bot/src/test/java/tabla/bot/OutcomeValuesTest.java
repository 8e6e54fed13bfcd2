package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.core.Position;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/** The value of a game's endings at the match score: money as before, gammons as the score makes them. */
class OutcomeValuesTest {
  static OutcomeValues at(int length, int mine, int theirs, int cube, boolean crawford, boolean post) {
    Game g = Game.setUp(Rules.match(length), new Game.Seat(mine, theirs, crawford, post), Position.START, 0, cube, cube > 1 ? 1 : -1);
    return OutcomeValues.of(g);
  }

  static float[] p(double win, double wg, double wbg, double lg, double lbg) {
    return new float[] {(float) win, (float) wg, (float) wbg, (float) lg, (float) lbg};
  }

  @Test
  void moneyIsTheCubelessEquityForBothSides() {
    float[] q = p(0.6, 0.2, 0.05, 0.1, 0.01);
    assertThat(OutcomeValues.MONEY.mine(q)).isEqualTo(Evaluator.equity(q));
    assertThat(OutcomeValues.MONEY.theirs(q)).isEqualTo(Evaluator.equity(q));
    assertThat(OutcomeValues.of(Game.setUp(Rules.money(), Game.Seat.MONEY, Position.START, 0, 1, -1))).isSameAs(OutcomeValues.MONEY);
  }

  @Test
  void doubleMatchPointCountsOnlyWinning() {
    OutcomeValues dmp = at(5, 4, 4, 1, false, true);
    assertThat(dmp.mine(p(0.5, 0.4, 0.2, 0, 0))).isCloseTo(0, within(1e-6));
    assertThat(dmp.mine(p(0.5, 0, 0, 0.4, 0.2))).isCloseTo(0, within(1e-6));
    assertThat(dmp.mine(p(1, 0, 0, 0, 0))).isCloseTo(1, within(1e-6));
  }

  @Test
  void aGammonThatWinsTheMatchIsWorthNoMoreThanASingleWin() {
    // Cube on 2: at 2-away any win takes the match (gammon-go: the gammon adds nothing); at 4-away
    // only a gammon does.
    OutcomeValues gammonGo = at(5, 3, 1, 2, false, false); // we are 2-away, they 4-away
    assertThat(gammonGo.mine(p(1, 1, 0, 0, 0))).isCloseTo(gammonGo.mine(p(1, 0, 0, 0, 0)), within(1e-9));
    OutcomeValues gammonCounts = at(5, 1, 3, 2, false, false); // we are 4-away, they 2-away
    assertThat(gammonCounts.mine(p(1, 1, 0, 0, 0))).isGreaterThan(gammonCounts.mine(p(1, 0, 0, 0, 0)) + 0.5);
  }

  @Test
  void zeroSumAndOneCubeIsOneEmg() {
    OutcomeValues v = at(7, 2, 4, 1, false, false);
    float[] q = p(0.55, 0.15, 0.01, 0.12, 0.005);
    float[] flipped = new float[5];
    Evaluator.flip(q, flipped);
    assertThat(v.theirs(flipped)).isCloseTo(-v.mine(q), within(1e-9));
    assertThat(v.mine(p(1, 0, 0, 0, 0))).isCloseTo(1, within(1e-9));
    assertThat(v.mine(p(0, 0, 0, 0, 0))).isCloseTo(-1, within(1e-9));
  }
}
