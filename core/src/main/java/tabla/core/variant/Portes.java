package tabla.core.variant;

import tabla.core.Position;

/**
 * Portes (Greek; rules.md §2.3): backgammon's set-up, hitting and bear-off, but a game counts 1, or 2
 * for a gammon: no backgammon, and no cube. The roll-off winner rolls again ({@link #winnerRerolls()}), as
 * Tavli players do, so he may open with a double.
 */
public final class Portes implements TavliCount {
  @Override
  public String name() {
    return "portes";
  }

  @Override
  public Position start() {
    return Position.START;
  }

  /** rules.md §2.3: "both roll one die and the winner re-rolls both, so doubles are possible". */
  @Override
  public boolean winnerRerolls() {
    return true;
  }

}
