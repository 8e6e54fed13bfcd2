package tabla.coach;

import tabla.bot.Player;
import tabla.bot.SelfPlay;
import tabla.core.dice.SeededDice;
import tabla.core.match.GameResult;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** Points per game of one player against another in cubeless money games, seats alternating. */
public final class Strength {
  private static final Rules CUBELESS = Rules.money().toBuilder().cube(false).jacoby(false).build();

  private Strength() {}

  /** Mean points per game for {@code a} over {@code games} games, and the standard error. */
  public static double[] pointsPerGame(Player a, Player b, int games, long seed) {
    return pointsPerGame(a, b, games, seed, tabla.core.variant.Variants.STANDARD.name());
  }

  /** The same in a variant (cubeless: the cube is off whatever the variant allows). */
  public static double[] pointsPerGame(Player a, Player b, int games, long seed, String variant) {
    Rules rules = CUBELESS.toBuilder().variant(variant).build();
    double sum = 0;
    double sq = 0;
    for (int g = 0; g < games; g++) {
      boolean aFirst = g % 2 == 0;
      Match m = SelfPlay.play(rules, aFirst ? a : b, aFirst ? b : a, new SeededDice(seed + g), 1);
      GameResult r = m.games().get(0).result();
      int aSeat = aFirst ? 0 : 1;
      double pts = r.net(aSeat);
      sum += pts;
      sq += pts * pts;
    }
    double mean = sum / games;
    double sd = Math.sqrt(Math.max(0, sq / games - mean * mean));
    return new double[] {mean, sd / Math.sqrt(games)};
  }
}
