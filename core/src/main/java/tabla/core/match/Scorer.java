package tabla.core.match;

import tabla.core.Position;

/**
 * What a finished game is worth before the cube, under each scoring rule (rules.md §1.1, §5): the one
 * home of these rules, used by the engine and by the bot's cube model.
 */
public final class Scorer {
  private Scorer() {}

  /**
   * The multiplier for a game won by bearing off at {@code level} (the variant's judgement: 1 single, 2
   * gammon, 3 backgammon) by the mover of {@code winnerView}, with the cube centred or not.
   */
  public static int borneOff(Rules rules, Position winnerView, int level, boolean cubeCentred) {
    if (rules.scoring() == Rules.Scoring.COUNT) return count(winnerView);
    // Bar ×4 is a backgammon level of its own, so Jacoby (a single is a single) switches it off too.
    if (level == 3 && rules.barBackgammonTimesFour() && !singlesOnly(rules, cubeCentred)
        && winnerView.opponent(Position.BAR) > 0) {
      return rules.scoring() == Rules.Scoring.TOURNAMENT ? 5 : 4;
    }
    return forLevel(rules, level, cubeCentred);
  }

  /** The multiplier for a single (1), gammon (2) or backgammon (3), as won or resigned, with the cube centred or not. */
  public static int forLevel(Rules rules, int level, boolean cubeCentred) {
    level = Math.min(level, rules.variant().maxLevel());
    if (singlesOnly(rules, cubeCentred)) level = 1;
    if (rules.scoring() == Rules.Scoring.TOURNAMENT) return 2 * level - 1; // 1, 3, 5
    return level;
  }

  /**
   * Whether a won game counts as a single whatever the board says: the Jacoby rule holds, or the Italian
   * "Durante il gioco del backgammon breve con 'dave', non c'è 'marte'" (no gammon while the cube is in use,
   * doubled or not).
   */
  public static boolean singlesOnly(Rules rules, boolean cubeCentred) {
    return jacobyHolds(rules, cubeCentred) || (rules.noGammonWithCube() && rules.cube());
  }

  /**
   * The Jacoby rule is in force while the cube is centred, whatever its value (an automatic double leaves
   * it centred): the Italian text counts gammons "if neither player offered a double", GNU Backgammon
   * while the cube is centred.
   */
  public static boolean jacobyHolds(Rules rules, boolean cubeCentred) {
    return rules.jacoby() && cubeCentred;
  }

  /**
   * Czech count scoring (cs-backgammon-rules.txt 10.10), for every variant that offers it: per losing
   * checker, by how far it still is from home along its own track — 1 in his home board, 2, 3, 4 in his
   * last quarter (the winner's home in backgammon) — and 4 on the bar or not yet entered (Race, Crowded,
   * Acey-deucey, Grasshopper: a checker waiting counts as on the bar); 0 when borne off.
   */
  public static int count(Position winnerView) {
    int sum = 4 * (winnerView.opponent(Position.BAR) + winnerView.opponentPool());
    for (int q = 1; q <= 24; q++) {
      sum += winnerView.opponent(q) * ((q - 1) / 6 + 1);
    }
    return sum;
  }
}
