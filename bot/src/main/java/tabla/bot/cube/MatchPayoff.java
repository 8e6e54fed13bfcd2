package tabla.bot.cube;

import tabla.core.match.Rules;

/**
 * A match game: each end is worth P's match winning chance at the score it leaves, read from the
 * match equity table. A score that puts a player at 1-away for the first time starts the Crawford
 * game; after the Crawford game (or without the Crawford rule) 1-away scores are post-Crawford.
 *
 * @param away points P still needs
 * @param oppAway points the opponent still needs
 */
public record MatchPayoff(MatchEquity met, Rules rules, int away, int oppAway, boolean crawfordGame,
    boolean postCrawford) implements Payoff {

  @Override
  public double value(int points) {
    boolean post = postCrawford || crawfordGame || !rules.crawford();
    return points >= 0 ? met.mwc(away - points, oppAway, post) : met.mwc(away, oppAway + points, post);
  }

  @Override
  public int next(int cube) {
    return rules.stakes().next(cube);
  }

  /** No cube in the Crawford game; a double is pointless for a player whom a win at this cube already gives the match. */
  @Override
  public boolean canDouble(boolean mine, int cube) {
    return rules.cube() && !crawfordGame && next(cube) <= rules.maxCube() && (mine ? away : oppAway) > cube;
  }

  @Override
  public int multiplier(int level, int cube) {
    return Payoff.multiplier(rules, level, cube);
  }
}
