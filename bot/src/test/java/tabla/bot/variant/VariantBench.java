package tabla.bot.variant;

import tabla.bot.Bots;
import tabla.bot.Player;
import tabla.bot.RandomPlayer;
import tabla.bot.SelfPlay;
import tabla.core.dice.SeededDice;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * Measures the variant bots (not a test): for each variant, points per game of a level against
 * RandomPlayer over seeded cubeless games, seats alternating, and the bot's seconds per move.
 * Usage: VariantBench LEVEL GAMES [VARIANT ...]
 */
public final class VariantBench {
  public static void main(String[] args) {
    String level = args[0];
    int games = Integer.parseInt(args[1]);
    java.util.List<Variant> vs = new java.util.ArrayList<>();
    if (args.length > 2) for (int i = 2; i < args.length; i++) vs.add(Variants.of(args[i]));
    else vs.addAll(Variants.all());
    for (Variant v : vs) {
      Rules rules = Rules.money().toBuilder().variant(v.name()).cube(false).jacoby(false).build();
      double sum = 0, sq = 0;
      long[] time = new long[1];
      int[] moves = new int[1];
      long t0 = System.nanoTime();
      for (int g = 0; g < games; g++) {
        boolean botFirst = g % 2 == 0;
        Player inner = Bots.forVariant(v, level, g);
        Player bot = new Player() {
          @Override
          public Action.Move play(Game game) {
            long s = System.nanoTime();
            Action.Move m = inner.play(game);
            time[0] += System.nanoTime() - s;
            moves[0]++;
            return m;
          }
        };
        Player rnd = new RandomPlayer(1000 + g, 0, 1);
        Match m = SelfPlay.play(rules, botFirst ? bot : rnd, botFirst ? rnd : bot, new SeededDice(g), 1);
        GameResult r = m.games().get(0).result();
        int seat = botFirst ? 0 : 1;
        double pts = r.net(seat);
        sum += pts;
        sq += pts * pts;
      }
      double mean = sum / games;
      double se = Math.sqrt(Math.max(0, sq / games - mean * mean) / games);
      System.out.printf("%-14s %-12s %5d games  ppg %+.3f ± %.3f   %.4f s/move  (%.1f s total, %s)%n", v.name(), level,
          games, mean, 1.96 * se, time[0] / 1e9 / Math.max(1, moves[0]), (System.nanoTime() - t0) / 1e9,
          Bots.forVariant(v, level, 0).getClass().getSimpleName());
    }
  }
}
