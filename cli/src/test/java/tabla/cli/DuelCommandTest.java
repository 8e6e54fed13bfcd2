package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The duel of two standard players (weights files against each other), and its duplicate scoring. */
class DuelCommandTest {
  @Test
  void aDuplicateDuelOfAPlayerWithItselfCancelsPairByPair() throws Exception {
    // The same deterministic player in both seats: each seed's second game is its first with the seats swapped, so
    // A's points in the pair sum to zero exactly; without --duplicate the games differ and the dice decide.
    String dup = duel("--duplicate");
    assertThat(dup).contains("A +0.0000 points/game, standard error 0.0000");
    String plain = duel();
    assertThat(plain).doesNotContain("A +0.0000 points/game, standard error 0.0000").contains("points/game");
  }

  @Test
  void anOddDuplicateDuelOrAnUnknownSearchDepthIsRefused() throws Exception {
    assertThat(Main.run("duel", "--variant", "backgammon", "--a", "search:0", "--b", "search:0", "--games", "3",
        "--duplicate")).isEqualTo(2);
    assertThat(Main.run("duel", "--variant", "backgammon", "--a", "search:3", "--b", "search:0", "--games", "2"))
        .isEqualTo(2);
    assertThat(Main.run("duel", "--variant", "nardy", "--a", "search:0", "--b", "net:0", "--games", "2")).isEqualTo(2);
  }

  @Test
  void takingTheLuckOutShrinksTheErrorOfTheSameGames() throws Exception {
    // The same player in both seats, seats alternating: the dice alone decide, and each roll's luck is what they
    // gave, so the points less the luck vary far less than the points (about a third of the error at 400 games).
    String out = duelOf(40, "--luck");
    java.util.regex.Matcher adjusted = java.util.regex.Pattern
        .compile("40 games .*?: A ([-+][0-9.]+) points/game, standard error ([0-9.]+)").matcher(out);
    java.util.regex.Matcher plain = java.util.regex.Pattern
        .compile("without that: A ([-+][0-9.]+) points/game, standard error ([0-9.]+)").matcher(out);
    assertThat(adjusted.find()).as(out).isTrue();
    assertThat(plain.find()).as(out).isTrue();
    assertThat(Double.parseDouble(adjusted.group(2))).isPositive()
        .isLessThan(Double.parseDouble(plain.group(2)) / 2);
    assertThat(Main.run("duel", "--variant", "nardy", "--a", "net:0", "--b", "net:0", "--games", "2", "--luck"))
        .isEqualTo(2);
  }

  @Test
  void pairsAreScoredByTheirMeans() {
    double[] pts = {1, -1, 2, 0, -1, 1, 3, -1};
    double[] dup = DuelScore.of(pts, 8, true); // pair means 0, 1, 0, 1
    assertThat(dup[0]).isEqualTo(0.5);
    assertThat(dup[1]).isCloseTo(Math.sqrt(1.0 / 3 / 4), within(1e-12));
    double[] plain = DuelScore.of(pts, 8, false);
    assertThat(plain[0]).isEqualTo(0.5);
    assertThat(plain[1]).isCloseTo(Math.sqrt((18 - 8 * 0.25) / 7 / 8), within(1e-12));
    assertThatThrownBy(() -> DuelScore.of(pts, 7, true)).isInstanceOf(IllegalArgumentException.class);
  }

  private static String duel(String... extra) throws Exception {
    return duelOf(6, extra);
  }

  private static String duelOf(int games, String... extra) throws Exception {
    String[] base = {"duel", "--variant", "backgammon", "--a", "search:0", "--b", "search:0", "--games",
        String.valueOf(games), "--seed", "11"};
    String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return Printed.stdout(args);
  }
}
