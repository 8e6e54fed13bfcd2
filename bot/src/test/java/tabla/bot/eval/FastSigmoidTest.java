package tabla.bot.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FastSigmoidTest {
  @Test
  void theArithmeticCurveFollowsTheExactOneEverywhere() {
    float worst = 0;
    for (float x = -40f; x <= 40f; x += 0.001f) {
      worst = Math.max(worst, Math.abs(Network.fastSigmoid(x) - Network.sigmoid(x)));
    }
    assertThat(worst).isLessThan(1e-6f);
    for (float x : new float[] {-1e30f, -100f, -89f, 89f, 100f, 1e30f, -Float.MAX_VALUE, Float.MAX_VALUE}) {
      assertThat(Network.fastSigmoid(x)).as("σ(%s)", x).isEqualTo(x < 0 ? 0f : 1f, within(1e-7f));
    }
    assertThat(Network.fastSigmoid(1e-30f)).isEqualTo(0.5f);
    assertThat(Network.fastSigmoid(0f)).isEqualTo(0.5f, within(1e-7f));
    assertThat(Float.isNaN(Network.fastSigmoid(Float.NaN))).isTrue();
  }

  @Test
  void thePlayingEvaluatorAgreesWithTheExactOne() {
    Evaluator exact = Evaluator.bundled();
    Evaluator playing = exact.withBearoff();
    Evaluator plain = new Evaluator(exact.contact, exact.race);
    float[] a = new float[5];
    float[] b = new float[5];
    tabla.core.Position p = tabla.core.Position.START;
    plain.evaluate(p, plain.scratch(), a);
    playing.evaluate(p, playing.scratch(), b);
    for (int i = 0; i < 5; i++) assertThat(b[i]).isEqualTo(a[i], within(2e-5f));
  }
}
