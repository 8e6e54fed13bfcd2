package tabla.core.variant;

import java.util.List;
import java.util.Map;
import tabla.core.Position;
import tabla.core.Result;

/**
 * A variant whose checkers wait off the board and enter the opponent's home as from the bar (Race,
 * Crowded, Acey-deucey; rules.md §1.4, §1.5, §2.5), with the option they share where sources disagree:
 * {@code entry} — {@code free} (checkers on the board may move while others wait; only a hit checker
 * must enter first) or {@code all-first} (no checker moves on while one waits).
 */
abstract class PoolVariant extends StepVariant {
  static final String ENTRY = "entry";
  static final List<String> ENTRIES = List.of("free", "all-first");

  final boolean allFirst;

  PoolVariant(boolean allFirst) {
    this.allFirst = allFirst;
  }

  /** {@code checkers} a side, {@code pool} of them waiting, the rest on (point, count) pairs; none off. */
  static Position waiting(int checkers, int pool, int... pointCounts) {
    int[] side = Position.sideOf(checkers, pointCounts);
    side[Position.OFF] = 0;
    return Position.ofVariant(side, side, new int[] {pool}, new int[] {pool}).get();
  }

  /** The entry option as a name writes it: only when it is not the default. */
  Map<String, String> entryOption() {
    return allFirst ? Map.of(ENTRY, "all-first") : Map.of();
  }

  /** Whether {@code o} asks for {@code all-first}, or why its entry value is wrong. */
  static Result<Boolean> allFirst(String variant, Options o) {
    return o.choice(variant, ENTRY, ENTRIES).map("all-first"::equals);
  }

  @Override
  protected final int extras() {
    return 1; // the pool
  }

  @Override
  protected boolean mayMove(Board b, int from) {
    return !allFirst || b.pool() == 0;
  }
}
