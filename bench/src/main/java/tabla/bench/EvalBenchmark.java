package tabla.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tabla.bot.eval.Evaluator;

/**
 * Static evaluations per second on one thread: the networks on the 1,000 corpus positions (each seen
 * by its player on roll), as GNU Backgammon's {@code calibrate} counts its static evaluations.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class EvalBenchmark {
  private CorpusPositions corpus;
  private Evaluator eval;
  private Evaluator.Scratch scratch;
  private final float[] out = new float[5];

  @Setup
  public void load() {
    corpus = new CorpusPositions();
    eval = Evaluator.bundled().networksOnly(); // the networks only: the bear-off database would flatter the count
    scratch = eval.scratch();
  }

  @Benchmark
  @OperationsPerInvocation(CorpusPositions.COUNT)
  public float evaluate() {
    float sum = 0;
    for (int i = 0; i < CorpusPositions.COUNT; i++) {
      eval.evaluate(corpus.positions[i], scratch, out);
      sum += out[0];
    }
    return sum;
  }
}
