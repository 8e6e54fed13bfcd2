package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.bot.variant.VariantPlayer;
import tabla.core.dice.SeededDice;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Phase;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/** The router sends each variant to the player that can read its positions; the hypergammon net ships. */
class BotsTest {
  @Test
  void theBackgammonFamilyGetsTheNetworksAndEveryOtherVariantTheVariantBot() {
    for (Variant v : Variants.all()) {
      Player strong = Bots.forVariant(v, "strong", 1);
      boolean family = List.of("backgammon", "nackgammon", "hypergammon", "portes", "anti").contains(v.name());
      assertThat(strong).as(v.name()).isInstanceOf(family ? SearchPlayer.class : VariantPlayer.class);
      assertThat(Bots.forVariant(v, "random", 1)).as(v.name()).isInstanceOf(RandomPlayer.class);
      Player weak = Bots.forVariant(v, "beginner", 1);
      assertThat(weak).as(v.name())
          .isInstanceOf(family && !v.firstOffLoses() ? NeuralPlayer.class : VariantPlayer.class);
    }
  }

  @Test
  void hypergammonHasItsOwnNetworksAndTheOthersShareBackgammons() {
    assertThat(Bots.evaluatorFor(Variants.of("hypergammon"))).isSameAs(Bots.hypergammon());
    assertThat(Bots.evaluatorFor(Variants.of("nackgammon"))).isSameAs(Bots.standard());
    assertThat(Bots.hypergammon()).isNotSameAs(Bots.standard());
  }

  @Test
  void theNeuralPlayersRefuseAVariantTheyCannotRead() {
    Variant race = Variants.of("race"); // checkers waiting to enter: an extra cell the networks have no input for
    Rules rules = Rules.money().toBuilder().variant(race.name()).build();
    Match m = Match.start(rules).get();
    while (m.game().phase() != Phase.MOVE) m = SelfPlay.step(m, new RandomPlayer(1, 0, 1), new RandomPlayer(2, 0, 1), new SeededDice(3));
    Game g = m.game();
    assertThatThrownBy(() -> new SearchPlayer(Bots.standard(), 8, 0.16).play(g)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new NeuralPlayer(Bots.standard()).play(g)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Bots.evaluatorFor(race)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theHypergammonNetworksPlayLegalMovesToTheEnd() {
    Variant hyper = Variants.of("hypergammon");
    Rules rules = Rules.money().toBuilder().variant(hyper.name()).cube(false).jacoby(false).build();
    Player bot = Bots.forVariant(hyper, "strong", 1);
    for (int g = 0; g < 20; g++) {
      Match m = SelfPlay.play(rules, bot, new RandomPlayer(g, 0, 1), new SeededDice(g), 1); // throws on an illegal play
      assertThat(m.games().get(0).isOver()).isTrue();
    }
    // Their strength against the backgammon networks: coach's HypergammonStrengthTest.
  }
}
