package tabla.core.match;

/** When the cube may be turned (rules.md §3, §5: WBF, BrainKing, Tavla and Italian texts). */
final class CubeRules {
  private CubeRules() {}

  /** Why the player on roll may not double now, or null when they may. */
  static String whyNoDouble(Game g) {
    Rules rules = g.rules();
    if (g.phase() != Phase.ROLL) return "you can double only before you roll";
    int player = g.mover();
    if (!rules.cube()) return "the cube is not used in this game";
    if (g.seat().crawfordGame()) return "no doubling in the Crawford game";
    if (!g.cubeCentred() && !g.ownsCube(player)) return "the cube belongs to your opponent";
    if (g.rolls(0) + g.rolls(1) == 0) return "no double before the first roll of the game";
    if (rules.stakes().next(g.cube()) > rules.maxCube()) {
      return "the cube is at its maximum (" + rules.maxCube() + ")";
    }
    if (!rules.isMoney() && g.seat().score(player) + g.cube() >= rules.matchLength()) {
      return "a win already gives you the match: doubling cannot matter";
    }
    if (rules.holland() && g.seat().postCrawford() && (g.rolls(0) < 2 || g.rolls(1) < 2)) {
      return "Holland rule: after the Crawford game, no double until both sides have rolled twice";
    }
    return null;
  }

  static String whyNoBeaver(Game g) {
    Rules rules = g.rules();
    if (!rules.isMoney() || !rules.beavers()) return "beavers are not allowed here";
    if (rules.stakes().next(rules.stakes().next(g.cube())) > rules.maxCube()) {
      return "a beaver would pass the maximum cube (" + rules.maxCube() + ")";
    }
    return null;
  }

  /** Why the player on roll may not refuse a beaver now (the Italian rule), or null when he may. */
  static String whyNoBeaverRefusal(Game g) {
    if (g.beaverStake() == 0) return "there is no double to answer";
    if (!g.rules().beaverRefusable()) return "a beaver cannot be refused under these rules (only raccooned, where allowed)";
    return null;
  }
}
