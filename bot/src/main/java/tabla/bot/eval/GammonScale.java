package tabla.bot.eval;

/**
 * A correction of the contact network's gammon reading: the gammon and backgammon chances of the player
 * on roll multiplied by {@code mine}, the opponent's by {@code theirs}, each capped by the wins (or
 * losses) it is part of. Measured against GNU Backgammon on the positions of README's issue 18 section,
 * the contact network reads about 15% fewer gammons for the player on roll and 8% fewer for the
 * opponent; races read right and are left alone.
 */
public record GammonScale(double mine, double theirs) {
  /** No correction. */
  public static final GammonScale NONE = new GammonScale(1, 1);

  public GammonScale {
    if (!(mine > 0 && mine <= 2 && theirs > 0 && theirs <= 2)) {
      throw new IllegalArgumentException("gammon scales are in (0, 2], got " + mine + " and " + theirs);
    }
  }

  /** Corrects probabilities (win, wg, wbg, lg, lbg of the player on roll) in place. */
  void apply(float[] p) {
    float lose = 1 - p[0];
    p[1] = (float) Math.min(p[0], p[1] * mine);
    p[2] = (float) Math.min(p[1], p[2] * mine);
    p[3] = (float) Math.min(lose, p[3] * theirs);
    p[4] = (float) Math.min(p[3], p[4] * theirs);
  }
}
