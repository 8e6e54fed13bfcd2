package tabla.core.tournament;

/**
 * Two entrants of one round, by their seed index (0 is the top seed): {@code first} sits in seat 0 (moves first in
 * the roll-off's numbering); {@code second} is {@link #BYE} when {@code first} has no opponent this round.
 */
public record Pair(int first, int second) {
  public static final int BYE = -1;

  public boolean isBye() {
    return second == BYE;
  }

  public boolean has(int entrant) {
    return first == entrant || second == entrant;
  }
}
