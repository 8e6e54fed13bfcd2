package tabla.bot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import tabla.bot.eval.Evaluator;
import tabla.core.Play;
import tabla.core.PlayGenerator;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;

/**
 * n-ply search with move filtering, as GNU Backgammon's lookahead: every play is scored at 0-ply
 * (the networks, or the bear-off database); the best few (within {@code margin} of the best, at
 * most {@code keep}) are scored again at 1-ply, by averaging over the 21 rolls the opponent may
 * throw the opponent's best 0-ply reply; at 2-ply the best of those (within {@link #MARGIN_2} of the
 * best, at most {@link #KEEP_2}) are scored by averaging, over the opponent's 21 rolls, its 0-ply
 * best reply looked at 1-ply (over our 21 rolls, our best 0-ply reply). One instance per thread:
 * one move generator is reused, as each roll's best play is picked before looking deeper.
 */
public final class SearchPlayer implements Player {
  private static final int[][] ROLLS = Rolls.all();

  private final Evaluator eval;
  private final Evaluator.Scratch scratch;
  private final PlayGenerator gen = new PlayGenerator();
  private final float[] probs = new float[5];
  /** The index {@link Evaluator#bestPlays} picks. */
  private final int[] pick = new int[1];
  private final int keep;
  private final double margin;
  private final CubeDecider cube;
  /** The depth {@link #best} and {@link #play} search to. */
  private final int plies;
  /** The 1-ply filter before 2-ply: at most this many plays, within {@link #MARGIN_2} of the best 1-ply play. */
  static final int KEEP_2 = 4;
  static final double MARGIN_2 = 0.10;
  /** The 0-ply filter before 1-ply (gnubg's usual values). */
  static final int KEEP_1 = 8;
  static final double MARGIN_1 = 0.16;

  /** A 1-ply player keeping at most {@code keep} plays within {@code margin} of the best 0-ply play. */
  public SearchPlayer(Evaluator eval, int keep, double margin) {
    this(eval, keep, margin, 1, 1);
  }

  private SearchPlayer(Evaluator eval, int keep, double margin, int plies, int cubePlies) {
    this.eval = eval;
    this.scratch = eval.scratch();
    this.keep = keep;
    this.margin = margin;
    this.plies = plies;
    this.cube = new CubeDecider(eval, cubePlies);
  }

  /** A player searching {@code plies} (0, 1 or 2) deep with the standard filters, its cube one roll ahead. */
  public static SearchPlayer withPlies(Evaluator eval, int plies) {
    return withPlies(eval, plies, 1);
  }

  /** {@link #withPlies(Evaluator, int)} with the cube looked {@code cubePlies} (0, 1 or 2) ahead; see {@link CubeDecider}. */
  public static SearchPlayer withPlies(Evaluator eval, int plies, int cubePlies) {
    if (plies < 0 || plies > 2) throw new IllegalArgumentException("plies must be 0, 1 or 2, got " + plies);
    return new SearchPlayer(eval, KEEP_1, MARGIN_1, plies, cubePlies);
  }

  /** The depth this player plays at. */
  public int plies() {
    return plies;
  }

  /** The cube decisions this player makes (same networks). */
  public CubeDecider cube() {
    return cube;
  }

  @Override
  public boolean wantsToDouble(Game game) {
    return !game.rules().variant().firstOffLoses() && cube.shouldDouble(game);
  }

  @Override
  public Action answerDouble(Game game) {
    // In Anti backgammon the networks' view is upside down: being "ahead" is bad, so take every double.
    return game.rules().variant().firstOffLoses() ? new Action.Take() : cube.answer(game);
  }

  /**
   * Accepts a resignation when it gives at least what the bot expects to win by playing on (cubeless,
   * in points or match winning chances; see {@link CubeDecider#acceptsResignation}).
   */
  @Override
  public Action answerResignation(Game game) {
    if (game.rules().variant().firstOffLoses()) {
      // Anti backgammon: the networks' view is upside down; the bot's cubeless equity is the resigner's.
      double ours = cube.equity(game.position());
      return game.resignLevel() >= ours ? new Action.AcceptResign() : new Action.RejectResign();
    }
    return cube.acceptsResignation(game) ? new Action.AcceptResign() : new Action.RejectResign();
  }

  /** Resigns (single, gammon or backgammon) when hopelessly lost; see {@link CubeDecider#resignOffer}. */
  @Override
  public Optional<Integer> resignOffer(Game game) {
    return game.rules().variant().firstOffLoses() ? Optional.empty() : cube.resignOffer(game);
  }

  @Override
  public Action.Move play(Game game) {
    Bots.requireNetworks(game.rules().variant()); // other variants: Bots.forVariant routes them to VariantPlayer
    List<Play> plays = game.legalPlays();
    if (game.rules().variant().firstOffLoses() && plays.size() > 1) {
      // Anti backgammon: the play the networks like least for us (a generic stand-in until variant nets exist).
      List<Scored> ranked = rank(plays, 0);
      return new Action.Move(ranked.get(ranked.size() - 1).play());
    }
    var variant = game.rules().variant();
    if (!variant.usesDice() && plays.size() > 1) {
      // Grasshopper: a winning play first; else the networks at 0-ply (a 1-ply look would roll dice there are not).
      for (Play p : plays) {
        var end = variant.ending(p.result());
        if (end.isPresent() && end.get().winner() == tabla.core.variant.Ending.MOVER) return new Action.Move(p);
      }
      return new Action.Move(rank(plays, 0).get(0).play());
    }
    return new Action.Move(best(plays, OutcomeValues.of(game)));
  }

