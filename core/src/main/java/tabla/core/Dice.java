package tabla.core;

/** One roll of two dice, in the order rolled (BrainKing plays the left die first). */
public record Dice(int first, int second) {

  public Dice {
    if (first < 1 || first > 6 || second < 1 || second > 6) {
      throw new IllegalArgumentException("dice must be 1..6, got " + first + "-" + second);
    }
  }

  public static Result<Dice> of(int first, int second) {
    if (first < 1 || first > 6 || second < 1 || second > 6) {
      return Result.err("dice must be between 1 and 6, got " + first + " and " + second);
    }
    return Result.ok(new Dice(first, second));
  }

  public boolean isDouble() {
    return first == second;
  }

  public int high() {
    return Math.max(first, second);
  }

  public int low() {
    return Math.min(first, second);
  }

  /** "6-5", high die first as players say it. */
  @Override
  public String toString() {
    return high() + "-" + low();
  }
}
