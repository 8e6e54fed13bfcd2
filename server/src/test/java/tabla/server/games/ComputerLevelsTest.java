package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.bot.NeuralPlayer;
import tabla.bot.RandomPlayer;
import tabla.bot.SearchPlayer;

/** Every level the lobby offers maps to its engine; "expert" searches 2-ply, "strong" 1-ply. */
class ComputerLevelsTest {
  @Test
  void levelsMapToTheirEngines() {
    assertThat(GameRoutes.LEVELS).containsExactlyInAnyOrder("random", "beginner", "intermediate", "strong", "expert");
    assertThat(BotTurns.player("random", tabla.core.variant.Variants.STANDARD, 1)).isInstanceOf(RandomPlayer.class);
    assertThat(BotTurns.player("beginner", tabla.core.variant.Variants.STANDARD, 1)).isInstanceOf(NeuralPlayer.class);
    assertThat(BotTurns.player("intermediate", tabla.core.variant.Variants.STANDARD, 1)).isInstanceOf(NeuralPlayer.class);
    assertThat(((SearchPlayer) BotTurns.player("strong", tabla.core.variant.Variants.STANDARD, 1)).plies()).isEqualTo(1);
    assertThat(((SearchPlayer) BotTurns.player("expert", tabla.core.variant.Variants.STANDARD, 1)).plies()).isEqualTo(2);
  }
}
