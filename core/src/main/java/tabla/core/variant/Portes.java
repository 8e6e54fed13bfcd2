package tabla.core.variant;

import tabla.core.Position;

/**
 * Portes (Greek; rules.md §2.3): backgammon's set-up, hitting and bear-off, but a game counts 1, or 2
 * for a gammon: no backgammon, and no cube. Play it with {@code Rules.Opening.WINNER_REROLLS}, as Tavli
 * players do (the first game's roll-off winner rolls again).
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

}
