package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tabla.bot.cube.Payoff;
import tabla.bot.eval.Evaluator;
import tabla.core.PlayGenerator;
import tabla.core.Position;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/**
 * {@link Evaluator#bestPlays} picks what the loops it replaced picked (the search's, the cube look ahead's at two
 * cubes, self-play's and the fit targets': the first play of highest value, one evaluation per play), on the positions
 * of seeded random games, for money and at a match score where gammons count differently at the two cubes.
 */
class BestPlaysTest {
  @Test
  void picksAsTheOldLoopDidForOneAndForTwoValues() {
    Evaluator eval = Evaluator.bundled();
    Evaluator.Scratch s = eval.scratch();
    PlayGenerator gen = new PlayGenerator();
    SplittableRandom rnd = new SplittableRandom(29);
    // 4-away 2-away at cube 1 and 2: a gammon is worth more at one cube than at the other
    Game match = Game.setUp(Rules.match(7), new Game.Seat(3, 5, false, false), Position.START, 0, 1);
    Payoff pay = Payoff.of(match, 0);
    OutcomeValues atCube = OutcomeValues.of(pay, 1);
    OutcomeValues atDoubled = OutcomeValues.of(pay, 2);
    int[] best = new int[2];
    float[] probs = new float[5];
    int compared = 0;
    int differentAtTheTwoCubes = 0;
    for (int game = 0; game < 12; game++) {
      Position pos = Position.START;
      for (int ply = 0; ply < 200; ply++) {
        int n = gen.generate(pos, rnd.nextInt(1, 7), rnd.nextInt(1, 7));
        if (n > 1) {
          eval.bestPlays(gen, n, s, best, probs, Evaluator::equity);
          assertThat(best[0]).isEqualTo(oldLoop(eval, s, gen, n, OutcomeValues.MONEY, true));
          float[] again = new float[5];
          eval.afterPlay(gen.result(best[0]), s, again);
          assertThat(probs).as("the best play's probabilities").containsExactly(again);

          eval.bestPlays(gen, n, s, best, null, atCube::mine, atDoubled::mine);
          assertThat(best[0]).isEqualTo(oldLoop(eval, s, gen, n, atCube, true));
          assertThat(best[1]).isEqualTo(oldLoop(eval, s, gen, n, atDoubled, true));
          if (best[0] != best[1]) differentAtTheTwoCubes++;

          eval.bestPlays(gen, n, s, best, null, atCube::theirs);
          assertThat(best[0]).isEqualTo(oldLoop(eval, s, gen, n, atCube, false));
          compared++;
        }
        Position next = n > 0 ? gen.result(rnd.nextInt(n)) : pos;
        if (next.mover(Position.OFF) == next.moverCheckers()) break;
        pos = next.swap();
      }
    }
    assertThat(compared).isGreaterThan(500);
    assertThat(differentAtTheTwoCubes).as("rolls whose best play differs at the two cubes").isPositive();
  }

  /** The loop each caller wrote before: strictly greater replaces, so the first of equal values stays. */
  private static int oldLoop(Evaluator eval, Evaluator.Scratch s, PlayGenerator gen, int n, OutcomeValues values,
      boolean chooser) {
    float[] probs = new float[5];
    double bestValue = Double.NEGATIVE_INFINITY;
    int best = -1;
    for (int i = 0; i < n; i++) {
      eval.afterPlay(gen.result(i), s, probs);
      double v = values.of(probs, chooser);
      if (v > bestValue) {
        bestValue = v;
        best = i;
      }
    }
    return best;
  }
}
