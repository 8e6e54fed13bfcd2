package tabla.server.tournaments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.match.Rules;
import tabla.server.games.ClockJson;

/** What a delta between two views of a tournament holds: the lines that changed, and nothing that did not. */
class TournamentFeedTest {
  private static final List<TournamentView.Entrant> FOUR = List.of(entrant(0, "ann"), entrant(1, "ben"),
      new TournamentView.Entrant(2, "Computer (random)", "random", 1500), new TournamentView.Entrant(3,
          "Computer (strong)", "strong", 1500));

  private static TournamentView.Entrant entrant(int seed, String name) {
    return new TournamentView.Entrant(seed, name, null, 1500);
  }

  private static TournamentView view(long version, String status, Integer winner, List<List<TournamentView.MatchLine>> rounds,
      List<TournamentView.StandingLine> standings) {
    return new TournamentView(7, version, "Cup", "ann", "knockout", 0, Rules.match(1), "live", new ClockJson.View(0, 0),
        2, 4, true, null, status, null, FOUR, rounds, standings, winner, false, null, null);
  }

  @Test
  void aDeltaHoldsTheChangedLinesAndLeavesOutWhatStayed() {
    TournamentView.MatchLine semi0 = new TournamentView.MatchLine(0, 0, 0, 3, 11L, null);
    TournamentView.MatchLine semi1 = new TournamentView.MatchLine(0, 1, 1, 2, 12L, null);
    List<TournamentView.StandingLine> none = List.of(new TournamentView.StandingLine(0, "ann", 0, 0, 0));
    TournamentView before = view(5, "playing", null, List.of(List.of(semi0, semi1)), none);
    TournamentView.MatchLine semi0Won = new TournamentView.MatchLine(0, 0, 0, 3, 11L, 0);
    TournamentView.MatchLine semi1Won = new TournamentView.MatchLine(0, 1, 1, 2, 12L, 2);
    TournamentView.MatchLine fin = new TournamentView.MatchLine(1, 0, 0, 2, 13L, null);
    List<TournamentView.StandingLine> after = List.of(new TournamentView.StandingLine(0, "ann", 1, 0, 0));
    TournamentView now = view(8, "playing", null, List.of(List.of(semi0Won, semi1Won), List.of(fin)), after);

    TournamentFeed.Delta d = TournamentFeed.Delta.between(before, now);
    assertThat(d.type()).isEqualTo("tournamentDelta");
    assertThat(d.from()).isEqualTo(5);
    assertThat(d.version()).isEqualTo(8);
    assertThat(d.matches()).containsExactly(semi0Won, semi1Won, fin);
    assertThat(d.entrants()).as("unchanged: left out").isNull();
    assertThat(d.standings()).isEqualTo(after);

    TournamentView done = view(9, "finished", 0, List.of(List.of(semi0Won, semi1Won), List.of(
        new TournamentView.MatchLine(1, 0, 0, 2, 13L, 0))), after);
    TournamentFeed.Delta end = TournamentFeed.Delta.between(now, done);
    assertThat(end.matches()).extracting(TournamentView.MatchLine::round).containsExactly(1);
    assertThat(end.status()).isEqualTo("finished");
    assertThat(end.winner()).isZero();
    assertThat(end.standings()).isNull();
  }
}
