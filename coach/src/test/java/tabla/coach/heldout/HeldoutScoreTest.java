package tabla.coach.heldout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.bot.eval.Phase;
import tabla.core.PlayGenerator;

/** The held-out report: its phase split, its error formula and its look-ahead, on a fixture of eight positions. */
class HeldoutScoreTest {
  static final Evaluator EVAL = Evaluator.bundled();
  /** The fixture's positions by the phase each was picked for (real held-out rollouts, two of each phase). */
  static final Map<Phase, List<String>> PHASES = Map.of(
      Phase.CONTACT, List.of("4HPkQSDgM/IAWA", "sNfggCHgOfIACw"),
      Phase.BEAROFF_CONTACT, List.of("O94BAMBu7wCAAA", "recPAADW7gwAAw"),
      Phase.CRASHED, List.of("bbcbAADbnQkAYA", "2O4NAQhmOwDATQ"),
      Phase.RACE, List.of("3wAAANudQ0AAAA", "7QYAAJzdQ0QAAA"));

  static List<HeldoutSet.Entry> fixture() throws Exception {
    try (Reader in = new InputStreamReader(HeldoutScoreTest.class.getResourceAsStream("fixture.jsonl"), StandardCharsets.UTF_8)) {
      return HeldoutSet.read(in).get();
    }
  }

  @Test
  void errorStatisticsByHand() {
    // Absolute errors 0.1, 0.2, 0.3: mean 0.2, sample deviation 0.1, so the mean's standard error is 0.1 / √3.
    ErrorStats s = ErrorStats.of(new double[] {0.1, -0.2, 0.5}, new double[] {0, 0, 0.2}, new double[] {0.01, 0.02, 0.03});
    assertThat(s.n()).isEqualTo(3);
    assertThat(s.meanAbsError()).isCloseTo(0.2, within(1e-12));
    assertThat(s.standardError()).isCloseTo(0.1 / Math.sqrt(3), within(1e-12));
    assertThat(s.meanError()).isCloseTo(0.2 / 3, within(1e-12));
    assertThat(s.rolloutError()).isCloseTo(0.02, within(1e-12));
  }

  @Test
  void zeroPlyReportSplitsByPhaseAndAveragesAbsoluteErrors() throws Exception {
    List<HeldoutSet.Entry> set = fixture();
    HeldoutScore.Report r = HeldoutScore.score(EVAL, set, 0);
    float[] probs = new float[5];
    double total = 0;
    for (Phase ph : Phase.values()) {
      double sum = 0;
      for (String id : PHASES.get(ph)) {
        HeldoutSet.Entry e = set.stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
        EVAL.evaluate(e.position(), EVAL.scratch(), probs);
        sum += Math.abs(Evaluator.equity(probs) - e.equity());
      }
      assertThat(r.byPhase().get(ph).n()).as(ph.name()).isEqualTo(2);
      assertThat(r.byPhase().get(ph).meanAbsError()).as(ph.name()).isCloseTo(sum / 2, within(1e-6));
      total += sum;
    }
    assertThat(r.all().n()).isEqualTo(8);
    assertThat(r.all().meanAbsError()).isCloseTo(total / 8, within(1e-6));
  }

  @Test
  void onePlyIsTheMeanOverTheRollsOfTheBestPlay() throws Exception {
    HeldoutSet.Entry e = fixture().get(0);
    PlayGenerator gen = new PlayGenerator();
    float[] probs = new float[5];
    double sum = 0;
    for (int a = 1; a <= 6; a++) {
      for (int b = 1; b <= 6; b++) { // all 36 ordered rolls: no weights to get wrong
        double best = Double.NEGATIVE_INFINITY;
        int n = gen.generate(e.position(), a, b);
        if (n == 0) {
          EVAL.evaluate(e.position().swap(), EVAL.scratch(), probs);
          best = -Evaluator.equity(probs);
        }
        for (int i = 0; i < n; i++) {
          EVAL.afterPlay(gen.result(i), EVAL.scratch(), probs);
          best = Math.max(best, Evaluator.equity(probs));
        }
        sum += best;
      }
    }
    HeldoutScore.Report r = HeldoutScore.score(EVAL, List.of(e), 1);
    assertThat(r.all().meanAbsError()).isCloseTo(Math.abs(sum / 36 - e.equity()), within(1e-5));
  }

  @Test
  void badLinesAreRefusedWithTheirNumber() throws Exception {
    String good = "{\"position\":\"4HPwATDgc/ABMA\",\"equity\":[0.1,0.01]}";
    assertThat(HeldoutSet.read(new StringReader(good + "\n\n" + good)).get()).hasSize(2);
    assertThat(HeldoutSet.read(new StringReader(good + "\n{\"position\":\"4HPwATDgc/ABMA\"}")).error())
        .startsWith("line 2:").contains("equity");
    assertThat(HeldoutSet.read(new StringReader("{\"position\":\"nonsense\",\"equity\":[0,0]}")).error()).startsWith("line 1:");
    assertThat(HeldoutSet.read(new StringReader("[1,")).error()).startsWith("line 1: not JSON");
    assertThat(HeldoutSet.read(new StringReader("")).error()).isEqualTo("no positions");
  }
}
