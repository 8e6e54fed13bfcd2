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
    assertThat(GameHub.player("random", tabla.core.variant.Variants.STANDARD, 1)).isInstanceOf(RandomPlayer.class);
    assertThat(GameHub.player("beginner", tabla.core.variant.Variants.STANDARD, 1)).isInstanceOf(NeuralPlayer.class);
    assertThat(GameHub.player("intermediate", tabla.core.variant.Variants.STANDARD, 1)).isInstanceOf(NeuralPlayer.class);
    assertThat(((SearchPlayer) GameHub.player("strong", tabla.core.variant.Variants.STANDARD, 1)).plies()).isEqualTo(1);
    assertThat(((SearchPlayer) GameHub.player("expert", tabla.core.variant.Variants.STANDARD, 1)).plies()).isEqualTo(2);
  }
}
