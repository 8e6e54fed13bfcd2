package tabla.coach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;
import tabla.bot.HeuristicPlayer;
import tabla.bot.NeuralPlayer;
import tabla.bot.eval.Evaluator;

/** Training is reproducible whatever the number of threads, and the shipped weights load and play. */
class TrainerTest {

  static byte[] train(int threads) throws Exception {
    Trainer t = new Trainer(new Trainer.Settings(42, 16, 2, 12, 0.7, 0.1, threads), Evaluator.fresh(16, 42));
    t.run(0, 2, p -> {});
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
  void resumingGivesTheSameWeightsAsOneRun() throws Exception {
    Trainer.Settings s = new Trainer.Settings(42, 16, 2, 12, 0.7, 0.1, 2);
    Trainer first = new Trainer(s, Evaluator.fresh(16, 42));
    first.run(0, 1, p -> {});
    Trainer second = new Trainer(s, first.network());
    second.run(1, 2, p -> {});
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Trainer.save(second.network(), out);
    assertThat(out.toByteArray()).isEqualTo(train(1));
  }

  @Test
  void shippedWeightsBeatTheHeuristicPlayer() {
    double[] ppg = Strength.pointsPerGame(new NeuralPlayer(Evaluator.bundled()), new HeuristicPlayer(3, 0), 300, 99);
    assertThat(ppg[0] - 1.96 * ppg[1]).as("lower end of the 95%% interval, ppg %.3f", ppg[0]).isGreaterThan(0);
  }
}
