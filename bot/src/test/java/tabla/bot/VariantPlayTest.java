package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.core.dice.SeededDice;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/** The bot plays every variant legally to the end, and plays Anti backgammon to lose the race. */
class VariantPlayTest {

  static int wins(String variant, int games) {
    Variant v = Variants.of(variant);
    Rules r = Rules.money().toBuilder().variant(variant).jacoby(false).cube(v.cubeAllowed()).build();
    int won = 0;
    for (int g = 0; g < games; g++) {
      boolean first = g % 2 == 0;
      Player bot = new SearchPlayer(Evaluator.bundled(), 8, 0.16);
      Player random = new RandomPlayer(g, 0, 1);
      Match m = SelfPlay.play(r, first ? bot : random, first ? random : bot, new SeededDice(g), 1);
      if (m.games().get(0).result().winner() == (first ? 0 : 1)) won++;
    }
    return won;
  }

  @Test
  void theBotBeatsARandomPlayerInEveryVariant() {
    for (Variant v : Variants.all()) {
      // The networks know backgammon only; in Plakoto pins and the mother are seen just one roll ahead
      // (SearchPlayer asks the variant), which wins 28 of these 40 seeded games (16 without).
      int needed = v.name().equals("plakoto") ? 25 : 30;
      assertThat(wins(v.name(), 40)).as(v.name()).isGreaterThanOrEqualTo(needed);
    }
  }
}
