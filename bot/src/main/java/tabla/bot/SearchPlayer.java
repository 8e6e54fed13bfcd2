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
 * 1-ply search with move filtering: every play is scored at 0-ply; the best few (those within
 * {@code margin} of the best, at most {@code keep}) are scored again by averaging, over the 21 rolls
 * the opponent may throw, the opponent's best 0-ply reply. One instance per thread.
 */
public final class SearchPlayer implements Player {
  private static final int[][] ROLLS = rolls();

  private final Evaluator eval;
  private final Evaluator.Scratch scratch;
  private final PlayGenerator gen = new PlayGenerator();
  private final float[] probs = new float[5];
  private final int keep;
  private final double margin;
  private final CubeDecider cube;

  public SearchPlayer(Evaluator eval, int keep, double margin) {
    this.eval = eval;
    this.scratch = eval.scratch();
    this.keep = keep;
    this.margin = margin;
    this.cube = new CubeDecider(eval);
  }

  /** The cube decisions this player makes (same networks). */
  public CubeDecider cube() {
    return cube;
  }

  @Override
  public boolean wantsToDouble(Game game) {
    return !game.rules().game().firstOffLoses() && cube.shouldDouble(game);
  }

  @Override
  public Action answerDouble(Game game) {
    // In Anti backgammon the networks' view is upside down: being "ahead" is bad, so take every double.
    return game.rules().game().firstOffLoses() ? new Action.Take() : cube.answer(game);
  }

  /**
   * Accepts a resignation when it gives at least what the bot expects to win by playing on (cubeless,
   * in points or match winning chances; see {@link CubeDecider#acceptsResignation}).
   */
  @Override
  public Action answerResignation(Game game) {
    if (game.rules().game().firstOffLoses()) {
      // Anti backgammon: the networks' view is upside down; the bot's cubeless equity is the resigner's.
      double ours = cube.equity(game.position());
      return game.resignLevel() >= ours ? new Action.AcceptResign() : new Action.RejectResign();
    }
    return cube.acceptsResignation(game) ? new Action.AcceptResign() : new Action.RejectResign();
  }

  /** Resigns (single, gammon or backgammon) when hopelessly lost; see {@link CubeDecider#resignOffer}. */
  @Override
  public Optional<Integer> resignOffer(Game game) {
    return game.rules().game().firstOffLoses() ? Optional.empty() : cube.resignOffer(game);
  }

  @Override
  public Action.Move play(Game game) {
    Bots.requireNetworks(game.rules().game()); // other variants: Bots.forVariant routes them to VariantPlayer
    List<Play> plays = game.legalPlays();
    if (game.rules().game().firstOffLoses() && plays.size() > 1) {
      // Anti backgammon: the play the networks like least for us (a generic stand-in until variant nets exist).
      List<Scored> ranked = rank(plays, 0);
      return new Action.Move(ranked.get(ranked.size() - 1).play());
    }
    return new Action.Move(best(plays));
  }

  public Play best(List<Play> plays) {
    return plays.size() == 1 ? plays.get(0) : rank(plays, 1).get(0).play();
  }

  /** A play and its equity for the mover (cubeless, money). */
  public record Scored(Play play, double equity) {}

  /**
   * Every play with its equity, best first: all at 0-ply, and with {@code plies} = 1 the ones the
   * filter keeps again at 1-ply (ranked above the rest, as a deeper look decides among them).
   */
  public List<Scored> rank(List<Play> plays, int plies) {
    List<Scored> scored = new ArrayList<>(plays.size());
    for (Play p : plays) scored.add(new Scored(p, zeroPly(p.result())));
    scored.sort(Comparator.comparingDouble(Scored::equity).reversed());
    if (plies < 1 || scored.size() < 2) return scored;
    double cut = scored.get(0).equity() - margin;
    List<Scored> deep = new ArrayList<>();
    int i = 0;
    for (; i < scored.size() && i < keep && scored.get(i).equity() >= cut; i++) {
      deep.add(new Scored(scored.get(i).play(), onePly(scored.get(i).play().result())));
    }
    deep.sort(Comparator.comparingDouble(Scored::equity).reversed());
    deep.addAll(scored.subList(i, scored.size()));
    return deep;
  }

  private double zeroPly(Position afterPlay) {
    eval.afterPlay(afterPlay, scratch, probs);
    return Evaluator.equity(probs);
  }

  /** The mover's equity after its play, looking one roll of the opponent ahead. */
  double onePly(Position afterPlay) {
    if (afterPlay.mover(Position.OFF) == afterPlay.moverCheckers()) return zeroPly(afterPlay);
    Position opp = afterPlay.swap();
    double sum = 0;
    for (int[] r : ROLLS) {
      int n = gen.generate(opp, r[0], r[1]);
      double oppBest;
      if (n == 0) {
        eval.evaluate(afterPlay, scratch, probs); // the opponent passes: the mover is on roll again
        oppBest = -Evaluator.equity(probs);
      } else {
        oppBest = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) oppBest = Math.max(oppBest, zeroPly(gen.result(i)));
      }
      sum += r[2] * -oppBest;
    }
    return sum / 36;
  }

  private static int[][] rolls() {
    int[][] r = new int[21][];
    int k = 0;
    for (int a = 1; a <= 6; a++) {
      for (int b = a; b <= 6; b++) r[k++] = new int[] {a, b, a == b ? 1 : 2};
    }
    return r;
  }
}
