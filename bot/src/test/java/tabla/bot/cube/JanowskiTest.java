package tabla.bot.cube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/** The model against Janowski's closed forms for money, and clear money and match decisions. */
class JanowskiTest {
  private static final Rules MONEY = Rules.money().toBuilder().jacoby(false).build();
  private static final Payoff CASH = new MoneyPayoff(MONEY);

  private static float[] probs(double win, double winGammon, double loseGammon) {
    return new float[] {(float) win, (float) winGammon, 0, (float) loseGammon, 0};
  }

  @Test
  void liveCubeTakePointIsOneFifthWithoutGammons() {
    Janowski j = new Janowski(probs(0.5, 0, 0), CASH, 1.0);
    assertThat(j.takePoint(1)).isCloseTo(0.2, within(1e-3));
    assertThat(j.cashPoint(1)).isCloseTo(0.8, within(1e-3));
  }

  @Test
  void liveTakePointWithGammonsIsJanowskis() {
    // W = (0.6 + 0.2) / 0.6, L = (0.4 + 0.1) / 0.4: take point (L - 1/2) / (W + L + 1/2).
    Janowski j = new Janowski(probs(0.6, 0.2, 0.1), CASH, 1.0);
    double w = 0.8 / 0.6;
    double l = 0.5 / 0.4;
    assertThat(j.takePoint(1)).isCloseTo((l - 0.5) / (w + l + 0.5), within(2e-3));
  }

  @Test
  void ownedCubeEquityIsJanowskisFormula() {
    // E = p (W + L + x/2) - L with W = L = 1, x = 0.68: at p = 0.5, 0.17.
    Janowski j = new Janowski(probs(0.5, 0, 0), CASH, 0.68);
    assertThat(j.cubeful(1, Janowski.Owner.MINE)).isCloseTo(0.17, within(1e-3));
    assertThat(j.cubeful(1, Janowski.Owner.THEIRS)).isCloseTo(0.5 * 2.34 - 1 - 0.34, within(1e-3));
  }

  @Test
  void takePointAtEfficiencyX() {
    // Janowski: (L - 1/2) / (W + L + x/2) = 0.5 / 2.34 = 21.4% for x = 0.68, no gammons.
    assertThat(new Janowski(probs(0.78, 0, 0), CASH, 0.68).values(1, Janowski.Owner.CENTRED).shouldTake()).isTrue();
    assertThat(new Janowski(probs(0.80, 0, 0), CASH, 0.68).values(1, Janowski.Owner.CENTRED).shouldTake()).isFalse();
  }

  @Test
  void cubelessEquityPointNineWithoutGammonsIsADoubleAndAPass() {
    CubeValues v = new Janowski(probs(0.95, 0, 0), CASH, 0.68).values(1, Janowski.Owner.CENTRED);
    assertThat(v.shouldTake()).isFalse();
    assertThat(v.shouldDouble()).isTrue();
    assertThat(v.tooGood()).isFalse();
  }

  @Test
  void anEvenGameIsNoDoubleAndATake() {
    CubeValues v = new Janowski(probs(0.5, 0.1, 0.1), CASH, 0.68).values(1, Janowski.Owner.CENTRED);
    assertThat(v.shouldDouble()).isFalse();
    assertThat(v.shouldTake()).isTrue();
    assertThat(v.beaver()).isTrue(); // the taker owns the cube in an even game: better than even
  }

  @Test
  void aProperDoubleIsTakenButNotBeavered() {
    CubeValues v = new Janowski(probs(0.7, 0.05, 0.02), CASH, 0.68).values(1, Janowski.Owner.CENTRED);
    assertThat(v.shouldDouble()).isTrue();
    assertThat(v.shouldTake()).isTrue();
    assertThat(v.beaver()).isFalse();
  }

  @Test
  void tooGoodWithGammonsButNeverUnderJacobyWithACentredCube() {
    float[] p = probs(0.9, 0.6, 0);
    assertThat(new Janowski(p, CASH, 0.68).values(1, Janowski.Owner.CENTRED).tooGood()).isTrue();
    CubeValues jacoby = new Janowski(p, new MoneyPayoff(Rules.money()), 0.68).values(1, Janowski.Owner.CENTRED);
    assertThat(jacoby.tooGood()).isFalse();
    assertThat(jacoby.shouldDouble()).isTrue();
    // Once the cube is turned, gammons count again: owning a 2-cube, the same position is too good.
    assertThat(new Janowski(p, new MoneyPayoff(Rules.money()), 0.68).values(2, Janowski.Owner.MINE).tooGood()).isTrue();
  }

  @Test
  void twoAwayTwoAwayTakesDownToTheCrawfordEquity() {
    // After a double to 2 the game decides the match; a drop leaves the taker 2-away against 1-away
    // Crawford: 32.264% in Kazaross-XG2. So take with 32.3% or more, whatever the gammons.
    Rules r = Rules.match(5);
    Payoff pay = Payoff.of(Game.setUp(r, new Game.Seat(3, 3, false, false), tabla.core.Position.START, 0, 1, -1), 0);
    double drop = MatchEquity.standard().mwc(1, 2, false);
    assertThat(drop).isCloseTo(0.67736, within(1e-9));
    assertThat(new Janowski(probs(0.67, 0.3, 0), pay, 0.68).values(1, Janowski.Owner.CENTRED).shouldTake()).isTrue();
    assertThat(new Janowski(probs(0.68, 0.3, 0), pay, 0.68).values(1, Janowski.Owner.CENTRED).shouldTake()).isFalse();
  }

  @Test
  void emgIsPointsPerCubeForMoney() {
    CubeValues v = new Janowski(probs(0.7, 0, 0), CASH, 0.68).values(2, Janowski.Owner.MINE);
    assertThat(v.emg(2)).isCloseTo(1, within(1e-9));
    assertThat(v.emgDiff(0.5)).isCloseTo(0.25, within(1e-9));
  }

  @Test
  void postCrawfordTheLeaderUsesTheFreeDropAgainstAnEvenAway() {
    // 5-point match, the leader at 4 (1-away), post-Crawford; the trailer doubles with 62% (5.4% gammons).
    // At 4-away a drop leaves it 3-away (32.3% in Kazaross-XG2), hardly better than 4-away: the leader
    // drops; at 3-away a drop leaves it 2-away (48.8%), so the same game is a take.
    Rules r = Rules.match(5);
    Payoff fourAway = Payoff.of(Game.setUp(r, new Game.Seat(1, 4, false, true), tabla.core.Position.START, 0, 1, -1), 0);
    Payoff threeAway = Payoff.of(Game.setUp(r, new Game.Seat(2, 4, false, true), tabla.core.Position.START, 0, 1, -1), 0);
    float[] p = probs(0.62, 0.054, 0);
    assertThat(new Janowski(p, fourAway, 0.68).values(1, Janowski.Owner.CENTRED).shouldTake()).isFalse();
    assertThat(new Janowski(p, threeAway, 0.68).values(1, Janowski.Owner.CENTRED).shouldTake()).isTrue();
  }
}
