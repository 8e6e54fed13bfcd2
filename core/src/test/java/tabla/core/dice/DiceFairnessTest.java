package tabla.core.dice;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;

/**
 * Chi-square goodness of fit of every random source over a million rolls: the 36 ordered outcomes of
 * a pair (35 degrees of freedom) and the 6 faces of a single die (5 df).
 *
 * <p>Seeded sources give the same statistic on every run, so they are held to the 0.999 quantile
 * (a fixed seed either passes forever or never). SecureDice differs every run, so it is held to the
 * 1 − 10⁻⁶ quantile, making a false failure about a one-in-a-million event per assertion.
 * Quantiles are scipy's {@code chi2.isf(p, df)}; the Wilson–Hilferty approximation gives 90.47 and
 * 37.51 for the 10⁻⁶ pair, slightly looser, so the exact values are used.
 */
class DiceFairnessTest {
  static final int ROLLS = 1_000_000;

  /** chi2.isf(0.001, 35) = 66.619. */
  static final double PAIR_999 = 66.62;
  /** chi2.isf(0.001, 5) = 20.515. */
  static final double FACE_999 = 20.52;
  /** chi2.isf(1e-6, 35) = 89.947. */
  static final double PAIR_1E6 = 89.95;
  /** chi2.isf(1e-6, 5) = 35.888. */
  static final double FACE_1E6 = 35.89;

  static final byte[] FIXED_SEED = new byte[CommittedDice.SEED_BYTES];

  static {
    for (int i = 0; i < FIXED_SEED.length; i++) FIXED_SEED[i] = (byte) (i * 37 + 11);
  }

  @Test
  void seededDiceAreUniform() {
    check("SeededDice(20240611)", new SeededDice(20240611L), PAIR_999, FACE_999);
  }

  @Test
  void committedDiceAreUniform() {
    check("CommittedDice(fixed seed)", new CommittedDice(FIXED_SEED), PAIR_999, FACE_999);
  }

  @Test
  void secureDiceAreUniform() {
    check("SecureDice(default SecureRandom)", new SecureDice(), PAIR_1E6, FACE_1E6);
  }

  /** The default SecureRandom may be a blocking or native one; the DRBG must pass too. */
  @Test
  void secureDiceOnDrbgAreUniform() throws Exception {
    check("SecureDice(DRBG)", new SecureDice(SecureRandom.getInstance("DRBG")), PAIR_1E6, FACE_1E6);
  }

  private static void check(String name, DiceSource source, double pairBound, double faceBound) {
    long[] pairs = new long[36];
    for (int i = 0; i < ROLLS; i++) {
      Dice d = source.roll();
      pairs[(d.first() - 1) * 6 + d.second() - 1]++;
    }
    long[] faces = new long[6];
    for (int i = 0; i < ROLLS; i++) faces[source.rollOne() - 1]++;

    double pairStat = chiSquare(pairs, ROLLS);
    double faceStat = chiSquare(faces, ROLLS);
    // Printed so that a run's statistics can be quoted; surefire drops JUnit report entries.
    System.out.printf("chi-square %s: pairs %.2f (bound %.2f), faces %.2f (bound %.2f)%n",
        name, pairStat, pairBound, faceStat, faceBound);
    assertThat(pairStat).as("chi-square of the 36 ordered pairs").isLessThan(pairBound);
    assertThat(faceStat).as("chi-square of the 6 faces").isLessThan(faceBound);
  }

  /** Pearson's statistic against equal expected counts. */
  static double chiSquare(long[] counts, long total) {
    double expected = (double) total / counts.length;
    double sum = 0;
    for (long c : counts) sum += (c - expected) * (c - expected) / expected;
    return sum;
  }

  @Test
  void chiSquareFlagsABiasedDie() {
    // The statistic itself: one face a percentage point too common, another as much too rare.
    long[] faces = {176_667, 166_667, 166_667, 166_667, 166_666, 156_666};
    assertThat(chiSquare(faces, 1_000_000)).isGreaterThan(FACE_1E6);
    assertThat(chiSquare(new long[] {10, 10, 10, 10, 10, 10}, 60)).isZero();
  }
}
