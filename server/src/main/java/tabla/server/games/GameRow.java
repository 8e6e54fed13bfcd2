package tabla.server.games;

import tabla.core.clock.ClockSettings;

/**
 * A game (match or money session) as stored: its seats and options. A seat holds a user id, or
 * null when the computer sits there ({@code botSeat}); {@code clock} is null for an untimed game.
 */
public record GameRow(long id, String rules, String mode, Long player0, Long player1, String botLevel,
    Integer botSeat, String status, int version, ClockSettings clock) {

  public Long player(int seat) {
    return seat == 0 ? player0 : player1;
  }

  public boolean isBot(int seat) {
    return botSeat != null && botSeat == seat;
  }

  /** How the computer's seat is named to people. */
  public static String botName(String level) {
    return "Computer (" + level + ")";
  }
}
