package tabla.core.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The FIBS formula against its documented examples. */
class FibsRatingTest {

  @Test
  void equalExperiencedPlayersOnePointMatchIsWorthTwo() {
    // Kevin Bastian, "The FIBS Rating System": equal ratings, 1-point match, experienced → ±2.00.
    assertThat(FibsRating.gain(1500, 1500, 1, 500)).isCloseTo(2.0, within(1e-9));
    assertThat(FibsRating.loss(1500, 1500, 1, 500)).isCloseTo(2.0, within(1e-9));
  }

  @Test
  void longerMatchesCountSqrtN() {
    assertThat(FibsRating.gain(1500, 1500, 9, 1000)).isCloseTo(6.0, within(1e-9));
  }

  @Test
  void newPlayersMoveFiveTimesFaster() {
    assertThat(FibsRating.gain(1500, 1500, 1, 0)).isCloseTo(10.0, within(1e-9));
    assertThat(FibsRating.gain(1500, 1500, 1, 250)).isCloseTo(5.0, within(1e-9));
    assertThat(FibsRating.gain(1500, 1500, 1, 400)).isCloseTo(2.0, within(1e-9));
  }

  @Test
  void upsetsPayMoreThanExpectedWins() {
    double favourite = FibsRating.gain(1800, 1600, 5, 1000);
    double underdog = FibsRating.gain(1600, 1800, 5, 1000);
    assertThat(underdog).isGreaterThan(favourite);
    // Both sides of one match sum to the full 4*sqrt(n) for experienced players.
    assertThat(favourite + underdog).isCloseTo(4 * Math.sqrt(5), within(1e-9));
    // P_upset for D=200, n=5: 1/(10^(200*sqrt5/2000)+1)
    double pUpset = 1 / (Math.pow(10, 200 * Math.sqrt(5) / 2000) + 1);
    assertThat(FibsRating.winProbability(1600, 1800, 5)).isCloseTo(pUpset, within(1e-12));
  }
}
