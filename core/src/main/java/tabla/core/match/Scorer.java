package tabla.core.match;

import tabla.core.Position;

/** What a finished game is worth before the cube, under each scoring rule (rules.md §1.1, §5). */
final class Scorer {
  private Scorer() {}

  /**
   * The multiplier for a game won at {@code level} (the variant's judgement: 1 single, 2 gammon, 3
   * backgammon) by the mover of {@code winnerView}.
   */
  static int borneOff(Rules rules, Position winnerView, int level, int cube) {
    if (rules.scoring() == Rules.Scoring.COUNT) return count(winnerView);
    if (level == 3 && rules.barBackgammonTimesFour() && winnerView.opponent(Position.BAR) > 0) {
      return rules.scoring() == Rules.Scoring.TOURNAMENT ? 5 : 4;
    }
    return forLevel(rules, level, cube);
  }

  /** The multiplier for a resignation of {@code level} (1 single, 2 gammon, 3 backgammon). */
  static int forLevel(Rules rules, int level, int cube) {
    level = Math.min(level, rules.game().maxLevel());
    if (rules.jacoby() && cube == 1) level = 1; // Jacoby: gammons need a turned cube
    if (rules.scoring() == Rules.Scoring.TOURNAMENT) return 2 * level - 1; // 1, 3, 5
    return level;
  }

  /** Czech count scoring: 4 per losing checker on the bar or in the winner's home, 3, 2, 1. */
  static int count(Position winnerView) {
    int sum = 4 * winnerView.opponent(Position.BAR);
    for (int q = 1; q <= 24; q++) {
      sum += winnerView.opponent(q) * ((q - 1) / 6 + 1);
    }
    return sum;
  }
}
