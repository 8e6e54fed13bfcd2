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
public final class Race extends PoolVariant {
  public Race() {
    super(false);
  }

  private Race(boolean allFirst) {
    super(allFirst);
  }

  @Override
  public String name() {
    return Options.spec("race", entryOption());
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Map.of(ENTRY, ENTRIES);
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    return o.only("race", List.of(ENTRY)).flatMap(x -> allFirst("race", x)).map(Race::new);
  }

  @Override
  public Position start() {
    return waiting(Position.CHECKERS, Position.CHECKERS);
  }
}
