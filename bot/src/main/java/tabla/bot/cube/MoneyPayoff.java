package tabla.bot.cube;

import tabla.core.match.Rules;

/** Money play: a game is worth its points; the cube can be turned up to the rules' maximum. */
public record MoneyPayoff(Rules rules) implements Payoff {
  @Override
  public double value(int points) {
    return points;
  }

  @Override
  public int next(int cube) {
    return rules.stakes().next(cube);
  }

  @Override
  public boolean canDouble(boolean mine, int cube) {
    return rules.cube() && next(cube) <= rules.maxCube();
  }

  @Override
  public int multiplier(int level, int cube) {
    return Payoff.multiplier(rules, level, cube);
  }
}
