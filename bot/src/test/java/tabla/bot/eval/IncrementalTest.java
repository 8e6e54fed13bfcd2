package tabla.bot.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tabla.core.PlayGenerator;
import tabla.core.Position;

/** The incremental evaluation of a position's plays gives what the full one gives, along random games. */
class IncrementalTest {
  @Test
  void everyPlayValuedIncrementallyAsInFull() {
    assertThat(checkedAlongRandomGames(Evaluator.bundled())).isGreaterThan(5000);
    assertThat(checkedAlongRandomGames(ContactNetTest.BOARD_ONLY.withBearoff())).as("board inputs only").isGreaterThan(5000);
  }

  /**
   * With a contact network that reads the contact inputs, whose weights are random (so every input moves the
   * result), the incremental sums still agree: those inputs are recomputed for each play's result.
   */
  @Test
  void withTheContactInputsEveryPlayValuedIncrementallyAsInFull() {
    Evaluator eval = Evaluator.bundled().withContact(ContactNetTest.randomized(ContactNet.widen(Evaluator.bundled()), 3));
    assertThat(eval.readsContactInputs()).isTrue();
    assertThat(checkedAlongRandomGames(eval)).isGreaterThan(5000);
  }

  /** A contact network with more hidden units than the race network's: the sums are sized by each network. */
  @Test
  void withMoreHiddenUnitsEveryPlayValuedIncrementallyAsInFull() {
    ContactNet wide = ContactNetTest.randomized(ContactNet.widen(Evaluator.bundled(), 32, 9), 4);
    for (int k = 0; k < 30; k++) wide.learn(Position.START, wide.scratch(), new float[] {1, 0.5f, 0, 0, 0}, 0.05f);
    Evaluator eval = Evaluator.bundled().withContact(wide);
    assertThat(checkedAlongRandomGames(eval)).isGreaterThan(5000);
  }

  /** Every play of random games valued both ways; returns how many were compared. */
  private static int checkedAlongRandomGames(Evaluator eval) {
    Evaluator.Scratch s = eval.scratch();
    Evaluator.Incremental inc = eval.incremental();
    PlayGenerator gen = new PlayGenerator();
    SplittableRandom rnd = new SplittableRandom(5);
    float[] a = new float[5];
    float[] b = new float[5];
    int checked = 0;
    for (int game = 0; game < 20; game++) {
      Position pos = Position.START;
      for (int ply = 0; ply < 200; ply++) {
        int n = gen.generate(pos, rnd.nextInt(1, 7), rnd.nextInt(1, 7));
        inc.base(pos);
        Position next = pos;
        for (int i = 0; i < n; i++) {
          Position r = gen.result(i);
          eval.afterPlay(r, s, a);
          inc.afterPlay(r, b);
          for (int o = 0; o < 5; o++) assertThat(b[o]).as("output " + o).isCloseTo(a[o], offset(2e-5f));
          checked++;
        }
        if (n > 0) next = gen.result(rnd.nextInt(n));
        if (next.mover(Position.OFF) == next.moverCheckers()) break;
        pos = next.swap();
      }
    }
    return checked;
  }
}
