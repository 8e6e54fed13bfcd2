package tabla.core.dice;

import java.util.SplittableRandom;
import tabla.core.Dice;

/**
 * Reproducible dice for tests and self-play: the same seed always gives the same rolls, so a failing
 * game can be replayed from its seed alone. Not for real games — anyone who learns the seed knows
 * every roll. Not thread-safe: one instance per game.
 */
public final class SeededDice implements DiceSource {
  private final long seed;
  private final SplittableRandom random;

  public SeededDice(long seed) {
    this.seed = seed;
    this.random = new SplittableRandom(seed);
  }

  /** The seed this source started from, to report alongside a failure. */
  public long seed() {
    return seed;
  }

  @Override
  public Dice roll() {
    return new Dice(rollOne(), rollOne());
  }

  /** {@code nextInt(1, 7)} rejects out-of-range draws, so the faces are unbiased. */
  @Override
  public int rollOne() {
    return random.nextInt(1, 7);
  }
}
