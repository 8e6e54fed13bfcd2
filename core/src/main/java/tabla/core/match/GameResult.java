package tabla.core.match;

/**
 * How a game ended. {@code points} is what the winner scores: {@code multiplier * cube}.
 *
 * @param winner 0 or 1, or −1 for a draw (Plakoto's two pinned mothers), which scores nothing
 * @param end how it ended
 * @param multiplier what the scoring rule gives before the cube (1 single, 2 gammon, 3 backgammon …)
 * @param cube the cube value the game was played for (the value before a refused double)
 */
public record GameResult(int winner, End end, int multiplier, int cube) {

  public enum End {
    /** The winner bore off all checkers. */
    BORNE_OFF,
    /** The loser refused a double. */
    DROPPED,
    /** The loser resigned and the winner accepted. */
    RESIGNED,
    /** Neither won (multiplier 0). */
    DRAW
  }

  public boolean isDraw() {
    return winner < 0;
  }

  public int points() {
    return multiplier * cube;
  }
}
