package tabla.core.variant;

/**
 * Where the opponent's points lie in the mover's numbering (rules.md §0). Each side counts its own
 * points 24 → 1 towards its home board.
 */
public enum Geometry {
  /** Backgammon family and Plakoto: the sides move towards each other; the opponent's q is my 25 − q. */
  CONTRARY,
  /** Fevga, Long Nardy, Gul bara: both move the same way round the board; the opponent's q is my q ± 12. */
  PARALLEL,
  /** Grasshopper: both sides walk the same track, so the opponent's q is my q. */
  SAME;

  /** The point of the other side that lies on my point {@code p} (1..24); the map is its own inverse. */
  public int other(int p) {
    return switch (this) {
      case CONTRARY -> 25 - p;
      case PARALLEL -> (p + 11) % 24 + 1;
      case SAME -> p;
    };
  }
}
