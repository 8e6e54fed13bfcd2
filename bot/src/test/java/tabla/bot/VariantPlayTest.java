package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.bot.variant.GenericEvaluator;
import tabla.bot.variant.VariantPlayer;
import tabla.core.dice.SeededDice;
import tabla.core.match.GameResult;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * Every variant's computer (as {@link Bots#forVariant} picks it) plays legally to the end and beats a
 * random player: a loop over {@link Variants#all()}, so variants added later are covered. The points
 * come from the engine's result, so Anti backgammon's reversed objective is judged by its own rules.
 */
class VariantPlayTest {
  static final int GAMES = 30;

  /** Points won by {@code bot} against RandomPlayer over seeded cubeless games, seats alternating. */
  static int points(Variant v, java.util.function.LongFunction<Player> bot, int games) {
    Rules r = Rules.money().toBuilder().variant(v.name()).jacoby(false).cube(false).build();
    int sum = 0;
    for (int g = 0; g < games; g++) {
      boolean first = g % 2 == 0;
      Player b = bot.apply(g);
      Player random = new RandomPlayer(g, 0, 1);
      Match m = SelfPlay.play(r, first ? b : random, first ? random : b, new SeededDice(g), 1);
      GameResult res = m.games().get(0).result();
      sum += res.net(first ? 0 : 1);
    }
    return sum;
  }

  @Test
  void theComputerBeatsARandomPlayerInEveryVariant() {
    for (Variant v : Variants.all()) {
      // Fast enough for a test: the networks for the backgammon family; the generic evaluation at 0-ply for
      // the rest, at 1-ply where there are no dice (a single reply to look at, as cheap) and in Cloning, where
      // 0-ply cannot see that a hit both sends a checker back and gives the hitter one more to bring home.
      long t = System.nanoTime();
      int plies = !v.usesDice() || v.name().startsWith("cloning") ? 1 : 0;
      int pts = points(v, seed -> Bots.neural(v) && !v.firstOffLoses() ? Bots.forVariant(v, "strong", seed)
          : new VariantPlayer(new GenericEvaluator(v), plies, 6, 0.25, 0, seed), GAMES);
      System.out.printf("%s: %+d points in %d games against random (%.1f s)%n", v.name(), pts, GAMES,
          (System.nanoTime() - t) / 1e9);
      // A random player wins about as much as it loses; the bot must be clearly ahead (a third of a point a game).
      assertThat(pts).as(v.name()).isGreaterThanOrEqualTo(GAMES / 3);
    }
  }

  @Test
  void theOnePlyVariantBotBeatsARandomPlayerInRace() {
    Variant race = Variants.of("race");
    assertThat(Bots.forVariant(race, "strong", 1)).isInstanceOf(VariantPlayer.class);
    assertThat(points(race, seed -> Bots.forVariant(race, "strong", seed), 10)).isGreaterThanOrEqualTo(10);
  }
}