  /** The best play for money (cubeless equity). */
  public Play best(List<Play> plays) {
    return best(plays, OutcomeValues.MONEY);
  }

  /** The best play when the game's endings are worth {@code values} (a match score: see {@link OutcomeValues#of}). */
  public Play best(List<Play> plays, OutcomeValues values) {
    return plays.size() == 1 ? plays.get(0) : rank(plays, plies, values).get(0).play();
  }

  /** A play and its equity for the mover (cubeless: money, or EMG at a match score). */
  public record Scored(Play play, double equity) {}

  /**
   * Every play with its equity, best first: all at 0-ply; with {@code plies} ≥ 1 the ones the first
   * filter keeps again at 1-ply, and with {@code plies} = 2 the ones the second filter keeps at 2-ply
   * (each deeper group ranked above the rest, as a deeper look decides among them).
   */
  public List<Scored> rank(List<Play> plays, int plies) {
    return rank(plays, plies, OutcomeValues.MONEY);
  }

  /** {@link #rank(List, int)} with the game's endings worth {@code values} to the mover. */
  public List<Scored> rank(List<Play> plays, int plies, OutcomeValues values) {
    List<Scored> scored = new ArrayList<>(plays.size());
    for (Play p : plays) scored.add(new Scored(p, zeroPly(p.result(), values, true)));
    scored.sort(BEST_FIRST);
    if (plies < 1 || scored.size() < 2) return scored;
    scored = deepen(scored, keep, margin, 1, values);
    if (plies < 2) return scored;
    return deepen(scored, KEEP_2, MARGIN_2, 2, values);
  }

  private static final Comparator<Scored> BEST_FIRST = Comparator.comparingDouble(Scored::equity).reversed();

  /** Scores again at {@code depth} the leading plays within {@code within} of the best, at most {@code most}. */
  private List<Scored> deepen(List<Scored> ranked, int most, double within, int depth, OutcomeValues values) {
    double cut = ranked.get(0).equity() - within;
    List<Scored> deep = new ArrayList<>(ranked.size());
    int i = 0;
    for (; i < ranked.size() && i < most && ranked.get(i).equity() >= cut; i++) {
      Play p = ranked.get(i).play();
      deep.add(new Scored(p, equityAfter(p.result(), depth, values, true)));
    }
    deep.sort(BEST_FIRST);
    deep.addAll(ranked.subList(i, ranked.size()));
    return deep;
  }

  /** The value for the side that just played ({@code chooser}: the mover at the root, else its opponent). */
  private double zeroPly(Position afterPlay, OutcomeValues values, boolean chooser) {
    eval.afterPlay(afterPlay, scratch, probs);
    return values.of(probs, chooser);
  }

  /**
   * The mover's cubeless equity after its play ({@code afterPlay}, not swapped), looking
   * {@code plies} rolls ahead (0: the evaluation itself); exact when the play ended the game.
   */
  public double equityAfter(Position afterPlay, int plies) {
    return equityAfter(afterPlay, plies, OutcomeValues.MONEY);
  }

  /** {@link #equityAfter(Position, int)} with the game's endings worth {@code values} to the mover. */
  public double equityAfter(Position afterPlay, int plies, OutcomeValues values) {
    return equityAfter(afterPlay, plies, values, true);
  }

  private double equityAfter(Position afterPlay, int plies, OutcomeValues values, boolean chooser) {
    if (plies == 0 || afterPlay.mover(Position.OFF) == afterPlay.moverCheckers()) return zeroPly(afterPlay, values, chooser);
    return -onRoll(afterPlay.swap(), plies, values, !chooser);
  }

  /**
   * Equity of the player on roll in {@code pos} (a game still going), before rolling, averaged over
   * the 21 rolls with each roll's best play chosen at 0-ply and then looked at {@code plies} - 1 deep.
   */
  private double onRoll(Position pos, int plies, OutcomeValues values, boolean chooser) {
    if (plies == 0) {
      eval.evaluate(pos, scratch, probs);
      return values.of(probs, chooser);
    }
    double sum = 0;
    for (int[] r : ROLLS) {
      int n = gen.generate(pos, r[0], r[1]);
      double v;
      if (n == 0) {
        v = -onRoll(pos.swap(), plies - 1, values, !chooser); // a pass: the other side is on roll in the same position
      } else {
        eval.bestPlays(gen, n, scratch, pick, probs, p -> values.of(p, chooser));
        // The generator is free again here, so the deeper look may reuse it.
        v = plies == 1 ? values.of(probs, chooser) : equityAfter(gen.result(pick[0]), plies - 1, values, chooser);
      }
      sum += r[2] * v;
    }
    return sum / 36;
  }
}
