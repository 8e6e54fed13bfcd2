package tabla.server.tournaments;

import tabla.core.clock.ClockSettings;
import tabla.core.match.Rules;

/**
 * What tournaments need from the games (a port: the games' side implements it at wiring time). "A game finished"
 * comes the other way, to {@link TournamentService#gameFinished}.
 */
public interface TournamentGames {
  /**
   * Stores the game of a match between two entrants, inside the caller's transaction (Jdbi hands nested calls on one
   * thread the same handle), and returns its id: {@code player0}/{@code player1} are people, or null for the computer
   * at {@code botLevel} in seat {@code botSeat}; {@code rules} as stored (JSON).
   */
  long create(String rules, String mode, Long player0, Long player1, String botLevel, Integer botSeat, ClockSettings clock);

  /** Once the change that stored game {@code gameId} is committed: it starts (its clock, the computer's turn). */
  void started(long gameId);

  /** Plays a match between two computer players off the board, with fresh secure dice; the winner's seat. */
  int playComputers(Rules rules, String level0, String level1, long seed);
}
