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
import tabla.bot.eval.ContactInputs;
import tabla.core.PlayGenerator;
import tabla.core.Position;

/**
 * The cost of the contact inputs per position, on the 1,000 corpus positions (set beside {@link EvalBenchmark}'s
 * evaluations per second: what adding them to every evaluation would cost). {@code cheap} is every input but the
 * hitting rolls, for both sides; {@code shots} the hitting rolls counted from the board, {@code hittingRolls} by
 * the legal plays (21 move generations), each for both sides.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ContactInputsBenchmark {
  private CorpusPositions corpus;
  private Position[] swapped;
  private final PlayGenerator gen = new PlayGenerator();

  @Setup
  public void load() {
    corpus = new CorpusPositions();
    swapped = new Position[CorpusPositions.COUNT];
    for (int i = 0; i < CorpusPositions.COUNT; i++) swapped[i] = corpus.positions[i].swap();
  }

  @Benchmark
  @OperationsPerInvocation(CorpusPositions.COUNT)
  public int cheap() {
    int sum = 0;
    for (int i = 0; i < CorpusPositions.COUNT; i++) sum += side(corpus.positions[i]) + side(swapped[i]);
    return sum;
  }

  private static int side(Position p) {
    return ContactInputs.escapes(p, ContactInputs.rearmost(p)) + ContactInputs.escapes(p, ContactInputs.secondRearmost(p))
        + ContactInputs.containment(p) + ContactInputs.primeLength(p) + ContactInputs.primeTop(p)
        + ContactInputs.enteringRolls(p) + ContactInputs.timing(p) + ContactInputs.opponentPipsToHome(p)
        + ContactInputs.trapped(p);
  }

  @Benchmark
  @OperationsPerInvocation(CorpusPositions.COUNT)
  public int shots() {
    int sum = 0;
    for (int i = 0; i < CorpusPositions.COUNT; i++) {
      sum += ContactInputs.shots(corpus.positions[i]) + ContactInputs.shots(swapped[i]);
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(CorpusPositions.COUNT)
  public int hittingRolls() {
    int sum = 0;
    for (int i = 0; i < CorpusPositions.COUNT; i++) {
      sum += ContactInputs.hittingRolls(corpus.positions[i], gen) + ContactInputs.hittingRolls(swapped[i], gen);
    }
    return sum;
  }
}
