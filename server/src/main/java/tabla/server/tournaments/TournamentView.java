package tabla.server.tournaments;

import java.util.List;
import tabla.core.match.Rules;
import tabla.server.games.ClockJson;

/**
 * A tournament as the API shows it, at {@code version} (one up, or more, with each change). Entrants are listed by seed once it started (by registration before);
 * {@code rounds} holds every paired round's matches; {@code standings} is the table (match wins, then Buchholz).
 * Times are epoch ms; {@code startsAt} null: it starts when full. A knock-out with {@code consolation} gets a consolation
 * bracket once its first round is decided: a tournament of its own ({@code consolationId}), whose {@code parentId} names
 * this one.
 */
public record TournamentView(long id, long version, String name, String creator, String format, int swissRounds, Rules rules,
    String mode, ClockJson.View clock, int minPlayers, int maxPlayers, boolean rated, Long startsAt, String status,
    String note, List<Entrant> entrants, List<List<MatchLine>> rounds, List<StandingLine> standings, Integer winner,
    boolean consolation, Long consolationId, Long parentId) {

  /** {@code seed} null before the start; {@code level} set for a computer player. */
  public record Entrant(Integer seed, String name, String level, double rating) {}

  /**
   * One pairing: seeds of both sides ({@code second} null for a bye), its game (null for a bye or a match between two
   * computer players, played off the board), and the winner's seed once decided.
   */
  public record MatchLine(int round, int slot, int first, Integer second, Long gameId, Integer winner) {}

  public record StandingLine(int seed, String name, int wins, int losses, int buchholz) {}

  /** A line of the tournament list ({@code parentId} set: a consolation bracket, named as its main tournament). */
  public record Summary(long id, String name, String format, String status, int players, int maxPlayers,
      Long startsAt, Long parentId) {}

  /**
   * A line of "my tournaments": one I entered, with the board of my match that is on ({@code gameId} and my
   * {@code opponent}, null when I wait or am out; {@code opponentLevel} set when that is the computer) and whether I won it.
   */
  public record Mine(long id, String name, String format, String status, Long gameId, String opponent,
      String opponentLevel, boolean won, Long parentId) {}

  /** A title: the tournament a player won ({@code parentId} set: its consolation bracket). */
  public record Title(long id, String name, String format, Long parentId) {}
}
