package tabla.bot.cube;

import tabla.core.match.Game;
import tabla.core.match.Rules;
import tabla.core.match.Scorer;

/**
 * What the end of a game is worth to one player ("P"), for the cube model: points in money play, match
 * winning chances (from a match equity table) in a match. Everything the cube model needs to know about
 * the score and the rules goes through here, so the same Janowski arithmetic serves both.
 */
public interface Payoff {
  /** P's value when the game ends with P winning {@code points} (&gt; 0) or losing {@code -points} (&lt; 0). */
  double value(int points);

  /** The cube's value after a double of {@code cube} (geometric or arithmetic stakes). */
  int next(int cube);

  /** Whether P ({@code mine}) or the opponent could still make a double that matters from {@code cube}. */
  boolean canDouble(boolean mine, int cube);

  /** Points before the cube for a single (1), gammon (2) or backgammon (3) at {@code cube}. */
  int multiplier(int level, int cube);

  /** The payoff of {@code player} in {@code g} under its rules and score. */
  static Payoff of(Game g, int player) {
    Rules r = g.rules();
    if (r.isMoney()) return new MoneyPayoff(r);
    Game.Seat s = g.seat();
    int mine = player == 0 ? s.score0() : s.score1();
    int theirs = player == 0 ? s.score1() : s.score0();
    return new MatchPayoff(MatchEquity.standard(), r, r.matchLength() - mine, r.matchLength() - theirs,
        s.crawfordGame(), s.postCrawford());
  }

  /**
   * What a game won at {@code level} scores before the cube, as core's {@link Scorer} counts it. The
   * model's cube is centred only at 1 (it does not follow automatic doubles, which money sessions of the
   * bot do not use).
   */
  static int multiplier(Rules r, int level, int cube) {
    return Scorer.forLevel(r, level, cube == 1);
  }
}
