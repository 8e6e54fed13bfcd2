package tabla.bot;

import java.util.ArrayList;
import java.util.List;
import tabla.bot.eval.Evaluator;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Phase;

/**
 * Hints and the analysis of a finished record: each checker play compared with the best the engine
 * finds, the equity lost (cubeless money equity, EMG), and per player the error rate in mEMG per
 * unforced move, as GNU Backgammon reports it. Cube decisions are not analysed yet.
 */
public final class Analysis {
  /** One checker play of the record. */
  public record Decision(int gameNo, int player, Dice dice, String played, String best, double playedEquity,
      double bestEquity, int choices) {
    public double loss() {
      return bestEquity - playedEquity;
    }

    public boolean forced() {
      return choices <= 1;
    }
  }

  /** Every decision, and each player's total loss and number of unforced moves. */
  public record Report(List<Decision> decisions, double[] loss, int[] unforced) {
    /** mEMG per unforced move: 1000 × total equity lost / unforced moves. */
    public double errorRate(int player) {
      return unforced[player] == 0 ? 0 : 1000 * loss[player] / unforced[player];
    }
  }

  private Analysis() {}

  public static Report analyse(Match match, SearchPlayer engine, int plies) {
    List<Decision> out = new ArrayList<>();
    double[] loss = new double[2];
    int[] unforced = new int[2];
    int gameNo = 0;
    for (Game g : match.games()) {
      gameNo++;
      Game replay = Game.start(g.rules(), g.seat());
      for (Game.Event e : g.events()) {
        if (e.action() instanceof Action.Move m && replay.phase() == Phase.MOVE && !m.play().isPass()) {
          List<Play> legal = replay.legalPlays();
          List<SearchPlayer.Scored> ranked = engine.rank(legal, plies);
          double played = playedEquity(engine, ranked, m.play(), plies);
          Decision d = new Decision(gameNo, e.player(), replay.dice(), Notation.write(m.play()),
              Notation.write(ranked.get(0).play()), played, ranked.get(0).equity(), legal.size());
          out.add(d);
          if (!d.forced()) {
            loss[d.player()] += d.loss();
            unforced[d.player()]++;
          }
        }
        // A pass is added by the engine itself after a roll that cannot be played.
        boolean autoPass = e.action() instanceof Action.Move p && p.play().isPass() && replay.phase() != Phase.MOVE;
        if (!autoPass) replay = replay.apply(e.action()).get();
      }
    }
    return new Report(out, loss, unforced);
  }

  /** The played play's equity at the same depth as the best one's. */
  private static double playedEquity(SearchPlayer engine, List<SearchPlayer.Scored> ranked, Play played, int plies) {
    if (ranked.get(0).play().equals(played)) return ranked.get(0).equity();
    if (plies >= 1) return engine.equityAfter(played.result(), plies);
    return ranked.stream().filter(s -> s.play().equals(played)).findFirst().orElseThrow().equity();
  }
}
