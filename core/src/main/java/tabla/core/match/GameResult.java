package tabla.core.match;

import java.util.OptionalInt;

/**
 * How a game ended. {@code points} is what the winner scores: {@code multiplier * cube}; for a draw, what each
 * player scores (0 unless the rules give a draw a point each, {@link Rules#drawPoints()}).
 *
 * @param winner 0 or 1; empty for a draw (Plakoto's two pinned mothers, Long Nardy's last roll)
 * @param end how it ended
 * @param multiplier what the scoring rule gives before the cube (1 single, 2 gammon, 3 backgammon …)
 * @param cube the cube value the game was played for (the value before a refused double)
 */
public record GameResult(OptionalInt winner, End end, int multiplier, int cube) {

  public enum End {
    /** The winner bore off all checkers. */
    BORNE_OFF,
    /** The loser refused a double. */
    DROPPED,
    /** The loser resigned and the winner accepted. */
    RESIGNED,
    /** Neither won (multiplier: the points each scores, usually 0). */
    DRAW
  }

  /** {@code winner} (0 or 1) won, {@code multiplier} × {@code cube}. */
  public static GameResult won(int winner, End end, int multiplier, int cube) {
    if (winner != 0 && winner != 1) throw new IllegalArgumentException("a winner is seat 0 or 1, not " + winner);
    return new GameResult(OptionalInt.of(winner), end, multiplier, cube);
  }

  /** Nobody won: nothing is scored. */
  public static GameResult draw(int cube) {
    return draw(cube, 0);
  }

  /** Nobody won, and each player scores {@code each} × {@code cube} (the Italian text's §4.3: "1-1"). */
  public static GameResult draw(int cube, int each) {
    return new GameResult(OptionalInt.empty(), End.DRAW, each, cube);
  }

  public boolean isDraw() {
    return winner.isEmpty();
  }

  /** Whether {@code seat} won this game. */
  public boolean wonBy(int seat) {
    return winner.isPresent() && winner.getAsInt() == seat;
  }

  public int points() {
    return multiplier * cube;
  }

  /** What {@code seat} scores: the points if he won or the game was drawn, else 0. */
  public int pointsFor(int seat) {
    return wonBy(seat) || isDraw() ? points() : 0;
  }

  /** What {@code seat} gains in money play: the points won, minus the points lost, 0 for a draw. */
  public int net(int seat) {
    return pointsFor(seat) - pointsFor(1 - seat);
  }
}
