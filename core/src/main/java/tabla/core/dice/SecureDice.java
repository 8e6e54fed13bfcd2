package tabla.core.dice;

import java.security.SecureRandom;
import tabla.core.Dice;

/**
 * The default dice for real games: unpredictable, because players must not be able to foresee a
 * roll from earlier ones. {@code nextInt(6)} rejects out-of-range draws itself, so every face has
 * probability exactly 1/6 (no modulo bias). Safe to share between threads, as SecureRandom is.
 */
public final class SecureDice implements DiceSource {
  private final SecureRandom random;

  public SecureDice() {
    this(new SecureRandom());
  }

  /** Uses the given generator, e.g. a particular SecureRandom algorithm. */
  public SecureDice(SecureRandom random) {
    this.random = random;
  }

  @Override
  public Dice roll() {
    return new Dice(rollOne(), rollOne());
  }

  @Override
  public int rollOne() {
    return random.nextInt(6) + 1;
  }
}
