package tabla.core.variant;

import tabla.core.Position;

/** Backgammon itself (BrainKing "Табла", tp 23): 24:2, 13:5, 8:3, 6:5. */
public final class Standard implements Variant {
  @Override
  public String name() {
    return "backgammon";
  }

  @Override
  public Position start() {
    return Position.START;
  }
}
