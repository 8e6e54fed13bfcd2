package tabla.core.variant;

import tabla.core.Position;

/**
 * Nackgammon (BrainKing "Табла 2", tp 24; rules.md §1.2): one checker each from the mid-point and the
 * 6-point start on the opponent's 2-point: 24:2, 23:2, 13:4, 8:3, 6:4. Everything else is backgammon.
 */
public final class Nackgammon implements Variant {
  private static final Position START = symmetric(Position.side(24, 2, 23, 2, 13, 4, 8, 3, 6, 4));

  @Override
  public String name() {
    return "nackgammon";
  }

  @Override
  public Position start() {
    return START;
  }

  static Position symmetric(int[] side) {
    return Position.of(side, side).get();
  }
}
