package tabla.bot;

import tabla.bot.cube.CubeEfficiency;
import tabla.bot.cube.Janowski;
import tabla.bot.cube.Payoff;
import tabla.bot.eval.Evaluator;
import tabla.core.match.Game;

/**
 * What the end of the game is worth to the player who chooses ("mine") and to the opponent
 * ("theirs"), as a linear function of a side's five cubeless probabilities (win, win gammon, win
 * backgammon, lose gammon, lose backgammon). In money play this is the cubeless equity in points per
 * cube. In a match each ending (single, gammon or backgammon, won or lost, at the cube in play) is
 * worth the match winning chance of the score it leaves, from the match equity table, written in EMG
 * (equivalent to money game: winning one cube +1, losing one cube −1, linear in MWC in between), so
 * the search's filters keep their money scale: gammons worth nothing at double match point, a gammon
 * that wins the match worth no more than a single one (gammon-go and gammon-save scores), and so on.
 * The opponent's value is the negation of ours read from its side, so that the search stays zero-sum.
 *
 * <p>{@link #cubeful} values a position instead by Janowski's cubeful model at the score, with the cube
 * where it is (centred, ours or theirs): what the cube is still worth to its owner counts too.
 */
public final class OutcomeValues {
  /** Coefficients of 1, win, wg, wbg, lg, lbg for the chooser, and the same for the opponent. */
  private final double[] mine;
  private final double[] theirs;
  /** Money: both sides' value is {@link Evaluator#equity}, to the last bit as before. */
  private final boolean money;
  /** For {@link #cubeful} values: the chooser's payoff, the cube and its owner seen from the chooser; else null. */
  private final Payoff pay;
  private final int cube;
  private final Janowski.Owner owner;

  private OutcomeValues(double[] mine, boolean money) {
    this(mine, money, null, 0, null);
  }

  private OutcomeValues(double[] mine, boolean money, Payoff pay, int cube, Janowski.Owner owner) {
    this.mine = mine;
    this.money = money;
    this.pay = pay;
    this.cube = cube;
    this.owner = owner;
    // theirs(p) = -mine(flip(p)); flip: win' = 1 - win, wg' = lg, wbg' = lbg, lg' = wg, lbg' = wbg.
    this.theirs = new double[] {-(mine[0] + mine[1]), mine[1], -mine[4], -mine[5], -mine[2], -mine[3]};
  }

  /** Money play: cubeless equity, gammons 2 and backgammons 3 (as {@code Evaluator.equity}). */
  public static final OutcomeValues MONEY = new OutcomeValues(new double[] {-1, 2, 1, 1, -1, -1}, true);

  /** The values for the player on roll in {@code g}, at its score and cube (money games: {@link #MONEY}). */
  public static OutcomeValues of(Game g) {
    if (g.rules().isMoney()) return MONEY;
    return of(Payoff.of(g, g.onRoll()), g.cube());
  }

  /**
   * Cubeful values for the player on roll in {@code g} in a match (Janowski at the score, efficiency
   * {@link CubeEfficiency#CONTACT}, the cube as it is); money games: {@link #MONEY}.
   */
  public static OutcomeValues cubeful(Game g) {
    if (g.rules().isMoney()) return MONEY;
    OutcomeValues linear = of(g);
    if (linear.money) return linear;
    Janowski.Owner owner = g.cubeOwner() < 0 ? Janowski.Owner.CENTRED
        : g.cubeOwner() == g.onRoll() ? Janowski.Owner.MINE : Janowski.Owner.THEIRS;
    return new OutcomeValues(linear.mine, false, Payoff.of(g, g.onRoll()), g.cube(), owner);
  }

  /** The values of the game's endings at {@code cube} under {@code pay} (points or match winning chances). */
  public static OutcomeValues of(Payoff pay, int cube) {
    double win = pay.value(cube);
    double lose = pay.value(-cube);
    double scale = win - lose;
    if (scale <= 1e-12) return MONEY; // nothing at stake either way: any order of plays will do
    double[] w = new double[4];
    double[] l = new double[4];
    for (int level = 1; level <= 3; level++) {
      int points = pay.multiplier(level, cube) * cube;
      w[level] = (2 * pay.value(points) - (win + lose)) / scale;
      l[level] = (2 * pay.value(-points) - (win + lose)) / scale;
    }
    // value = L1 + win (W1 - L1) + wg (W2 - W1) + wbg (W3 - W2) + lg (L2 - L1) + lbg (L3 - L2)
    return new OutcomeValues(new double[] {l[1], w[1] - l[1], w[2] - w[1], w[3] - w[2], l[2] - l[1], l[3] - l[2]}, false);
  }

  /** The chooser's value of its own probabilities {@code p}. */
  public double mine(float[] p) {
    if (money) return Evaluator.equity(p);
    if (pay == null) return dot(mine, p);
    double win = pay.value(cube);
    double lose = pay.value(-cube);
    double v = new Janowski(p, pay, CubeEfficiency.CONTACT).cubeful(cube, owner);
    return (2 * v - (win + lose)) / (win - lose);
  }

  /** The opponent's value of its own probabilities {@code p} (minus what they are worth to the chooser). */
  public double theirs(float[] p) {
    if (money) return Evaluator.equity(p);
    if (pay == null) return dot(theirs, p);
    float[] mineSide = new float[5];
    Evaluator.flip(p, mineSide);
    return -mine(mineSide);
  }

  /** {@link #mine} for {@code chooser}, else {@link #theirs}. */
  public double of(float[] p, boolean chooser) {
    return chooser ? mine(p) : theirs(p);
  }

  private static double dot(double[] c, float[] p) {
    return c[0] + c[1] * p[0] + c[2] * p[1] + c[3] * p[2] + c[4] * p[3] + c[5] * p[4];
  }
}
