package tabla.core.match;

import java.util.Map;
import tabla.core.Result;
import tabla.core.RuleCode;

/** When the cube may be turned (rules.md §3, §5: WBF, BrainKing, Tavla and Italian texts). */
final class CubeRules {
  private CubeRules() {}

  /** The cube's value after a double by the player on roll, or why he may not double now. */
  static Result<Integer> mayDouble(Game g) {
    Rules rules = g.rules();
    if (g.phase() != Phase.ROLL) return Result.err(RuleCode.DOUBLE_BEFORE_ROLL, "you can double only before you roll");
    int player = g.mover();
    if (!rules.cube()) return Result.err(RuleCode.NO_CUBE, "the cube is not used in this game");
    if (g.seat().crawfordGame()) return Result.err(RuleCode.CRAWFORD, "no doubling in the Crawford game");
    if (!g.cubeCentred() && !g.ownsCube(player)) return Result.err(RuleCode.CUBE_OWNED, "the cube belongs to your opponent");
    if (g.rolls(0) + g.rolls(1) == 0) {
      return Result.err(RuleCode.DOUBLE_BEFORE_FIRST_ROLL, "no double before the first roll of the game");
    }
    int next = rules.stakes().next(g.cube());
    if (next > rules.maxCube()) return atMaximum(rules);
    if (!rules.isMoney() && g.seat().score(player) + g.cube() >= rules.matchLength()) {
      return Result.err(RuleCode.DOUBLE_CANNOT_MATTER, "a win already gives you the match: doubling cannot matter");
    }
    if (rules.holland() && g.seat().postCrawford() && (g.rolls(0) < 2 || g.rolls(1) < 2)) {
      return Result.err(RuleCode.HOLLAND, "Holland rule: after the Crawford game, no double until both sides have rolled twice");
    }
    return Result.ok(next);
  }

  /** The cube's value after a beaver of the double offered, or why the player doubled may not beaver. */
  static Result<Integer> mayBeaver(Game g) {
    Rules rules = g.rules();
    if (!rules.isMoney() || !rules.beavers()) return Result.err(RuleCode.NO_BEAVERS, "beavers are not allowed here");
    int value = rules.stakes().next(rules.stakes().next(g.cube()));
    if (value > rules.maxCube()) {
      return Result.err(RuleCode.BEAVER_PASSES_MAX, "a beaver would pass the maximum cube (" + rules.maxCube() + ")",
          Map.of("max", rules.maxCube()));
    }
    return Result.ok(value);
  }

  /** The stake the player on roll pays by refusing a beaver (the Italian rule), or why he may not refuse it now. */
  static Result<Integer> mayRefuseBeaver(Game g) {
    if (g.beaverStake() == 0) return Result.err(RuleCode.NO_DOUBLE_TO_ANSWER, "there is no double to answer");
    if (!g.rules().beaverRefusable()) {
      return Result.err(RuleCode.BEAVER_NOT_REFUSABLE, "a beaver cannot be refused under these rules (only raccooned, where allowed)");
    }
    return Result.ok(g.beaverStake());
  }

  /** The refusal of a cube turned past the rules' maximum. */
  static <T> Result<T> atMaximum(Rules rules) {
    return Result.err(RuleCode.CUBE_AT_MAX, "the cube is at its maximum (" + rules.maxCube() + ")", Map.of("max", rules.maxCube()));
  }
}
