package tabla.core.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The table after some rounds: match wins (a bye or walkover counts as a win), then Buchholz (the sum of the match wins
 * of the opponents met; a bye adds nothing), then the seed. The published tie-break of every format.
 */
public final class Standings {
  private Standings() {}

  /** One entrant's line; {@code seatZero} counts the matches it sat first in (for Swiss colours). */
  public record Line(int entrant, int wins, int losses, int buchholz, int byes, int seatZero) {}

  /** The lines of {@code n} entrants after {@code rounds}, best first. */
  public static List<Line> of(int n, List<List<Result>> rounds) {
    int[] wins = new int[n];
    int[] losses = new int[n];
    int[] byes = new int[n];
    int[] seatZero = new int[n];
    for (List<Result> round : rounds) {
      for (Result r : round) {
        wins[r.winner()]++;
        if (r.pair().isBye()) byes[r.winner()]++;
        else {
          losses[r.loser()]++;
          seatZero[r.pair().first()]++;
        }
      }
    }
    int[] buchholz = new int[n];
    for (List<Result> round : rounds) {
      for (Result r : round) {
        if (r.pair().isBye()) continue;
        buchholz[r.pair().first()] += wins[r.pair().second()];
        buchholz[r.pair().second()] += wins[r.pair().first()];
      }
    }
    List<Line> lines = new ArrayList<>();
    for (int i = 0; i < n; i++) lines.add(new Line(i, wins[i], losses[i], buchholz[i], byes[i], seatZero[i]));
    lines.sort(Comparator.comparingInt(Line::wins).reversed().thenComparing(Comparator.comparingInt(Line::buchholz).reversed())
        .thenComparingInt(Line::entrant));
    return lines;
  }
}
