package tabla.core;

/**
 * One checker moved by one die, from the mover's side: points 1..24, {@link #BAR} = 25 and
 * {@link #OFF} = 0. {@code hit} is true when it landed on an opposing blot.
 */
public record Move(int from, int to, boolean hit) {
  public static final int BAR = 25;
  public static final int OFF = 0;

  private static final Move[] CACHE = new Move[26 * 26 * 2];

  static {
    for (int f = 1; f < 26; f++) {
      for (int t = 0; t < f; t++) {
        CACHE[(f * 26 + t) * 2] = new Move(f, t, false);
        CACHE[(f * 26 + t) * 2 + 1] = new Move(f, t, true);
      }
    }
  }

  public Move {
    if (from < 1 || from > 25 || to < 0 || to > 24 || to >= from) {
      throw new IllegalArgumentException("not a forward move: " + from + "/" + to);
    }
  }

  /** A shared instance; moves are values, so the generator never allocates them. */
  public static Move of(int from, int to, boolean hit) {
    return CACHE[(from * 26 + to) * 2 + (hit ? 1 : 0)];
  }

  @Override
  public String toString() {
    return (from == BAR ? "bar" : String.valueOf(from)) + "/" + (to == OFF ? "off" : String.valueOf(to))
        + (hit ? "*" : "");
  }
}
