package tabla.core.tournament;

import java.util.List;

/** The next round of any format, from the results so far: the one entry point the stored tournament calls. */
public final class Pairings {
  private Pairings() {}

  /**
   * The pairs of the round after {@code rounds} (complete rounds, each in the order it was paired) for {@code n}
   * entrants; empty when the tournament is over. {@code swissRounds} is the Swiss's set number of rounds.
   */
  public static List<Pair> next(Format format, int n, int swissRounds, List<List<Result>> rounds) {
    int r = rounds.size();
    return switch (format) {
      case KNOCKOUT -> r == 0 ? Knockout.firstRound(n) : Knockout.next(rounds.get(r - 1));
      case ROUND_ROBIN -> r < RoundRobin.rounds(n) ? RoundRobin.round(n, r) : List.of();
      case SWISS -> r < swissRounds
          ? Swiss.next(n, rounds).orElseThrow(() -> new IllegalStateException("no Swiss pairing without a repeat"))
          : List.of();
    };
  }

  /** How many rounds the tournament plays. */
  public static int rounds(Format format, int n, int swissRounds) {
    return switch (format) {
      case KNOCKOUT -> Knockout.rounds(n);
      case ROUND_ROBIN -> RoundRobin.rounds(n);
      case SWISS -> swissRounds;
    };
  }

  /** The winner once over: the knock-out's last winner, else the top of the standings. */
  public static int winner(Format format, int n, List<List<Result>> rounds) {
    if (format == Format.KNOCKOUT) return rounds.get(rounds.size() - 1).get(0).winner();
    return Standings.of(n, rounds).get(0).entrant();
  }
}
