package tabla.core.variant;

import tabla.core.Position;

/**
 * Hyper-backgammon (BrainKing tp 66; rules.md §1.6): three checkers each, on 24, 23 and 22; otherwise
 * backgammon, usually played with the cube and the Jacoby rule.
 */
public final class Hypergammon implements Variant {
  public static final int CHECKERS = 3;
  private static final Position START = Nackgammon.symmetric(Position.sideOf(CHECKERS, 24, 1, 23, 1, 22, 1));

  @Override
  public String name() {
    return "hypergammon";
  }

  @Override
  public Position start() {
    return START;
  }

  @Override
  public int checkers() {
    return CHECKERS;
  }
}
