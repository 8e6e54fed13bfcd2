package tabla.core.variant;

/**
 * The count of the Greek and Turkish board games (Portes, Tavla, Plakoto, Fevga; rules.md §1.9, §1.10,
 * §2.3, §2.4) and the parallel games after them: a game is worth 1, or 2 when the loser has borne off
 * none — no backgammon — and there is no cube.
 */
interface TavliCount extends Variant {
  @Override
  default boolean cubeAllowed() {
    return false;
  }

  @Override
  default int maxLevel() {
    return 2;
  }
}
