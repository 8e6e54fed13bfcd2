package tabla.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tabla.bot.eval.Evaluator;
import tabla.bot.eval.OneSidedBearoff;
import tabla.bot.rollout.Rollout;
import tabla.bot.rollout.RolloutResult;
import tabla.bot.rollout.RolloutSettings;
import tabla.core.format.PositionId;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/**
 * Rollout games per second on one thread: {@code ./tabla rollout}'s hot path (cubeless, 0-ply, variance reduction,
 * quasi-random dice, bear-off truncation), one block of 36 trials per call from a fixed position: the first line of
 * docs/measurements/2026-11-27-rollout-positions.txt by default. JVM start and the bear-off database build are left
 * out (the timed command counts them); see docs/measurements/2026-11-27-rollout-speed-2.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 6, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+UseSerialGC"})
public class RolloutBenchmark {
  static final int TRIALS = 36;

  @Param({"4HPFAyDgc/ABUA"})
  public String position;

  private Evaluator eval;
  private Game root;
  private RolloutSettings settings;

  @Setup
  public void load() {
    eval = Evaluator.bundled();
    OneSidedBearoff.get(); // built before the clock starts
    Rules money = Rules.money().toBuilder().jacoby(false).beavers(false).build();
    root = Game.setUp(money, Game.Seat.MONEY, PositionId.decode(position).get(), 0, 1);
    settings = new RolloutSettings(TRIALS, 0, false, true, true, true, 1, 1);
  }

  @Benchmark
  @OperationsPerInvocation(TRIALS)
  public double games() {
    RolloutResult r = Rollout.run(eval, root, settings, p -> {}, () -> false).get();
    return r.equity();
  }
}
