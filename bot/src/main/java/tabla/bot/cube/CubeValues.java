package tabla.bot.cube;

/**
 * A cube decision for the player on roll ("P"), in P's values (points or match winning chances):
 * no double, double/take, double/pass; {@code lose} and {@code evens} (P's value when losing one cube,
 * and with the score unchanged) fix the scale of {@link #emg}.
 */
public record CubeValues(double noDouble, double doubleTake, double doublePass, double lose, double evens) {

  /** The value of doubling: the opponent answers as best it can. */
  public double doubled() {
    return Math.min(doubleTake, doublePass);
  }

  /** Double when that is worth more than waiting; never when too good (waiting beats even a pass). */
  public boolean shouldDouble() {
    // A tie with a pass means a certain win without gammon chances (the bear-off database makes these
    // exact): doubling out ends the game for the same value, as players do.
    double eps = 1e-9;
    return doubled() > noDouble + eps || (doubled() >= noDouble - eps && !shouldTake());
  }

  /** The opponent's right answer: take when taking leaves P less than the pass gives P. */
  public boolean shouldTake() {
    return doubleTake <= doublePass;
  }

  /** Too good to double: playing on is worth more than the opponent's pass. */
  public boolean tooGood() {
    return noDouble >= doublePass && doubleTake > doublePass;
  }

  /** Money: the taker is better off than even after taking, so redoubles at once (a beaver). */
  public boolean beaver() {
    return doubleTake < evens;
  }

  /**
   * {@code v} as a normalised money equity (EMG, "equivalent to money game"): winning one cube is +1,
   * losing one cube −1, linear in between (for money, points per cube unit; for a match, gnubg's
   * conversion of match winning chances at the current cube).
   */
  public double emg(double v) {
    double win = doublePass;
    return (2 * v - (win + lose)) / (win - lose);
  }

  /**
   * Whether two of the three values lie within {@code margin} EMG of each other, so that a deeper look
   * may change a decision (double or not, take or pass, too good or not).
   */
  public boolean close(double margin) {
    double m = margin * (doublePass - lose) / 2;
    return Math.abs(noDouble - doubleTake) < m || Math.abs(doubleTake - doublePass) < m
        || Math.abs(noDouble - doublePass) < m;
  }

  /** A difference of P's values, in EMG. */
  public double emgDiff(double dv) {
    return 2 * dv / (doublePass - lose);
  }
}
