package tabla.bot.eval;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.variant.Ending;
import tabla.core.variant.Variant;

/**
 * A variant's own network ({@link VariantFeatures} inputs, one hidden layer, five outputs) and its
 * reading of the variant's results: for the player on roll, win, win at level 2 or more (mars, a mother
 * pin, a gammon), win at level 3 (koks, backgammon), lose at level 2 or more, lose at level 3. A draw is
 * half a win. Equity in points is then {@link Evaluator#equity}.
 */
public final class VariantNet {
  final Variant variant;
  final VariantFeatures features;
  final Network net;
  /** The table sigmoid (playing); training keeps the exact curve so the shipped weights stay reproducible. */
  final boolean fast;

  private VariantNet(Variant variant, Network net, boolean fast) {
    if (net.inputs != VariantFeatures.COUNT && net.inputs != VariantFeatures.COUNT_V1) {
      throw new IllegalArgumentException("a variant network needs " + VariantFeatures.COUNT + " inputs, this one has " + net.inputs);
    }
    this.variant = variant;
    this.features = new VariantFeatures(variant);
    // A network of the first layout gets the newer inputs with weights 0: it evaluates exactly as before,
    // and training it on (Gul bara's checkpoint) teaches it what they mean.
    this.net = net.inputs == VariantFeatures.COUNT ? net : net.resized(VariantFeatures.COUNT);
    this.fast = fast;
  }

  /**
   * Random weights drawn as for the first layout, the newer inputs' weights 0: so a variant that never
   * uses them (every one but Gul bara) trains to exactly the weights, and writes exactly the file, it did.
   */
  public static VariantNet fresh(Variant v, int hidden, long seed) {
    return new VariantNet(v, new Network(VariantFeatures.COUNT_V1, hidden, seed), false);
  }

  /** Reads a gzipped network for {@code v}, for play (table sigmoid). */
  public static VariantNet read(Variant v, InputStream in) throws IOException {
    return new VariantNet(v, Network.read(new GZIPInputStream(in)), true);
  }

  /** Reads a gzipped network for {@code v} to go on training it (exact sigmoid). */
  public static VariantNet readForTraining(Variant v, InputStream in) throws IOException {
    return new VariantNet(v, Network.read(new GZIPInputStream(in)), false);
  }

  public void write(OutputStream os) throws IOException {
    GZIPOutputStream z = new GZIPOutputStream(os);
    // Unused newer inputs are left out, so such a network's file is the first layout's, byte for byte.
    (net.unusedFrom(VariantFeatures.COUNT_V1) ? net.resized(VariantFeatures.COUNT_V1) : net).write(z);
    z.finish();
  }

  public Variant variant() {
    return variant;
  }

  public int hidden() {
    return net.hidden;
  }

  public VariantNet copy() {
    return new VariantNet(variant, net.copy(), fast);
  }

  /** The same weights for play (table sigmoid). */
  public VariantNet forPlay() {
    return new VariantNet(variant, net, true);
  }

  public Network.Scratch scratch() {
    return new Network.Scratch(net);
  }

  /** Probabilities for the player on roll in {@code p}, a game still going, into {@code out}. */
  public void evaluate(Position p, Network.Scratch s, float[] out) {
    evaluate(p, null, s, out);
  }

  /** The same for a player on roll who plays the double {@code playsOn} without a roll (null: he rolls). */
  public void evaluate(Position p, Dice playsOn, Network.Scratch s, float[] out) {
    evaluate(p, p.swap(), playsOn, s, out);
  }

  private void evaluate(Position p, Position them, Dice playsOn, Network.Scratch s, float[] out) {
    features.encode(p, them, playsOn, s.features);
    net.forward(s, fast);
    System.arraycopy(s.out, 0, out, 0, Network.OUTPUTS);
  }

  /**
   * Probabilities for the player who just played, from the position after his play (not swapped): the
   * variant's own result when the play ends the game, else the network's view of the opponent, flipped.
   */
  public void afterPlay(Position result, Network.Scratch s, float[] out) {
    Optional<Ending> end = variant.ending(result);
    if (end.isPresent()) {
      outcome(end.get(), out);
      return;
    }
    evaluate(result.swap(), result, null, s, out);
    Evaluator.flip(out, out);
  }

  /** The five probabilities of a finished game for the player who made the last play. */
  public static void outcome(Ending e, float[] out) {
    java.util.Arrays.fill(out, 0f);
    if (e.isDraw()) {
      out[0] = 0.5f;
      return;
    }
    int level = e.level();
    boolean mine = e.winner() == Ending.MOVER;
    out[0] = mine ? 1 : 0;
    out[mine ? 1 : 3] = level >= 2 ? 1 : 0;
    out[mine ? 2 : 4] = level >= 3 ? 1 : 0;
  }

  /**
   * Work space for evaluating many positions that differ little from one base position (a search's
   * replies to one play): the base's inputs and hidden sums are kept, and each position adds only the
   * rows of the inputs that differ, about a tenth of a full evaluation's first layer.
   */
  public final class Incremental {
    private final Network.Scratch s = new Network.Scratch(net);
    private final float[] baseIn = new float[VariantFeatures.COUNT];
    private final float[] basePre = new float[net.hidden];
    private final float[] in = new float[VariantFeatures.COUNT];
    private final Features f = s.features;

    /** Makes {@code p} (seen by its mover) the base. */
    public void base(Position p) {
      java.util.Arrays.fill(baseIn, 0f);
      features.encode(p, null, f);
      System.arraycopy(net.b1, 0, basePre, 0, net.hidden);
      for (int k = 0; k < f.size; k++) {
        baseIn[f.index[k]] = f.value[k];
        net.addRow(basePre, f.index[k], f.value[k]);
      }
    }

    /** As {@link VariantNet#afterPlay}, for a play whose result, swapped, is near the base. */
    public void afterPlay(Position result, float[] out) {
      Optional<Ending> end = variant.ending(result);
      if (end.isPresent()) {
        outcome(end.get(), out);
        return;
      }
      features.encode(result.swap(), result, null, f);
      for (int k = 0; k < f.size; k++) in[f.index[k]] = f.value[k];
      float[] h = s.hiddenOut;
      System.arraycopy(basePre, 0, h, 0, net.hidden);
      for (int i = 0; i < VariantFeatures.COUNT; i++) {
        float d = in[i] - baseIn[i];
        if (d != 0f) net.addRow(h, i, d);
      }
      for (int k = 0; k < f.size; k++) in[f.index[k]] = 0f;
      net.finish(s, fast);
      Evaluator.flip(s.out, out);
    }
  }

  public Incremental incremental() {
    return new Incremental();
  }

  /** One training step of the evaluation of {@code p} ({@code playsOn} as in {@link #evaluate}) towards {@code target}. */
  public void learn(Network.Scratch s, Position p, Dice playsOn, float[] target, float rate) {
    features.encode(p, playsOn, s.features);
    net.forward(s, false);
    net.learn(s, target, rate);
  }
}
