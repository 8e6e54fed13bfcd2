package tabla.core.record;

/**
 * What a match record says besides the play: the players' names and the event. Every field but the
 * names may be null (not recorded).
 *
 * <p>Sides: player 0 is gnubg's player 0, SGF's White ({@code PW}, the {@code W[]} moves) and the
 * left column of a Jellyfish {@code .mat} file; player 1 is Black ({@code PB}) and the right column.
 *
 * @param date {@code YYYY-MM-DD}
 * @param rating0 free text, as SGF's {@code WR}
 */
public record RecordInfo(String player0, String player1, String event, String round, String place, String date,
    String annotator, String comment, String rating0, String rating1) {

  public RecordInfo {
    player0 = player0 == null || player0.isBlank() ? "Player 0" : player0;
    player1 = player1 == null || player1.isBlank() ? "Player 1" : player1;
  }

  public static RecordInfo of(String player0, String player1) {
    return new RecordInfo(player0, player1, null, null, null, null, null, null, null, null);
  }

  public String name(int player) {
    return player == 0 ? player0 : player1;
  }
}
