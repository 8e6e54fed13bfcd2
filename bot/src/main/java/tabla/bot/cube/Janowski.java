package tabla.bot.cube;

/**
 * Cubeful value of a game from cubeless probabilities, after Rick Janowski, "Take-Points in Money
 * Games" (1993): the cubeful value is a mix of the dead-cube (cubeless) value and the value under a
 * fully live cube, weighted by the cube efficiency {@code x}:
 * {@code E = x * E_live + (1 - x) * E_dead}.
 *
 * <p>E_live is the continuous ("Keeler–Spencer") model: between the point where P must drop the
 * opponent's double (P's take point) and the point where the opponent must drop P's double (P's cash
 * point), P's value is linear in P's winning chance p; outside that window the owner of the
 * advantage cashes (or plays on when that is worth more: "too good"). Who may double depends on the
 * cube's owner. The take and cash points are themselves found in the live model, recursively over
 * the later cube values (a redouble is worth something only while it can still be made); at every
 * level the gammon ratios of the position at hand are assumed.
 *
 * <p>All values come from a {@link Payoff}: money points, or match winning chances from a match
 * equity table, so the same arithmetic gives money and match decisions. With money payoffs and
 * W = L = 1 this reproduces Janowski's closed forms, e.g. P owning the cube: E = p(W + L + x/2) − L;
 * take point (L − 1/2)/(W + L + x/2).
 */
public final class Janowski {
  /** Who owns the cube, seen from P. */
  public enum Owner {
    CENTRED,
    MINE,
    THEIRS
  }

  /** Beyond this many further doubles, later cube turns are ignored (they change nothing measurable). */
  private static final int DEPTH = 8;

  private final Payoff pay;
  private final double x;
  private final double p; // P wins
  private final double winSingle;
  private final double winGammon;
  private final double winBg;
  private final double loseSingle;
  private final double loseGammon;
  private final double loseBg;

  /**
   * @param probs P's cubeless probabilities: win, win gammon, win backgammon, lose gammon, lose backgammon
   *     (gammons include backgammons)
   * @param x cube efficiency, 0 (dead cube) to 1 (fully live)
   */
  public Janowski(float[] probs, Payoff pay, double x) {
    this.pay = pay;
    this.x = x;
    double w = clamp(probs[0]);
    double wg = Math.min(clamp(probs[1]), w);
    double wbg = Math.min(clamp(probs[2]), wg);
    double l = 1 - w;
    double lg = Math.min(clamp(probs[3]), l);
    double lbg = Math.min(clamp(probs[4]), lg);
    this.p = w;
    winSingle = w - wg;
    winGammon = wg - wbg;
    winBg = wbg;
    loseSingle = l - lg;
    loseGammon = lg - lbg;
    loseBg = lbg;
  }

  private static double clamp(double v) {
    return Math.max(0, Math.min(1, v));
  }

  public Payoff payoff() {
    return pay;
  }

  /** P's value if the game is played to the end at {@code cube} with no more doubling (cubeless). */
  public double dead(int cube) {
    return winSingle * win(1, cube) + winGammon * win(2, cube) + winBg * win(3, cube)
        + loseSingle * lose(1, cube) + loseGammon * lose(2, cube) + loseBg * lose(3, cube);
  }

  private double win(int level, int cube) {
    return pay.value(pay.multiplier(level, cube) * cube);
  }

  private double lose(int level, int cube) {
    return pay.value(-pay.multiplier(level, cube) * cube);
  }

  /** P's average value given that P wins, at {@code cube} (the live model's end point at p = 1). */
  double winAverage(int cube) {
    double w = winSingle + winGammon + winBg;
    if (w <= 1e-9) return win(1, cube);
    return (winSingle * win(1, cube) + winGammon * win(2, cube) + winBg * win(3, cube)) / w;
  }

  /** P's average value given that P loses, at {@code cube} (the live model's end point at p = 0). */
  double lossAverage(int cube) {
    double l = loseSingle + loseGammon + loseBg;
    if (l <= 1e-9) return lose(1, cube);
    return (loseSingle * lose(1, cube) + loseGammon * lose(2, cube) + loseBg * lose(3, cube)) / l;
  }

  /** P's cubeful value at {@code cube} owned by {@code owner}, P on roll. */
  public double cubeful(int cube, Owner owner) {
    return x * live(cube, owner, 0) + (1 - x) * dead(cube);
  }

  /** P's value with a fully live cube. */
  double live(int cube, Owner owner, int depth) {
    double lowP = 0;
    double lowV = lossAverage(cube);
    boolean oppCashes = false;
    if (owner != Owner.MINE && depth < DEPTH && pay.canDouble(false, cube)) {
      double tp = takePoint(cube, depth);
      if (tp > 0) {
        lowP = tp;
        lowV = pay.value(-cube);
        oppCashes = true;
      }
    }
    double highP = 1;
    double highV = winAverage(cube);
    boolean iCash = false;
    if (owner != Owner.THEIRS && depth < DEPTH && pay.canDouble(true, cube)) {
      double cp = cashPoint(cube, depth);
      if (cp < 1) {
        highP = cp;
        highV = pay.value(cube);
        iCash = true;
      }
    }
    if (oppCashes && p <= lowP) return Math.min(lowV, dead(cube)); // they cash, or play on when too good
    if (iCash && p >= highP) return Math.max(highV, dead(cube)); // we cash, or play on when too good
    if (highP <= lowP) return dead(cube);
    return lowV + (p - lowP) * (highV - lowV) / (highP - lowP);
  }

  /** P's take point (live) when the opponent doubles {@code cube}: P then owns the next cube value. */
  public double takePoint(int cube) {
    return takePoint(cube, 0);
  }

  /** P's cash point (live): the winning chance at which the opponent must drop P's double of {@code cube}. */
  public double cashPoint(int cube) {
    return cashPoint(cube, 0);
  }

  private double takePoint(int cube, int depth) {
    int k = pay.next(cube);
    double hiP = 1;
    double hiV = winAverage(k);
    if (depth + 1 < DEPTH && pay.canDouble(true, k)) {
      double cp = cashPoint(k, depth + 1);
      if (cp < 1) {
        hiP = cp;
        hiV = pay.value(k);
      }
    }
    return solve(0, lossAverage(k), hiP, hiV, pay.value(-cube));
  }

  private double cashPoint(int cube, int depth) {
    int k = pay.next(cube);
    double loP = 0;
    double loV = lossAverage(k);
    if (depth + 1 < DEPTH && pay.canDouble(false, k)) {
      double tp = takePoint(k, depth + 1);
      if (tp > 0) {
        loP = tp;
        loV = pay.value(-k);
      }
    }
    return solve(loP, loV, 1, winAverage(k), pay.value(cube));
  }

  /** Where the line through (p0, v0) and (p1, v1) reaches {@code target}, kept within [0, 1]. */
  private static double solve(double p0, double v0, double p1, double v1, double target) {
    if (v1 == v0) return target <= v0 ? 0 : 1;
    return clamp(p0 + (target - v0) * (p1 - p0) / (v1 - v0));
  }

  /**
   * The three cube values for P on roll at {@code cube} (owned by P or centred): no double, double/take
   * (the opponent then owns the cube), double/pass.
   */
  public CubeValues values(int cube, Owner owner) {
    return new CubeValues(cubeful(cube, owner), cubeful(pay.next(cube), Owner.THEIRS), pay.value(cube),
        pay.value(-cube), pay.value(0));
  }
}
