package tabla.bot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tabla.bot.eval.Evaluator;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.PlayGenerator;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.variant.Ending;
import tabla.core.variant.StepVariant;
import tabla.core.variant.Variant;

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
  /**
   * The variant of the game being played when its movement or endings are not backgammon's (a
   * {@link StepVariant}), else null: the search then asks it for the replies and the game's end.
   */
  private Variant variant;
  /** Set when a reply looked at ended the game before its player bore off (see {@link #rank}). */
  private boolean sudden;

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
   * Accepts a resignation when it gives at least what the bot expects to win by playing on: the
   * resigner is on roll, so the bot's cubeless equity is minus the resigner's.
   */
  @Override
  public Action answerResignation(Game game) {
    double ours = -cube.equity(game.position());
    if (game.rules().game().firstOffLoses()) ours = -ours;
    return game.resignLevel() >= ours ? new Action.AcceptResign() : new Action.RejectResign();
  }

  @Override
  public Action.Move play(Game game) {
    List<Play> plays = game.legalPlays();
    if (game.rules().game().firstOffLoses() && plays.size() > 1) {
      // Anti backgammon: the play the networks like least for us (a generic stand-in until variant nets exist).
      List<Scored> ranked = rank(plays, 0);
      return new Action.Move(ranked.get(ranked.size() - 1).play());
    }
    variant = game.rules().game() instanceof StepVariant v ? v : null;
    try {
      return new Action.Move(best(plays));
    } finally {
      variant = null; // hints and analyses of positions without a game stay backgammon's
    }
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
    sudden = false;
    List<Scored> deep = deeper(scored, keep, margin);
    // A reply that ends the game before bearing off (Plakoto's mother) is a danger the networks do not
    // see at 0-ply: look again at many more plays.
    if (sudden) deep = deeper(scored, 4 * keep, 1.0);
    return deep;
  }

  /** The best {@code n} plays within {@code within} of the best, again at 1-ply and ranked first. */
  private List<Scored> deeper(List<Scored> scored, int n, double within) {
    double cut = scored.get(0).equity() - within;
    List<Scored> deep = new ArrayList<>();
    int i = 0;
    for (; i < scored.size() && i < n && scored.get(i).equity() >= cut; i++) {
      deep.add(new Scored(scored.get(i).play(), onePly(scored.get(i).play().result())));
    }
    deep.sort(Comparator.comparingDouble(Scored::equity).reversed());
    deep.addAll(scored.subList(i, scored.size()));
    return deep;
  }

  private double zeroPly(Position afterPlay) {
    if (variant != null) {
      // The variant's own endings (Plakoto's mother) are exact; the networks know only bearing off.
      java.util.Optional<Ending> end = variant.ending(afterPlay);
      if (end.isPresent() && afterPlay.mover(Position.OFF) < afterPlay.moverCheckers()) sudden = true;
      if (end.isPresent()) return end.get().isDraw() ? 0 : end.get().winner() == Ending.MOVER ? end.get().level() : -end.get().level();
    }
    eval.afterPlay(afterPlay, scratch, probs);
    return Evaluator.equity(probs);
  }

  /** The mover's equity after its play, looking one roll of the opponent ahead. */
  double onePly(Position afterPlay) {
    if (afterPlay.mover(Position.OFF) == afterPlay.moverCheckers()) return zeroPly(afterPlay);
    if (variant != null && variant.ending(afterPlay).isPresent()) return zeroPly(afterPlay);
    Position opp = afterPlay.swap();
    double sum = 0;
    for (int[] r : ROLLS) {
      if (variant != null) {
        sum += r[2] * -variantReply(afterPlay, opp, r);
        continue;
      }
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

  /** The opponent's best 0-ply reply with roll {@code r}, by the variant's own rules. */
  private double variantReply(Position afterPlay, Position opp, int[] r) {
    List<Play> replies = variant.legalPlays(opp, new Dice(r[0], r[1]));
    if (replies.isEmpty()) {
      eval.evaluate(afterPlay, scratch, probs);
      return -Evaluator.equity(probs);
    }
    double best = Double.NEGATIVE_INFINITY;
    for (Play p : replies) best = Math.max(best, zeroPly(p.result()));
    return best;
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
