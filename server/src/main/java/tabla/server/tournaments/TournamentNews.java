package tabla.server.tournaments;

/**
 * What tournaments tell the site as it happens, over the site socket (/ws/site): the pages showing a tournament that
 * changed read it again, and a person whose match starts is told where its board is. Sent after the change is
 * committed; a page that missed one (a reconnect) reads the tournament again when its socket opens.
 */
public interface TournamentNews {
  TournamentNews NONE = new TournamentNews() {
    @Override
    public void changed(Changed c) {}

    @Override
    public void matchStarts(long user, MatchStarts m) {}
  };

  /** {"type":"tournament","id":N}: tournament N changed (an entrant, a result, a new match, its end). */
  record Changed(String type, long id) {
    public Changed(long id) {
      this("tournament", id);
    }
  }

  /** {"type":"tournamentMatch","tournamentId":N,"name":TOURNAMENT,"gameId":G,"opponent":NAME}: my match starts now. */
  record MatchStarts(String type, long tournamentId, String name, long gameId, String opponent) {
    public MatchStarts(long tournamentId, String name, long gameId, String opponent) {
      this("tournamentMatch", tournamentId, name, gameId, opponent);
    }
  }

  void changed(Changed c);

  void matchStarts(long user, MatchStarts m);
}
