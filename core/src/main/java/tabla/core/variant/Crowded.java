package tabla.core.variant;

import java.util.List;
import java.util.Map;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Crowded Backgammon (BrainKing "Препълнена табла", tp 37; rules.md §1.5): "a mix of Backgammon and
 * Backgammon Race" — backgammon's start with five more checkers a side waiting off the board, twenty a
 * side. The five enter the opponent's home board as from the bar (die d → point 25 − d), as in
 * {@link Race}; movement, hitting and bear-off are backgammon's (bear-off needs all twenty home, so all
 * entered). Win, gammon and backgammon are judged on all twenty: a checker still waiting counts as on
 * the bar.
 *
 * <p>Option {@code entry} (rules.md §1.5: unknown whether the five must enter before other moves):
 * {@code free} (default, as Race's default: only a hit checker must enter first) or {@code all-first}
 * (no checker on the board moves while one waits).
 */
public final class Crowded extends PoolVariant {
  /** Checkers a side: backgammon's fifteen and the five waiting. */
  static final int CHECKERS = 20;

  static final int WAITING = 5;

  public Crowded() {
    super(false);
  }

  private Crowded(boolean allFirst) {
    super(allFirst);
  }

  @Override
  public String name() {
    return Options.spec("crowded", entryOption());
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Map.of(ENTRY, ENTRIES);
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    return o.only("crowded", List.of(ENTRY)).flatMap(x -> allFirst("crowded", x)).map(Crowded::new);
  }

  @Override
  public Position start() {
    return waiting(CHECKERS, WAITING, 24, 2, 13, 5, 8, 3, 6, 5);
  }

  @Override
  public int checkers() {
    return CHECKERS;
  }
}
