package tabla.bot;

import java.util.OptionalInt;
import java.util.Optional;
import tabla.bot.cube.CubeEfficiency;
import tabla.bot.cube.CubeValues;
import tabla.bot.cube.Janowski;
import tabla.bot.cube.Payoff;
import tabla.bot.eval.Evaluator;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/**
 * Cube and resignation decisions from the networks' cubeless probabilities (0-ply, before the roll):
 * cubeful values by Janowski's model ({@link Janowski}, efficiency from {@link CubeEfficiency}), in
 * points for money and in match winning chances from the match equity table for matches
 * ({@link Payoff}). Double when doubling is worth more than waiting (never when too good), take when
 * taking leaves the doubler less than a pass, beaver (money, when allowed) when the taker is better
 * than even after taking. Post-Crawford the trailer doubles at once. One instance per thread.
 */
public final class CubeDecider {
  /**
   * Resignation tolerance, in EMG: offer a level when it gives away at most this much against playing
   * on, and the opponent, judging as we do, gains at most this much by refusing it.
   */
  static final double RESIGN_TOLERANCE = 0.02;

  /** A resignation that costs the winner at most this much (EMG) against playing on is accepted. */
  static final double ACCEPT_SLACK = 0.001;

  private static final Rules MONEY = Rules.money().toBuilder().jacoby(false).build();

  private final Evaluator eval;
  private final Evaluator.Scratch scratch;
  private final float[] probs = new float[5];

  public CubeDecider(Evaluator eval) {
    this.eval = eval;
    this.scratch = eval.scratch();
  }

  /** Cubeless equity of the player on roll in {@code onRoll} (before rolling). */
  public double equity(Position onRoll) {
    eval.evaluate(onRoll, scratch, probs);
    return Evaluator.equity(probs);
  }

  /** The model for the player on roll in {@code g} (its position, its score and its view of the cube). */
  public Janowski model(Game g) {
    eval.evaluate(g.position(), scratch, probs);
    return new Janowski(probs, Payoff.of(g, g.mover()), CubeEfficiency.of(g.position()));
  }

  /**
   * No double, double/take and double/pass for the player on roll in {@code g}: before its roll, or
   * the doubler while its double waits for the answer.
   */
  public CubeValues values(Game g) {
    Janowski.Owner owner = g.cubeCentred() ? Janowski.Owner.CENTRED
        : g.ownsCube(g.mover()) ? Janowski.Owner.MINE : Janowski.Owner.THEIRS;
    return model(g).values(g.cube(), owner);
  }

  /** Asked only when the rules allow a double now. */
  public boolean shouldDouble(Game g) {
    if (trailerPostCrawford(g)) return true;
    return values(g).shouldDouble();
  }

  /**
   * Post-Crawford, a trailer facing a leader at 1-away doubles at the first chance: the leader's
   * gammons no longer matter and the cube is worthless to the leader, so waiting only lets the leader
   * drop a bad game more cheaply later.
   */
  static boolean trailerPostCrawford(Game g) {
    Rules r = g.rules();
    if (r.isMoney() || !g.seat().postCrawford()) return false;
    int me = g.mover();
    int mine = r.matchLength() - (me == 0 ? g.seat().score0() : g.seat().score1());
    int theirs = r.matchLength() - (me == 0 ? g.seat().score1() : g.seat().score0());
    return theirs == 1 && mine > 1;
  }

  /** Money play without Jacoby: whether the player on roll in {@code onRoll} should double (redouble when it owns the cube). */
  public boolean shouldDouble(Position onRoll, boolean redouble) {
    return shouldDouble(Game.setUp(MONEY, Game.Seat.MONEY, onRoll, 0, redouble ? 2 : 1,
        redouble ? OptionalInt.of(0) : OptionalInt.empty()));
  }

  /** The answer of the player doubled in {@code g} (the position is the doubler's, on roll). */
  public Action answer(Game g) {
    CubeValues v = values(g);
    if (!v.shouldTake()) return new Action.Drop();
    return g.canBeaver().isOk() && v.beaver() ? new Action.Beaver() : new Action.Take();
  }

  /** Money play without Jacoby: whether to take a double from the player on roll in {@code doublerOnRoll}. */
  public boolean takes(Position doublerOnRoll) {
    Game g = Game.setUp(MONEY, Game.Seat.MONEY, doublerOnRoll, 0, 1).apply(new Action.Double()).get();
    return !(answer(g) instanceof Action.Drop);
  }

  /**
   * Whether to accept the resignation offered in {@code g} (the resigner is on roll): yes when it
   * gives at least what the resigner's cubeless probabilities say it would lose by playing on
   * (points, or match winning chances), less a negligible {@link #ACCEPT_SLACK}.
   */
  public boolean acceptsResignation(Game g) {
    Janowski j = model(g);
    Payoff pay = j.payoff();
    int c = g.cube();
    double resigned = pay.value(-pay.multiplier(g.resignLevel(), c) * c);
    double scale = (pay.value(c) - pay.value(-c)) / 2;
    return resigned <= j.dead(c) + ACCEPT_SLACK * scale; // what it gives up by accepting is negligible

  }

  /**
   * The resignation the player on roll in {@code g} should offer, if any: the lowest level (1 single,
   * 2 gammon, 3 backgammon) that costs it at most {@link #RESIGN_TOLERANCE} against playing on
   * (cubeless: when it is this lost the cube does not matter) and that the opponent, judging the
   * same way, should accept. Never a level the opponent already refused in this game.
   */
  public Optional<Integer> resignOffer(Game g) {
    int refused = refusedLevel(g);
    if (refused >= 3) return Optional.empty();
    Janowski j = model(g);
    Payoff pay = j.payoff();
    int c = g.cube();
    double playOn = j.dead(c);
    double scale = (pay.value(c) - pay.value(-c)) / 2; // one cube, in the payoff's units: EMG
    if (scale <= 0) return Optional.empty();
    for (int level = refused + 1; level <= g.rules().variant().maxLevel(); level++) {
      double resigned = pay.value(-pay.multiplier(level, c) * c);
      double diff = (resigned - playOn) / scale;
      if (diff >= -RESIGN_TOLERANCE && diff <= RESIGN_TOLERANCE) return Optional.of(level);
    }
    return Optional.empty();
  }

  /** The highest level the player on roll offered and had refused in this game, 0 if none. */
  static int refusedLevel(Game g) {
    int refused = 0;
    int pending = 0; // the level of an offer by the player on roll that waits for its answer
    for (Game.Event e : g.events()) {
      if (e.action() instanceof Action.RejectResign && pending > 0) refused = Math.max(refused, pending);
      pending = e.action() instanceof Action.Resign r && e.by(g.mover()) ? r.level() : 0;
    }
    return refused;
  }
}
