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
public final class Crowded extends StepVariant {
  /** Checkers a side: backgammon's fifteen and the five waiting. */
  static final int CHECKERS = 20;

  static final int WAITING = 5;
  private static final List<String> ENTRY = List.of("free", "all-first");
  private final boolean allFirst;

  public Crowded() {
    this(false);
  }

  private Crowded(boolean allFirst) {
    this.allFirst = allFirst;
  }

  @Override
  public String name() {
    return Options.spec("crowded", allFirst ? Map.of("entry", "all-first") : Map.of());
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Map.of("entry", ENTRY);
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    return o.only("crowded", List.of("entry")).flatMap(x -> x.choice("crowded", "entry", ENTRY))
        .map(v -> new Crowded(v.equals("all-first")));
  }

  @Override
  public Position start() {
    int[] side = Position.sideOf(CHECKERS, 24, 2, 13, 5, 8, 3, 6, 5);
    side[Position.OFF] = 0;
    return Position.ofVariant(side, side, new int[] {WAITING}, new int[] {WAITING}).get();
  }

  @Override
  public int checkers() {
    return CHECKERS;
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
