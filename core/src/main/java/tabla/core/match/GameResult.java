package tabla.core.match;

/**
 * How a game ended. {@code points} is what the winner scores: {@code multiplier * cube}.
 *
 * @param winner 0 or 1
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
    RESIGNED
  }

  public int points() {
    return multiplier * cube;
  }
}
