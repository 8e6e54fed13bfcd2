package tabla.server;

import tabla.core.clock.ClockSettings;
import tabla.core.match.Rules;
import tabla.server.games.GameService;
import tabla.server.games.GameStore;
import tabla.server.tournaments.TournamentGames;

/** What tournaments need from the games ({@link TournamentGames}), through the game service, the one door to a game. */
final class TournamentGamesOverService implements TournamentGames {
  private final GameStore games;
  private final GameService service;

  TournamentGamesOverService(GameStore games, GameService service) {
    this.games = games;
    this.service = service;
  }

  @Override
  public long create(String rules, String mode, Long player0, Long player1, String botLevel, Integer botSeat,
      ClockSettings clock) {
    // stored only, inside the caller's transaction (Jdbi hands nested calls on one thread the same handle); the game
    // starts once that transaction is committed, with started()
    return games.create(rules, mode, player0, player1, botLevel, botSeat, clock);
  }

  @Override
  public void started(long gameId) {
    service.started(gameId);
  }

  @Override
  public int playComputers(Rules rules, String level0, String level1, long seed) {
    return service.playComputers(rules, level0, level1, seed);
  }
}
