package tabla.bot;

import java.util.ArrayList;
import java.util.List;
import tabla.bot.cube.CubeValues;
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
 * unforced move, as GNU Backgammon reports it.
 *
 * <p>Cube decisions: at every turn where the player on roll could double, and at every answer to a
 * double, the cubeful values (no double, double/take, double/pass; {@link CubeDecider}, 0-ply
 * probabilities, Janowski's model, the match equity table in matches) give the equity lost by the
 * action taken, in EMG: normalised to the cube in play (money: points per cube; matches: match
 * winning chances converted as gnubg does, winning one cube = +1, losing one = −1). A doubler is
 * charged against the right answer to its double (min of take and pass). As gnubg counts "close or
 * actual" cube decisions, a cube decision counts (and enters the error rate) when a double was
 * offered or answered, or when doubling would have cost less than {@link #CLOSE} (no double
 * positions far from the doubling window, and too-good positions, are not decisions).
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

  /** A cube decision threshold (EMG): a no double is a decision when doubling would lose less than this. */
  public static final double CLOSE = 0.1;

  /**
   * One cube decision: {@code kind} is "double" (the player on roll could double: {@code action} is
   * "double" or "no double") or "take" (the player doubled: "take", "drop" or "beaver"). Equities in
   * EMG for the player on roll (the doubler): no double, double/take, double/pass.
   */
  public record CubeDecision(int gameNo, int player, String kind, String action, String best, double noDouble,
      double doubleTake, double doublePass, double loss, boolean close) {}

  /**
   * Every decision, and each player's total loss and number of unforced moves; the cube decisions that
   * count (close or actual) with each player's loss on them.
   */
  public record Report(List<Decision> decisions, double[] loss, int[] unforced, List<CubeDecision> cubeDecisions,
      double[] cubeLoss, int[] cubeCount) {
    /** mEMG per unforced move: 1000 × total equity lost / unforced moves. */
    public double errorRate(int player) {
      return unforced[player] == 0 ? 0 : 1000 * loss[player] / unforced[player];
    }

    /** mEMG per cube decision (close or actual). */
    public double cubeErrorRate(int player) {
      return cubeCount[player] == 0 ? 0 : 1000 * cubeLoss[player] / cubeCount[player];
    }

    /** gnubg's overall rate: (checker + cube loss) / (unforced moves + cube decisions), in mEMG. */
    public double overallErrorRate(int player) {
      int n = unforced[player] + cubeCount[player];
      return n == 0 ? 0 : 1000 * (loss[player] + cubeLoss[player]) / n;
    }
  }

  private Analysis() {}

  /**
   * Why a variant's games cannot be analysed, or null when they can: the analysis judges by the networks,
   * which know backgammon's positions and its objective (not Anti's reversed one, nor other movement).
   */
  public static String unsupported(tabla.core.variant.Variant v) {
    if (Bots.neural(v) && !v.firstOffLoses()) return null;
    if (Bots.variantNet(v).isPresent()) return null;
    java.util.List<String> known = new ArrayList<>(Bots.NEURAL.stream().filter(n -> !n.equals("anti")).toList());
    known.addAll(Bots.variantsWithNetworks());
    return "analysis is available for " + String.join(", ", known) + " games; " + v.name()
        + " has no evaluation good enough to judge plays by";
  }

  /**
   * What the analysis of a variant's games measures: equity lost per play, in which unit and by which
   * evaluation (the backgammon family's networks count gammons and backgammons and the cube; a variant's
   * own network counts its levels, mars or a mother pin, and it has no cube).
   */
  public static String measures(tabla.core.variant.Variant v) {
    if (!Bots.neural(v) && Bots.variantNet(v).isPresent()) {
      return "cubeless equity lost per play, in points per game (1, or 2 for mars"
          + (v.name().startsWith("plakoto") ? " or a mother pin" : "") + "), by the " + v.name().split(":", 2)[0]
          + " network at 0 or 1 ply; " + v.name() + " has no cube, so no cube decisions";
    }
    return "equity lost per play and per cube decision in EMG (cubeless money equity for plays, cubeful for the cube),"
        + " by the backgammon networks" + (v.name().equals("hypergammon") ? " (hypergammon's own)" : "");
  }

  /** The analysis with the networks that suit the match's variant (hypergammon and the variants with networks have their own). */
  public static Report analyse(Match match, int plies) {
    return analyse(match, plies, Progress.NONE);
  }

  /** How far an analysis has come: told after each checker play judged, of all the record's plays. */
  @FunctionalInterface
  public interface Progress {
    Progress NONE = (done, total) -> {};

    void at(int done, int total);
  }

  /** As {@link #analyse(Match, int)}, telling {@code progress} after each checker play (the site's job shows it). */
  public static Report analyse(Match match, int plies, Progress progress) {
    tabla.core.variant.Variant v = match.rules().variant();
    if (ownNetwork(v)) return analyseVariant(match, variantEngine(v, plies), progress);
    return analyse(match, SearchPlayer.withPlies(Bots.evaluatorFor(match.rules().variant()), plies), plies, progress);
  }

  /** A play and the engine's equity for the mover after it. */
  public record Ranked(Play play, double equity) {}

  /**
   * Hints: the plays of the roll {@code g} waits for, best first, at 1-ply by the networks of its variant
   * (a variant's own network, or the backgammon family's by the endings' worth at the score). Only for a
   * variant {@link #unsupported} accepts, with the roll to play.
   */
  public static List<Ranked> hints(Game g) {
    tabla.core.variant.Variant v = g.rules().variant();
    if (ownNetwork(v)) {
      return variantEngine(v, 1).rank(g, g.legalPlays()).stream().map(s -> new Ranked(s.play(), s.equity())).toList();
    }
    return SearchPlayer.withPlies(Bots.evaluatorFor(v), 1).rank(g.legalPlays(), 1, OutcomeValues.of(g)).stream()
        .map(s -> new Ranked(s.play(), s.equity())).toList();
  }

  private static boolean ownNetwork(tabla.core.variant.Variant v) {
    return !Bots.neural(v) && Bots.variantNet(v).isPresent();
  }

  /** How a variant's own network judges plays: the best 8 within 0.5 looked at again at 1-ply (when {@code plies} ≥ 1). */
  private static tabla.bot.variant.VariantPlayer variantEngine(tabla.core.variant.Variant v, int plies) {
    return new tabla.bot.variant.VariantPlayer(Bots.variantEvaluation(v), Math.min(plies, 1), 8, 0.5, 0, 0);
  }

  /** The best play an engine finds for a roll, its equity, and the played play's at the same depth. */
  private record Judged(Play best, double bestEquity, double playedEquity) {}

  /** How an engine judges one checker play of the replayed game. */
  private interface Judge {
    Judged judge(Game replay, List<Play> legal, Play played);
  }

  /**
   * A variant game's plays judged by its {@link tabla.bot.variant.VariantPlayer}: each play against the best
   * it finds, the played one evaluated at the same depth. No cube decisions (the variants with networks
   * have no cube).
   */
  static Report analyseVariant(Match match, tabla.bot.variant.VariantPlayer engine) {
    return analyseVariant(match, engine, Progress.NONE);
  }

  private static Report analyseVariant(Match match, tabla.bot.variant.VariantPlayer engine, Progress progress) {
    return analyse(match, (replay, legal, played) -> {
      var best = engine.rank(replay, legal).get(0);
      double p = best.play().equals(played) ? best.equity() : engine.equityAfter(replay, played);
      return new Judged(best.play(), Math.max(best.equity(), p), p);
    }, null, progress);
  }

  public static Report analyse(Match match, SearchPlayer engine, int plies) {
    return analyse(match, engine, plies, Progress.NONE);
  }

  private static Report analyse(Match match, SearchPlayer engine, int plies, Progress progress) {
    return analyse(match, (replay, legal, played) -> {
      OutcomeValues values = OutcomeValues.of(replay); // a match: the endings' worth at the score, in EMG
      List<SearchPlayer.Scored> ranked = engine.rank(legal, plies, values);
      return new Judged(ranked.get(0).play(), ranked.get(0).equity(), playedEquity(engine, ranked, played, plies, values));
    }, engine.cube(), progress);
  }

  /** Replays every game, judging each checker play with {@code judge} and, with a {@code cube}, each cube decision. */
  private static Report analyse(Match match, Judge judge, CubeDecider cube, Progress progress) {
    int total = plays(match);
    List<Decision> out = new ArrayList<>();
    double[] loss = new double[2];
    int[] unforced = new int[2];
    List<CubeDecision> cubes = new ArrayList<>();
    double[] cubeLoss = new double[2];
    int[] cubeCount = new int[2];
    int gameNo = 0;
    for (Game g : match.games()) {
      gameNo++;
      Game replay = Game.start(g.rules(), g.seat());
      for (Game.Event e : g.events()) {
        CubeDecision c = cube == null ? null : cubeDecision(cube, replay, e, gameNo);
        if (c != null && c.close()) {
          cubes.add(c);
          cubeLoss[c.player()] += c.loss();
          cubeCount[c.player()]++;
        }
        if (e.action() instanceof Action.Move m && replay.phase() == Phase.MOVE && !m.play().isPass()) {
          List<Play> legal = replay.legalPlays();
          Judged j = judge.judge(replay, legal, m.play());
          Decision d = new Decision(gameNo, e.player().getAsInt(), replay.dice(), Notation.write(m.play()),
              Notation.write(j.best()), j.playedEquity(), j.bestEquity(), legal.size());
          out.add(d);
          progress.at(out.size(), total);
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
    return new Report(out, loss, unforced, cubes, cubeLoss, cubeCount);
  }

  /** The checker plays (passes aside) the analysis judges: the denominator of its progress. */
  private static int plays(Match match) {
    int n = 0;
    for (Game g : match.games()) {
      for (Game.Event e : g.events()) if (e.action() instanceof Action.Move m && !m.play().isPass()) n++;
    }
    return n;
  }

  /** The cube decision {@code e} makes in {@code g}, or null when it is none. */
  static CubeDecision cubeDecision(CubeDecider cube, Game g, Game.Event e, int gameNo) {
    Action a = g.rules().variant().firstOffLoses() ? null : e.action();
    boolean doubleOrRoll = g.phase() == Phase.ROLL && (a instanceof Action.Double || a instanceof Action.Roll);
    boolean answer = g.phase() == Phase.DOUBLE_OFFERED
        && (a instanceof Action.Take || a instanceof Action.Drop || a instanceof Action.Beaver);
    if (!(answer || doubleOrRoll && g.canDouble().isOk())) return null;
    CubeValues v = cube.values(g);
    double nd = v.emg(v.noDouble());
    double dt = v.emg(v.doubleTake());
    double dp = v.emg(v.doublePass());
    if (doubleOrRoll) {
      boolean doubled = a instanceof Action.Double;
      double dbl = Math.min(dt, dp);
      double bestValue = Math.max(nd, dbl);
      String best = dbl > nd ? "double" : "no double";
      double loss = bestValue - (doubled ? dbl : nd);
      boolean close = doubled || dbl > nd - CLOSE;
      return new CubeDecision(gameNo, e.player().getAsInt(), "double", doubled ? "double" : "no double", best, nd, dt, dp,
          loss, close);
    }
    // The taker's equity is minus the doubler's; a beaver is judged as a take.
    boolean took = !(a instanceof Action.Drop);
    double loss = took ? Math.max(0, dt - dp) : Math.max(0, dp - dt);
    String action = a instanceof Action.Beaver ? "beaver" : took ? "take" : "drop";
    return new CubeDecision(gameNo, e.player().getAsInt(), "take", action, dt <= dp ? "take" : "drop", nd, dt, dp, loss, true);
  }

  /** The played play's equity at the same depth as the best one's. */
  private static double playedEquity(SearchPlayer engine, List<SearchPlayer.Scored> ranked, Play played, int plies,
      OutcomeValues values) {
    if (ranked.get(0).play().equals(played)) return ranked.get(0).equity();
    if (plies >= 1) return engine.equityAfter(played.result(), plies, values);
    return ranked.stream().filter(s -> s.play().equals(played)).findFirst().orElseThrow().equity();
  }
}
