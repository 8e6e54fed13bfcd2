package tabla.bench;

import java.util.ArrayList;
import java.util.List;
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
import tabla.bot.SearchPlayer;
import tabla.bot.eval.Evaluator;
import tabla.core.Backgammon;
import tabla.core.Dice;
import tabla.core.Play;

/**
 * Time per move of the bot's search at 0, 1 and 2 plies on one thread: choosing the play in the
 * first 50 corpus positions that have a choice (a mix of contact, bar, race and bear-off kinds).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SearchBenchmark {
  static final int MOVES = 50;

  @Param({"0", "1", "2"})
  public int plies;

  private final List<List<Play>> choices = new ArrayList<>();
  private SearchPlayer player;

  @Setup
  public void load() {
    CorpusPositions corpus = new CorpusPositions();
    for (int i = 0; i < CorpusPositions.COUNT && choices.size() < MOVES; i++) {
      List<Play> plays = Backgammon.legalPlays(corpus.positions[i], new Dice(corpus.die1[i], corpus.die2[i]));
      if (plays.size() > 1) choices.add(plays);
    }
    player = SearchPlayer.withPlies(Evaluator.bundled(), plies);
  }

  @Benchmark
  @OperationsPerInvocation(MOVES)
  public int chooseMoves() {
    int h = 0;
    for (List<Play> plays : choices) h += player.best(plays).hashCode();
    return h;
  }
}
