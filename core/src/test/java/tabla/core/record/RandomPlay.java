package tabla.core.record;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Result;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/**
 * Random matches through the engine, with every kind of action the formats hold: doubles, takes,
 * drops, beavers, resignations (accepted and rejected, before and after rolling), passes, and
 * records that stop in the middle of a game.
 */
final class RandomPlay {
  private RandomPlay() {}

  /** A random match under {@code rules}; money play stops after {@code games} games, or mid-game with {@code cut}. */
  static Match play(Rules rules, long seed, int games, boolean cut) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Match m = Match.start(rules).get();
    int stopAt = cut ? rnd.nextInt(1, 400) : Integer.MAX_VALUE;
    for (int n = 0; n < 100_000 && !m.isOver() && n < stopAt; n++) {
      if (rules.isMoney() && m.games().size() > games) break;
      Result<Match> r = m.apply(choose(m.game(), rnd));
      if (!r.isOk()) r = m.apply(fallback(m.game(), rnd));
      m = r.get();
    }
    return m;
  }

  private static Action choose(Game g, SplittableRandom rnd) {
    double x = rnd.nextDouble();
    return switch (g.phase()) {
      case OPENING -> new Action.RollOff(die(rnd), die(rnd));
      case ROLL -> x < 0.003 ? new Action.Resign(rnd.nextInt(1, 4))
          : x < 0.10 && g.canDouble().isOk() ? new Action.Double()
          : x < 0.5 && g.events().get(g.events().size() - 1).action() instanceof Action.Beaver
              ? new Action.Raccoon() : roll(rnd);
      case MOVE -> x < 0.003 ? new Action.Resign(rnd.nextInt(1, 4)) : move(g, rnd);
      case DOUBLE_OFFERED -> x < 0.6 ? new Action.Take() : x < 0.85 ? new Action.Drop() : new Action.Beaver();
      case RESIGN_OFFERED -> x < 0.5 ? new Action.AcceptResign() : new Action.RejectResign();
      case OVER -> throw new IllegalStateException("game over");
    };
  }

  /** What to do when the random choice was refused (a beaver or raccoon the rules do not allow). */
  private static Action fallback(Game g, SplittableRandom rnd) {
    return switch (g.phase()) {
      case DOUBLE_OFFERED -> new Action.Take();
      case ROLL -> roll(rnd);
      default -> throw new IllegalStateException("refused in " + g.phase());
    };
  }

  private static Action roll(SplittableRandom rnd) {
    return new Action.Roll(new Dice(die(rnd), die(rnd)));
  }

  private static Action move(Game g, SplittableRandom rnd) {
    List<Play> legal = g.legalPlays();
    return new Action.Move(legal.get(rnd.nextInt(legal.size())));
  }

  private static int die(SplittableRandom rnd) {
    return rnd.nextInt(1, 7);
  }

  /**
   * What a record keeps of a match: per game, the events without tied roll-offs and unaccepted
   * resignations, dice high first; then the result.
   */
  static List<Object> recorded(Match m) {
    List<Object> out = new ArrayList<>();
    for (Game g : m.games()) {
      List<Object> ev = new ArrayList<>();
      List<Game.Event> events = g.events();
      for (int i = 0; i < events.size(); i++) {
        Action a = events.get(i).action();
        boolean accepted = i + 1 < events.size() && events.get(i + 1).action() instanceof Action.AcceptResign;
        if (a instanceof Action.RejectResign || (a instanceof Action.Resign && !accepted)) continue;
        // Only the points survive: a reader resigns at points / cube (Jacoby may have cut a gammon to 1).
        if (a instanceof Action.Resign) a = new Action.Resign(g.result().multiplier());
        if (a instanceof Action.RollOff r && r.die0() == r.die1()) continue;
        if (a instanceof Action.Roll r) a = new Action.Roll(new Dice(r.dice().high(), r.dice().low()));
        ev.add(List.of(events.get(i).player(), a));
      }
      if (ev.isEmpty() && g.result() == null) continue; // not started, or only tied roll-offs
      out.add(ev);
      out.add(String.valueOf(g.result()));
    }
    return out;
  }
}
