package tabla.core.variant;

/**
 * How a game ends after a play, seen from the player who just played (the mover).
 *
 * @param winner {@link #MOVER}, {@link #OPPONENT} or {@link #DRAW}
 * @param level 1 single, 2 gammon (mars), 3 backgammon (koks); 0 for a draw
 */
public record Ending(int winner, int level) {
  public static final int MOVER = 0;
  public static final int OPPONENT = 1;
  public static final int DRAW = -1;

  public static Ending moverWins(int level) {
    return new Ending(MOVER, level);
  }

  public static Ending opponentWins(int level) {
    return new Ending(OPPONENT, level);
  }

  public static Ending draw() {
    return new Ending(DRAW, 0);
  }

  public boolean isDraw() {
    return winner == DRAW;
  }
}
