package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.bot.eval.Trainer;

/** Training is reproducible whatever the number of threads, and the shipped weights load and play. */
class TrainerTest {

  static byte[] train(int threads) throws Exception {
    Trainer t = new Trainer(new Trainer.Settings(42, 16, 2, 12, 0.7, 0.1, threads), Evaluator.fresh(16, 42));
    t.run(0, p -> {});
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Trainer.save(t.network(), out);
    return out.toByteArray();
  }

  @Test
  void sameSeedSameWeightsWhateverTheThreads() throws Exception {
    byte[] one = train(1);
    assertThat(train(3)).isEqualTo(one);
    assertThat(Evaluator.read(new ByteArrayInputStream(one))).isNotNull();
  }

  @Test
  void shippedWeightsBeatTheHeuristicPlayer() {
    double[] ppg = Strength.pointsPerGame(new NeuralPlayer(Evaluator.bundled()), new HeuristicPlayer(3, 0), 300, 99);
    assertThat(ppg[0] - 1.96 * ppg[1]).as("lower end of the 95%% interval, ppg %.3f", ppg[0]).isGreaterThan(0);
  }
}
