package tabla.bot.variant;

import tabla.bot.eval.Evaluator;
import tabla.bot.eval.Network;
import tabla.bot.eval.VariantNet;
import java.util.List;
import java.util.Optional;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.variant.Ending;
import tabla.core.variant.Variant;

/**
 * A variant's trained network as a {@link VariantEvaluation}: cubeless equity in points per game (the
 * variant's own result levels: mars, a mother pin, koks) for the player who just played. Holds its
 * own work space, so one instance per thread.
 */
public final class NetEvaluation implements VariantEvaluation {
  private final VariantNet net;
  private final Network.Scratch scratch;
  private final float[] probs = new float[Network.OUTPUTS];
  private final VariantNet.Incremental inc;

  public NetEvaluation(VariantNet net) {
    this.net = net;
    this.scratch = net.scratch();
    this.inc = net.incremental();
  }

  @Override
  public Variant variant() {
    return net.variant();
  }

  @Override
  public double afterPlay(Position result) {
    net.afterPlay(result, scratch, probs);
    return Evaluator.equity(probs);
  }

  /** Each play's result, swapped, differs from {@code before}, swapped, only by the player's checkers. */
  @Override
  public double[] afterPlays(Position before, List<Play> plays) {
    inc.base(before.swap());
    double[] out = new double[plays.size()];
    for (int i = 0; i < out.length; i++) {
      inc.afterPlay(plays.get(i).result(), probs);
      out[i] = Evaluator.equity(probs);
    }
    return out;
  }

  @Override
  public double playingOn(Position result, Dice next) {
    Optional<Ending> end = net.variant().ending(result);
    if (end.isPresent()) return GenericEvaluator.terminal(end.get());
    net.evaluate(result, next, scratch, probs);
    return Evaluator.equity(probs);
  }

  @Override
  public double equity(Position p) {
    net.evaluate(p.swap(), scratch, probs);
    return -Evaluator.equity(probs);
  }

  /** The probabilities for the player on roll in {@code p} (win, win 2+, win 3, lose 2+, lose 3). */
  public float[] probabilities(Position p) {
    float[] out = new float[Network.OUTPUTS];
    net.evaluate(p, scratch, out);
    return out;
  }

  @Override
  public String measures() {
    return "cubeless equity in points per game (mars and the variant's other levels counted), by the "
        + net.variant().name() + " network";
  }
}
