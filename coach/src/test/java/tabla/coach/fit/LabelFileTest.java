package tabla.coach.fit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.core.Position;
import tabla.core.Result;

/** Labels written and read back are the labels made, bit for bit; a damaged file is refused with its line. */
class LabelFileTest {
  static final Evaluator EVAL = Evaluator.bundled();

  @Test
  void labelsReadBackExactly() throws Exception {
    List<Position> positions = SelfPlayPositions.collect(EVAL, 1, 5, Set.of()).subList(0, 12);
    SupervisedFit.Labelled made = SupervisedFit.label(EVAL, positions, 1, 2, n -> {});
    StringWriter w = new StringWriter();
    LabelFile.write(made, "made by a test\nsecond line", w);
    assertThat(w.toString()).startsWith("# made by a test\n# second line\n");
    Result<SupervisedFit.Labelled> back = LabelFile.read(new StringReader(w.toString()));
    assertThat(back.isOk()).as(String.valueOf(back.error())).isTrue();
    assertThat(back.get().positions()).isEqualTo(positions);
    assertThat(back.get().targets()).isDeepEqualTo(made.targets());
  }

  @Test
  void aDamagedFileIsRefusedWithItsLine() throws Exception {
    String good = "4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0\n";
    assertThat(LabelFile.read(new StringReader("# c\n" + good + "4HPwATDgc/ABMA 0.5 0.1\n")).error())
        .startsWith("line 3:");
    assertThat(LabelFile.read(new StringReader(good + "notAnId!!!!!!! 0.5 0.1 0 0 0\n")).error()).startsWith("line 2:");
    assertThat(LabelFile.read(new StringReader(good + "4HPwATDgc/ABMA 0.5 x 0 0 0\n")).error()).startsWith("line 2:");
    assertThat(LabelFile.read(new StringReader(good + "4HPwATDgc/ABMA 1.5 0 0 0 0\n")).error())
        .isEqualTo("line 2: probabilities lie in [0, 1]");
    assertThat(LabelFile.read(new StringReader(good)).get().positions()).hasSize(1);
  }
}
