package tabla.server.tournaments;

/**
 * What tournaments tell the site as it happens, over the site socket (/ws/site): the pages showing a tournament get
 * what changed ({@link TournamentFeed}), and a person whose match starts is told where its board is. Sent after the
 * change is committed; a page that missed one (a reconnect) gets the whole tournament when it watches again.
 */
public interface TournamentNews {
  TournamentNews NONE = new TournamentNews() {
    @Override
    public void toWatchers(long id, TournamentFeed.Message m) {}

    @Override
    public void matchStarts(long user, MatchStarts m) {}
  };

  /**
   * {"type":"tournamentMatch","tournamentId":N,"name":TOURNAMENT,"gameId":G,"opponent":NAME,"opponentLevel":LEVEL}: my
   * match starts now; {@code opponentLevel} is set when the opponent is the computer (pages name it in their language).
   */
  record MatchStarts(String type, long tournamentId, String name, long gameId, String opponent, String opponentLevel) {
    public MatchStarts(long tournamentId, String name, long gameId, String opponent, String opponentLevel) {
      this("tournamentMatch", tournamentId, name, gameId, opponent, opponentLevel);
    }
  }

  /** Sends {@code m} to every page showing tournament {@code id}. */
  void toWatchers(long id, TournamentFeed.Message m);

  void matchStarts(long user, MatchStarts m);
}
