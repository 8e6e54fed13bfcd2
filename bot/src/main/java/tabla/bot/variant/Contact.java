package tabla.bot.variant;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.variant.Geometry;
import tabla.core.variant.Turn;
import tabla.core.variant.Variant;

/**
 * What landing on a single opposing checker does in a variant: hit it (backgammon), pin it (Plakoto),
 * or nothing, because a single checker closes its point (Fevga, Long Nardy, Grasshopper).
 *
 * <p>{@link Variant} does not say this (contact lives in each generator), so it is observed: a few
 * seeded random games are played by the variant's own rules, watching for a checker sent to the bar
 * and for a point holding both colours. A variant where neither ever happens cannot let a checker land
 * on a single opposing one, so there a single checker blocks. Remembered per variant name; a variant
 * merged later is classified the same way without code here knowing it.
 *
 * @param hits a checker landing on an opposing blot sends it to the bar
 * @param pins a checker landing on an opposing blot holds it where it is (both colours share the point)
 * @param singleBlocks one checker closes a point to the opponent (no hitting, no pinning)
 */
public record Contact(boolean hits, boolean pins, boolean singleBlocks) {
  private static final Map<String, Contact> SEEN = new ConcurrentHashMap<>();
  /** Plies of random play to watch; backgammon hits within a few dozen, Plakoto pins as fast. */
  private static final int PLIES = 600;

  public static Contact of(Variant v) {
    return SEEN.computeIfAbsent(v.name(), k -> probe(v));
  }

  private static Contact probe(Variant v) {
    boolean hits = false;
    boolean pins = false;
    Geometry g = v.geometry();
    SplittableRandom rnd = new SplittableRandom(7);
    int plies = 0;
    while (plies < PLIES && !(hits || pins)) {
      Position p = v.start();
      int passes = 0;
      for (int ply = 0; ply < 300 && plies < PLIES && !(hits || pins); ply++, plies++) {
        Dice d = v.usesDice() ? new Dice(rnd.nextInt(1, 7), rnd.nextInt(1, 7)) : null;
        List<Play> plays = v.legalPlays(p, d, new Turn(ply + 1, ply / 2 + 1));
        if (plays.isEmpty()) {
          if (++passes > 2) break; // neither side can move
          p = p.swap();
          continue;
        }
        passes = 0;
        Play play = plays.get(rnd.nextInt(plays.size()));
        Position after = play.result();
        if (after.opponent(Position.BAR) > p.opponent(Position.BAR)) hits = true;
        for (int q = 1; q <= 24; q++) {
          if (after.mover(q) > 0 && after.opponent(g.other(q)) > 0) pins = true;
        }
        if (v.ending(after).isPresent()) break;
        p = v.rollsAgain(d, play) ? after : after.swap();
      }
    }
    return new Contact(hits, pins && !hits, !hits && !pins);
  }
}
