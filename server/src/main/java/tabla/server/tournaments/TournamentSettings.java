package tabla.server.tournaments;

import tabla.core.tournament.Format;
import java.time.Instant;
import java.util.Map;
import tabla.core.clock.ClockSettings;
import tabla.core.match.Rules;
import tabla.server.kernel.Refused;

/**
 * What a tournament's creator chose, checked: bad values are a 400 with the reason and nothing is stored.
 * Always timed ({@code clock}); {@code startsAt} null: it starts when full; {@code consolation}: a knock-out's first-round
 * losers play a knock-out of their own.
 */
public record TournamentSettings(String name, Format format, int swissRounds, Rules rules, String mode,
    ClockSettings clock, int minPlayers, int maxPlayers, boolean rated, Instant startsAt, boolean consolation) {
  public static final int MAX_NAME = 60;
  /** The most entrants of a knock-out or Swiss (a 64-player knock-out plays six rounds). */
  public static final int MAX_PLAYERS = 64;
  /** Round robins grow as the square of the field: 16 players are already 120 matches. */
  public static final int MAX_ROUND_ROBIN = 16;
  /** A start further ahead than this is refused: nobody waits a month for a registration list. */
  public static final java.time.Duration MAX_START_AHEAD = java.time.Duration.ofDays(30);

  public TournamentSettings {
    if (name == null || name.isBlank() || name.length() > MAX_NAME) {
      throw invalid(TournamentCode.NAME_LENGTH, "'name' must be 1 to " + MAX_NAME + " characters", Map.of("max", MAX_NAME));
    }
    String refused = tabla.server.kernel.TextRule.refusal(name, "a tournament's name");
    if (refused != null) throw invalid(TournamentCode.NAME_TEXT, refused, Map.of());
    if (format == null) throw invalid(TournamentCode.FORMAT, "'format' must be 'knockout', 'roundRobin' or 'swiss'", Map.of());
    if (rules.isMoney()) throw invalid(TournamentCode.MONEY, "a tournament plays matches: give 'matchLength' of 1 or more", Map.of());
    // the clock is what forfeits a player who does not show: his time runs out like anyone's, and the round goes on
    if (clock == null) {
      throw invalid(TournamentCode.NO_CLOCK, "a tournament needs a time control ('clock' live, 'secondsPerMove' by correspondence), "
          + "so that a player who does not show loses on time", Map.of());
    }
    int most = format == Format.ROUND_ROBIN ? MAX_ROUND_ROBIN : MAX_PLAYERS;
    if (minPlayers < 2 || maxPlayers > most || minPlayers > maxPlayers) {
      throw invalid(TournamentCode.PLAYERS, "players: at least 2, at most " + most + " for this format, the minimum not above the maximum",
          Map.of("most", most));
    }
    if (format == Format.SWISS && (swissRounds < 1 || swissRounds > maxSwissRounds(minPlayers))) {
      throw invalid(TournamentCode.SWISS_ROUNDS, "a Swiss of at least " + minPlayers + " players plays 1 to " + maxSwissRounds(minPlayers)
          + " rounds ('rounds')", Map.of("min", minPlayers, "max", maxSwissRounds(minPlayers)));
    }
    if (format != Format.SWISS && swissRounds != 0) throw invalid(TournamentCode.ROUNDS_SWISS_ONLY, "only a Swiss takes 'rounds'", Map.of());
    if (consolation && format != Format.KNOCKOUT) {
      throw invalid(TournamentCode.CONSOLATION_KNOCKOUT, "only a knock-out has a consolation bracket", Map.of());
    }
  }

  private static Refused invalid(TournamentCode code, String why, Map<String, Object> args) {
    return Refused.of(Refused.Kind.INVALID, code, why, args);
  }

  /**
   * Rounds a Swiss of {@code n} may play: with at most n/2 rounds behind them, the pairs not yet met always pair up
   * (each entrant still has at least half the field left to meet), so no round can get stuck.
   */
  public static int maxSwissRounds(int n) {
    return Math.max(1, n / 2);
  }
}
