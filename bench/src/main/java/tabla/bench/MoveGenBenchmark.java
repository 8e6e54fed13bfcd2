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
import org.openjdk.jmh.infra.Blackhole;
import tabla.core.Backgammon;
import tabla.core.Dice;
import tabla.core.PlayGenerator;

/**
 * Legal-play generation over the 1,000 corpus positions; scores are microseconds per position.
 * {@code generate}: the engine's path (plays and result boards in a reused buffer).
 * {@code legalPlays}: the public API, each play materialised as a {@code Play} value.
 * {@code naiveReference}: a plain implementation, the yardstick for ratios in the same run.
 * {@code variantStandard}: the public API through the variant interface ({@code Variants.STANDARD}), what
 * the game engine calls. {@code stepGenerator}: the variants' shared step generator ({@code StepVariant})
 * with backgammon's rules, on the same positions (it finds the same plays, see StepVariantTest).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class MoveGenBenchmark {
  private CorpusPositions corpus;
  private Dice[] dice;
  private final PlayGenerator generator = new PlayGenerator();

  @Setup
  public void load() {
    corpus = new CorpusPositions();
    dice = new Dice[CorpusPositions.COUNT];
    for (int i = 0; i < dice.length; i++) dice[i] = new Dice(corpus.die1[i], corpus.die2[i]);
  }

  @Benchmark
  @OperationsPerInvocation(CorpusPositions.COUNT)
  public int generate() {
    int plays = 0;
    for (int i = 0; i < CorpusPositions.COUNT; i++) {
      plays += generator.generate(corpus.positions[i], corpus.die1[i], corpus.die2[i]);
    }
    return plays;
  }

  @Benchmark
  @OperationsPerInvocation(CorpusPositions.COUNT)
  public void legalPlays(Blackhole bh) {
    for (int i = 0; i < CorpusPositions.COUNT; i++) {
      bh.consume(Backgammon.legalPlays(corpus.positions[i], dice[i]));
    }
  }

  @Benchmark
  @OperationsPerInvocation(CorpusPositions.COUNT)
  public void variantStandard(Blackhole bh) {
    for (int i = 0; i < CorpusPositions.COUNT; i++) {
      bh.consume(tabla.core.variant.Variants.STANDARD.legalPlays(corpus.positions[i], dice[i]));
    }
  }

  /** Backgammon through the shared step generator, every hook at its default. */
  private static final tabla.core.variant.StepVariant STEP = new tabla.core.variant.StepVariant() {
    @Override
    public String name() {
      return "step-backgammon";
    }

    @Override
    public tabla.core.Position start() {
      return tabla.core.Position.START;
    }
  };

  @Benchmark
  @OperationsPerInvocation(CorpusPositions.COUNT)
  public void stepGenerator(Blackhole bh) {
    for (int i = 0; i < CorpusPositions.COUNT; i++) {
      bh.consume(STEP.legalPlays(corpus.positions[i], dice[i]));
    }
  }

  @Benchmark
  @OperationsPerInvocation(CorpusPositions.COUNT)
  public void naiveReference(Blackhole bh) {
    for (int i = 0; i < CorpusPositions.COUNT; i++) {
      bh.consume(NaiveGenerator.plays(corpus.positions[i], corpus.die1[i], corpus.die2[i]));
    }
  }
}
