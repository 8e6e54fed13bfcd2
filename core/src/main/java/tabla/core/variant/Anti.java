package tabla.core.variant;

import tabla.core.Position;

/**
 * Anti backgammon (BrainKing "Табла лапаница", tp 25; rules.md §1.3): backgammon's set-up, movement and
 * hitting, but the first player to bear off all fifteen checkers loses. Sources disagree on gammons
 * (a Misère page: they do not count; a BrainKing forum post: reversed 1/2/3); the default here is a
 * single game either way, as the Misère rules say. The cube is allowed (BrainKing offers cube matches).
 */
public final class Anti implements Variant {
  @Override
  public String name() {
    return "anti";
  }

  @Override
  public Position start() {
    return Position.START;
  }

  @Override
  public int maxLevel() {
    return 1;
  }

  @Override
  public boolean firstOffLoses() {
    return true;
  }
}
