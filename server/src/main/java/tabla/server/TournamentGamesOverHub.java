package tabla.server;

import java.util.OptionalInt;
import tabla.bot.Bots;
import tabla.bot.SelfPlay;
import tabla.core.clock.ClockSettings;
import tabla.core.dice.SecureDice;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.server.games.GameHub;
import tabla.server.games.GameStore;
import tabla.server.tournaments.TournamentGames;

/**
 * What tournaments need from the games, over today's game store and hub (issue 24: the game service implements
 * {@link TournamentGames} at the final wiring, and this class goes).
 */
final class TournamentGamesOverHub implements TournamentGames {
  private final GameStore games;
  private final GameHub hub;

  TournamentGamesOverHub(GameStore games, GameHub hub) {
    this.games = games;
    this.hub = hub;
  }

  @Override
  public long create(String rules, String mode, Long player0, Long player1, String botLevel, Integer botSeat,
      ClockSettings clock) {
    // Jdbi hands the store the caller's handle (nested calls on one thread share it): the game is in its transaction.
    return games.create(rules, mode, player0, player1, botLevel, botSeat, clock);
  }

  @Override
  public void started(long gameId) {
    hub.afterChange(hub.room(gameId));
  }

  @Override
  public int playComputers(Rules rules, String level0, String level1, long seed) {
    Match done = SelfPlay.play(rules, Bots.forVariant(rules.variant(), level0, seed),
        Bots.forVariant(rules.variant(), level1, seed + 1), new SecureDice(), 0);
    OptionalInt w = done.winner();
    if (w.isEmpty()) throw new IllegalStateException("a computer match ended with no winner");
    return w.getAsInt();
  }
}
