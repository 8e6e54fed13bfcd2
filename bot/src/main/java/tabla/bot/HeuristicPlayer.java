package tabla.bot;

import java.util.List;
import java.util.SplittableRandom;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;

/**
 * A simple rule-of-thumb player, the computer opponent until the neural engine lands: it prefers
 * plays that hit, make points (home board points most), leave few blots within reach and run
 * forward; {@code noise} makes weaker levels. It never doubles and always takes.
 */
public final class HeuristicPlayer implements Player {
  private final SplittableRandom rnd;
  private final double noise;

  public HeuristicPlayer(long seed, double noise) {
    this.rnd = new SplittableRandom(seed);
    this.noise = noise;
  }


  @Override
  public Action.Move play(Game game) {
    List<Play> plays = game.legalPlays();
    Play best = plays.get(0);
    double bestScore = Double.NEGATIVE_INFINITY;
    for (Play p : plays) {
      double s = score(p.result()) + noise * rnd.nextGaussian();
      if (s > bestScore) {
        bestScore = s;
        best = p;
      }
    }
    return new Action.Move(best);
  }

  /** Higher is better for the mover of {@code p} (the position just after its play). */
  static double score(Position p) {
    double s = 0;
    s += 4.0 * p.opponent(Position.BAR);          // hits
    s -= 0.08 * p.moverPips();                    // progress
    s += 3.0 * p.mover(Position.OFF);             // bearing off
    int oppBack = 0;
    for (int q = 25; q >= 1; q--) {
      if (p.opponent(q) > 0) {
        oppBack = 25 - q;                         // the opponent's rearmost checker, in the mover's numbering
        break;
      }
    }
    for (int pt = 1; pt <= 24; pt++) {
      int n = p.mover(pt);
      if (n >= 2) s += pt <= 6 ? 1.5 : pt <= 9 ? 1.0 : 0.4;  // made points, home board best
      if (n == 1 && pt > oppBack) s -= pt >= 19 ? 1.0 : 2.0;  // a blot the opponent can still reach
    }
    return s;
  }
}
