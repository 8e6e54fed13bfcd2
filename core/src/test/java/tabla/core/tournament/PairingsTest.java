package tabla.core.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PairingsTest {

  /** Plays a tournament to its end; the better seed (lower index) wins when {@code favourites}, else at random. */
  private static List<List<Result>> playOut(Format f, int n, int swissRounds, Random rnd, boolean favourites) {
    List<List<Result>> rounds = new ArrayList<>();
    for (List<Pair> pairs = Pairings.next(f, n, swissRounds, rounds); !pairs.isEmpty();
        pairs = Pairings.next(f, n, swissRounds, rounds)) {
      List<Result> results = new ArrayList<>();
      for (Pair p : pairs) {
        if (p.isBye()) results.add(Result.bye(p.first()));
        else if (favourites) results.add(new Result(p, Math.min(p.first(), p.second())));
        else results.add(new Result(p, rnd.nextBoolean() ? p.first() : p.second()));
      }
      rounds.add(results);
      assertThat(rounds.size()).as("rounds").isLessThanOrEqualTo(Pairings.rounds(f, n, swissRounds));
    }
    return rounds;
  }

  @Test
  void sixteenPlayerKnockOutPlaysFourRoundsWithNoByesAndTheFavouritesMeetLate() {
    List<List<Result>> rounds = playOut(Format.KNOCKOUT, 16, 0, null, true);
    assertThat(rounds).hasSize(4);
    assertThat(rounds.stream().mapToInt(List::size)).containsExactly(8, 4, 2, 1);
    assertThat(rounds.stream().flatMap(List::stream).noneMatch(r -> r.pair().isBye())).isTrue();
    assertThat(rounds.get(0)).extracting(r -> r.pair()).contains(new Pair(0, 15), new Pair(1, 14), new Pair(7, 8));
    assertThat(rounds.get(2)).extracting(r -> r.pair()).containsExactlyInAnyOrder(new Pair(0, 3), new Pair(1, 2));
    assertThat(rounds.get(3).get(0).pair()).isEqualTo(new Pair(0, 1));
    assertThat(Pairings.winner(Format.KNOCKOUT, 16, rounds)).isEqualTo(0);
    everyoneButTheWinnerLosesOnce(16, rounds);
  }

  @Test
  void thirteenPlayerKnockOutGivesTheThreeTopSeedsByesAndEndsWithOneWinner() {
    List<List<Result>> rounds = playOut(Format.KNOCKOUT, 13, 0, new Random(7), false);
    assertThat(rounds).hasSize(4);
    assertThat(rounds.get(0).stream().filter(r -> r.pair().isBye()).map(r -> r.pair().first()))
        .containsExactlyInAnyOrder(0, 1, 2);
    assertThat(rounds.get(0)).hasSize(8);
    assertThat(rounds.get(1)).hasSize(4).noneMatch(r -> r.pair().isBye());
    // everyone plays round one or has a bye, exactly once
    Set<Integer> seen = new HashSet<>();
    for (Result r : rounds.get(0)) {
      assertThat(seen.add(r.pair().first())).isTrue();
      if (!r.pair().isBye()) assertThat(seen.add(r.pair().second())).isTrue();
    }
    assertThat(seen).hasSize(13);
    everyoneButTheWinnerLosesOnce(13, rounds);
  }

  private static void everyoneButTheWinnerLosesOnce(int n, List<List<Result>> rounds) {
    Map<Integer, Integer> losses = new HashMap<>();
    rounds.stream().flatMap(List::stream).filter(r -> !r.pair().isBye()).forEach(r -> losses.merge(r.loser(), 1, Integer::sum));
    assertThat(losses).hasSize(n - 1).allSatisfy((who, count) -> assertThat(count).isEqualTo(1));
    assertThat(losses).doesNotContainKey(Pairings.winner(Format.KNOCKOUT, n, rounds));
  }

  @Test
  void roundRobinOfFiveMeetsEveryPairOnceWithOneByeARound() {
    List<List<Result>> rounds = playOut(Format.ROUND_ROBIN, 5, 0, new Random(1), false);
    assertThat(rounds).hasSize(5);
    Set<Set<Integer>> met = new HashSet<>();
    Map<Integer, Integer> byes = new HashMap<>();
    for (List<Result> round : rounds) {
      assertThat(round.stream().filter(r -> r.pair().isBye())).hasSize(1);
      Set<Integer> inRound = new HashSet<>();
      for (Result r : round) {
        assertThat(inRound.add(r.pair().first())).as("plays once a round").isTrue();
        if (r.pair().isBye()) byes.merge(r.pair().first(), 1, Integer::sum);
        else {
          assertThat(inRound.add(r.pair().second())).isTrue();
          assertThat(met.add(Set.of(r.pair().first(), r.pair().second()))).as("met once: %s", r.pair()).isTrue();
        }
      }
    }
    assertThat(met).hasSize(10); // 5 choose 2
    assertThat(byes).hasSize(5).allSatisfy((who, count) -> assertThat(count).isEqualTo(1));
  }

  @Test
  void roundRobinOfSixSeatsEachPlayerFirstTwoOrThreeTimes() {
    List<List<Result>> rounds = playOut(Format.ROUND_ROBIN, 6, 0, new Random(2), false);
    assertThat(rounds).hasSize(5);
    assertThat(Standings.of(6, rounds)).allSatisfy(l -> assertThat(l.seatZero()).isBetween(2, 3));
  }

  @Test
  void tenPlayerSwissOfFourRoundsNeverRepeatsAPairingAndStandsAsComputedIndependently() {
    for (long seed = 0; seed < 20; seed++) {
      List<List<Result>> rounds = playOut(Format.SWISS, 10, 4, new Random(seed), false);
      assertThat(rounds).hasSize(4);
      Set<Set<Integer>> met = new HashSet<>();
      for (List<Result> round : rounds) {
        assertThat(round).hasSize(5).noneMatch(r -> r.pair().isBye());
        for (Result r : round) assertThat(met.add(Set.of(r.pair().first(), r.pair().second()))).as("repeat %s", r.pair()).isTrue();
      }
      List<Standings.Line> table = Standings.of(10, rounds);
      assertThat(table).extracting(Standings.Line::entrant).containsExactlyElementsOf(independentOrder(10, rounds));
      assertThat(table).allSatisfy(l -> assertThat(l.seatZero()).as("seats of %s", l.entrant()).isBetween(1, 3));
    }
  }

  @Test
  void elevenPlayerSwissGivesEachByeToADifferentPlayerAndScoresItAsAWin() {
    List<List<Result>> rounds = playOut(Format.SWISS, 11, 5, new Random(3), false);
    Set<Integer> byes = new HashSet<>();
    for (List<Result> round : rounds) {
      List<Result> b = round.stream().filter(r -> r.pair().isBye()).toList();
      assertThat(b).hasSize(1);
      assertThat(byes.add(b.get(0).winner())).isTrue();
    }
    int totalWins = Standings.of(11, rounds).stream().mapToInt(Standings.Line::wins).sum();
    assertThat(totalWins).isEqualTo(5 * 6); // five games and a bye a round
  }

  /** Match wins, then the sum of the opponents' wins, then the seed: recounted here from the raw results. */
  private static List<Integer> independentOrder(int n, List<List<Result>> rounds) {
    Map<Integer, Integer> wins = new HashMap<>();
    Map<Integer, List<Integer>> opponents = new HashMap<>();
    for (int i = 0; i < n; i++) {
      wins.put(i, 0);
      opponents.put(i, new ArrayList<>());
    }
    for (List<Result> round : rounds) {
      for (Result r : round) {
        wins.put(r.winner(), wins.get(r.winner()) + 1);
        if (!r.pair().isBye()) {
          opponents.get(r.pair().first()).add(r.pair().second());
          opponents.get(r.pair().second()).add(r.pair().first());
        }
      }
    }
    List<Integer> order = new ArrayList<>(wins.keySet());
    order.sort((a, b) -> {
      if (!wins.get(a).equals(wins.get(b))) return wins.get(b) - wins.get(a);
      int ba = opponents.get(a).stream().mapToInt(wins::get).sum();
      int bb = opponents.get(b).stream().mapToInt(wins::get).sum();
      return ba != bb ? bb - ba : a - b;
    });
    return order;
  }

  @Test
  void aFieldOfTwoAndOfThreeKnockOutsEnd() {
    assertThat(playOut(Format.KNOCKOUT, 2, 0, null, true)).hasSize(1);
    List<List<Result>> three = playOut(Format.KNOCKOUT, 3, 0, null, true);
    assertThat(three).hasSize(2);
    assertThat(three.get(0).get(0).pair()).isEqualTo(new Pair(0, Pair.BYE));
  }
}
