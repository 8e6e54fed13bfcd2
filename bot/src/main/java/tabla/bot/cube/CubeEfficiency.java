package tabla.bot.cube;

import tabla.core.Position;

/**
 * Janowski's cube efficiency x: how much of the fully live cube's value a real game keeps (0 dead,
 * 1 fully live). Janowski ("Take-Points in Money Games", 1993) finds about 2/3 for typical middle
 * games; we use 0.68 in contact, the value commonly quoted from his paper. In a race the game's
 * length matters: a long race leaves time for the cube to be used at the right moment, a short
 * bear-off does not (the doubler's market losses are larger). Our choice, not Janowski's numbers:
 * x grows linearly from 0.6 at 0 pips (the player on roll's count) to 0.7 at 100 pips and more.
 */
public final class CubeEfficiency {
  public static final double CONTACT = 0.68;
  static final double SHORT_RACE = 0.6;
  static final double LONG_RACE = 0.7;

  private CubeEfficiency() {}

  public static double of(Position onRoll) {
    if (!onRoll.isRace()) return CONTACT;
    double f = Math.min(1.0, onRoll.moverPips() / 100.0);
    return SHORT_RACE + f * (LONG_RACE - SHORT_RACE);
  }
}
