package tabla.bot.eval;

import tabla.bot.variant.Contact;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.variant.Geometry;
import tabla.core.variant.Variant;

/**
 * Network inputs for any variant with 15-checker positions, whatever its geometry and contact rule.
 * Each side is described along its own track (its points 24 → 1, which is how {@link Position} numbers
 * them), so parallel games (Long Nardy, Fevga) and contrary ones (Plakoto, Tavla) share one layout:
 * <ul>
 *   <li>per point: 1, 2, 3 checkers and (n − 3) / 4 beyond (the head's 15 fit);
 *   <li>per point: this side's checker there is pinned (Plakoto's masks; a pinned mother is its 24);
 *   <li>bar (n / 2), checkers waiting to enter (n / 15), borne off (n / 15), pip count / 200, checkers
 *       in the home board / 15;
 *   <li>blocks: the longest run of points this side closes on the other side's track / 6 (closed: one
 *       checker where a single checker blocks, two elsewhere, or a pin), how many of the other side's
 *       checkers still have to pass it / 15, and whether it is six or more (Long Nardy's block rule then
 *       needs one of his checkers past it);
 * </ul>
 * and for the whole position: contact (some checker still has to pass an opposing one), and the double
 * the side on roll plays on without a roll (Gul bara's escalation: 2-2 … 6-6, one input each; none when he
 * rolls). A position where he still plays 3-3, 4-4, 5-5 and 6-6 is worth far more than the same one where
 * he rolls, and the first layout (255 inputs, {@link #COUNT_V1}) could not tell them apart. Only
 * non-zero inputs are listed. Read-only: one instance serves many threads.
 */
public final class VariantFeatures {
  static final int PER_POINT = 4;
  static final int PINS = 24 * PER_POINT;
  static final int BAR = PINS + 24;
  static final int POOL = BAR + 1;
  static final int OFF = POOL + 1;
  static final int PIPS = OFF + 1;
  static final int HOME = PIPS + 1;
  static final int BLOCK = HOME + 1;
  static final int BEHIND = BLOCK + 1;
  static final int PRIME = BEHIND + 1;
  static final int PER_SIDE = PRIME + 1;
  static final int CONTACT = 2 * PER_SIDE;
  /** Inputs of the first layout, without {@link #PLAYS_ON}; its networks read with those inputs' weights at 0. */
  public static final int COUNT_V1 = CONTACT + 1;
  /** First of five: the side on roll plays the double 2-2 (… 6-6) now, without a roll. */
  static final int PLAYS_ON = COUNT_V1;
  public static final int COUNT = PLAYS_ON + 5;
  private static final int PIN_MASK = 1; // Plakoto's extras 1..3

  private final Geometry geometry;
  private final int need;
  private final boolean pins;

  public VariantFeatures(Variant v) {
    Contact c = Contact.of(v);
    this.geometry = v.geometry();
    this.need = c.singleBlocks() ? 1 : 2;
    this.pins = c.pins();
  }

  /**
   * Fills in the non-zero inputs of {@code p}, seen by its mover (the player on roll), who plays
   * {@code playsOn} without a roll (null: he rolls).
   */
  void encode(Position p, Dice playsOn, Features f) {
    encode(p, p.swap(), playsOn, f);
  }

  /** The same, given {@code p.swap()} too (a search has it already). */
  void encode(Position p, Position them, Dice playsOn, Features f) {
    f.size = 0;
    side(p, f, 0);
    side(them, f, PER_SIDE);
    if (contact(p, them)) f.add(CONTACT, 1);
    if (playsOn != null) f.add(PLAYS_ON + playsOn.first() - 2, 1);
  }

  private void side(Position p, Features f, int base) {
    int home = 0;
    for (int pt = 1; pt <= 24; pt++) {
      int n = p.mover(pt);
      if (n == 0) continue;
      int i = base + (pt - 1) * PER_POINT;
      f.add(i, 1);
      if (n >= 2) f.add(i + 1, 1);
      if (n >= 3) f.add(i + 2, 1);
      if (n > 3) f.add(i + 3, (n - 3) / 4f);
      if (pt <= 6) home += n;
      if (pinned(p, pt)) f.add(base + PINS + pt - 1, 1);
    }
    if (p.mover(Position.BAR) > 0) f.add(base + BAR, p.mover(Position.BAR) / 2f);
    if (p.moverPool() > 0) f.add(base + POOL, p.moverPool() / 15f);
    if (p.mover(Position.OFF) > 0) f.add(base + OFF, p.mover(Position.OFF) / 15f);
    f.add(base + PIPS, p.moverPips() / 200f);
    if (home > 0) f.add(base + HOME, home / 15f);
    blocks(p, f, base);
  }

  /** The mover's longest run of closed points along the opponent's track, and who must still pass it. */
  private void blocks(Position p, Features f, int base) {
    int best = 0;
    int bestTop = 0; // the opponent's point (his numbering) at the far end of the best run
    int run = 0;
    for (int q = 24; q >= 1; q--) {
      if (closed(p, geometry.other(q))) {
        run++;
        if (run > best) {
          best = run;
          bestTop = q + run - 1;
        }
      } else {
        run = 0;
      }
    }
    if (best == 0) return;
    int behind = p.opponent(Position.BAR) + p.opponentPool();
    for (int q = bestTop + 1; q <= 24; q++) behind += p.opponent(q);
    f.add(base + BLOCK, Math.min(best, 6) / 6f);
    if (behind > 0) f.add(base + BEHIND, behind / 15f);
    if (best >= 6) f.add(base + PRIME, 1);
  }

  private boolean closed(Position p, int myPoint) {
    int mine = p.mover(myPoint);
    if (mine >= need) return true;
    return pins && mine > 0 && p.opponent(geometry.other(myPoint)) > 0 && !pinned(p, myPoint);
  }

  /** Whether the mover's checker on his point {@code pt} is pinned (Plakoto's masks, where there are any). */
  private boolean pinned(Position p, int pt) {
    if (!pins || p.extras() < PIN_MASK + 3) return false;
    int bit = pt - 1;
    return (p.moverExtra(PIN_MASK + bit / 8) >> (bit % 8) & 1) != 0;
  }

  /**
   * Whether a checker of one side still has to pass one of the other's: the points the mover's checkers
   * will still touch (his 1 up to his rearmost) meet the points the opponent's will (his 1 up to his
   * rearmost, in the mover's numbering). Right for every geometry.
   */
  boolean contact(Position p, Position them) {
    int mine = rearmost(p);
    int his = rearmost(them);
    if (mine == 0 || his == 0) return false;
    for (int r = 1; r <= his; r++) {
      if (geometry.other(r) <= mine) return true;
    }
    return false;
  }

  private static int rearmost(Position p) {
    if (p.mover(Position.BAR) > 0 || p.moverPool() > 0) return 24;
    for (int q = 24; q >= 1; q--) {
      if (p.mover(q) > 0) return q;
    }
    return 0;
  }
}
