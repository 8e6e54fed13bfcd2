package tabla.core.variant;

import java.util.List;
import java.util.Map;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Backgammon Race (BrainKing "Табла надпревара", tp 26; rules.md §1.4): all fifteen checkers start off
 * the board, waiting to enter the opponent's home board as from the bar (die d → point 25 − d);
 * movement, hitting, bear-off and scoring are backgammon's. A checker still waiting counts as on the bar
 * for a backgammon.
 *
 * <p>Option {@code entry} (sources disagree whether checkers on the board may move while others wait):
 * {@code free} (default, everything2: only a hit checker must enter first) or {@code all-first}
 * (Russian backgammon: every checker enters before any moves on).
 */
public final class Race extends StepVariant {
  private static final List<String> ENTRY = List.of("free", "all-first");
  private final boolean allFirst;

  public Race() {
    this(false);
  }

  private Race(boolean allFirst) {
    this.allFirst = allFirst;
  }

  @Override
  public String name() {
    return Options.spec("race", allFirst ? Map.of("entry", "all-first") : Map.of());
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Map.of("entry", ENTRY);
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    return o.only("race", List.of("entry")).flatMap(x -> x.choice("race", "entry", ENTRY))
        .map(v -> new Race(v.equals("all-first")));
  }

  @Override
  public Position start() {
    return waiting(Position.CHECKERS, new int[0]);
  }

  /** A start with {@code pool} checkers a side waiting to enter and the rest as (point, count) pairs. */
  static Position waiting(int pool, int[] pointCounts) {
    int[] side = Position.sideOf(Position.CHECKERS, pointCounts);
    side[Position.OFF] = 0;
    return Position.ofVariant(side, side, new int[] {pool}, new int[] {pool}).get();
  }

  @Override
  public int checkers() {
    return Position.CHECKERS;
  }

  @Override
  protected int extras() {
    return 1;
  }

  @Override
  protected boolean mayMove(Board b, int from) {
    return !allFirst || b.pool() == 0;
  }
}
