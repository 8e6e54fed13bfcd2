package tabla.core.variant;

/**
 * Where a turn stands in its game, for rules that depend on it (Gul bara's doubles grow after the
 * first rolls of the game). Counts include the roll being played.
 *
 * @param gameRolls rolls made in this game by both players
 * @param moverRolls rolls made in this game by the player on roll
 */
public record Turn(int gameRolls, int moverRolls) {
  /** A turn well into a game, used when a position is looked at without its game (hints, `moves`). */
  public static final Turn LATER = new Turn(100, 50);
}
