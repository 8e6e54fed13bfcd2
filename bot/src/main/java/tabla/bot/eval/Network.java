package tabla.bot.eval;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.SplittableRandom;

/**
 * A one-hidden-layer network with sigmoid units and five sigmoid outputs (win, win gammon, win
 * backgammon, lose gammon, lose backgammon for the player on roll). Flat float arrays; the first layer
 * is summed only over the non-zero inputs; nothing is allocated per evaluation (each thread uses its
 * own {@link Scratch}).
 */
public final class Network {
  public static final int OUTPUTS = 5;
  private static final int MAGIC = 0x7AB1A_001;

  final int inputs;
  final int hidden;
  final float[] w1; // [inputs][hidden]
  final float[] b1;
  final float[] w2; // [hidden][OUTPUTS]
  final float[] b2;

  public Network(int inputs, int hidden, long seed) {
    this.inputs = inputs;
    this.hidden = hidden;
    w1 = new float[inputs * hidden];
    b1 = new float[hidden];
    w2 = new float[hidden * OUTPUTS];
    b2 = new float[OUTPUTS];
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < w1.length; i++) w1[i] = (float) ((r.nextDouble() - 0.5) * 0.2);
    for (int i = 0; i < w2.length; i++) w2[i] = (float) ((r.nextDouble() - 0.5) * 0.2);
  }

  /** Per-thread work space: the inputs, hidden activations and outputs of the last evaluation. */
  public static final class Scratch {
    final Features features;
    final float[] hiddenOut;
    final float[] out = new float[OUTPUTS];
    final float[] delta = new float[OUTPUTS];

    public Scratch(Network n) {
      hiddenOut = new float[n.hidden];
      features = new Features(Math.max(n.inputs, Features.COUNT));
    }
  }

  /** Evaluates the features already in {@code s}; results in {@code s.out}. */
  void forward(Scratch s) {
    forward(s, false);
  }

  /**
   * As {@link #forward(Scratch)}; with {@code fast} the hidden units use {@link #fastSigmoid} (arithmetic the JIT
   * vectorises, within 1e-6 of the exact curve) and the output sums run four terms at a time: Math.exp on 128
   * hidden units was most of an evaluation's time. Training keeps the exact curve and the sums' order so that the
   * shipped weights stay reproducible from their command.
   */
  void forward(Scratch s, boolean fast) {
    float[] h = s.hiddenOut;
    System.arraycopy(b1, 0, h, 0, hidden);
    Features f = s.features;
    for (int k = 0; k < f.size; k++) addRow(h, f.index[k], f.value[k]);
    finish(s, fast);
  }

  /** Adds {@code v} times input {@code i}'s first-layer weights to the hidden sums {@code h}. */
  void addRow(float[] h, int i, float v) {
    int row = i * hidden;
    if (v == 1f) {
      for (int j = 0; j < hidden; j++) h[j] += w1[row + j];
    } else {
      for (int j = 0; j < hidden; j++) h[j] += v * w1[row + j];
    }
  }

  /** The hidden units and outputs from the hidden sums already in {@code s.hiddenOut}. */
  void finish(Scratch s, boolean fast) {
    if (fast) {
      finishFast(s);
      return;
    }
    float[] h = s.hiddenOut;
    // One pass over the hidden units for all five outputs (w2 is laid out by unit, then output): each
    // output's sum still adds its terms in unit order, so the result is bit for bit that of one loop per output.
    float s0 = b2[0];
    float s1 = b2[1];
    float s2 = b2[2];
    float s3 = b2[3];
    float s4 = b2[4];
    for (int j = 0; j < hidden; j++) {
      float v = sigmoid(h[j]);
      h[j] = v;
      int b = j * OUTPUTS;
      s0 += v * w2[b];
      s1 += v * w2[b + 1];
      s2 += v * w2[b + 2];
      s3 += v * w2[b + 3];
      s4 += v * w2[b + 4];
    }
    s.out[0] = sigmoid(s0);
    s.out[1] = sigmoid(s1);
    s.out[2] = sigmoid(s2);
    s.out[3] = sigmoid(s3);
    s.out[4] = sigmoid(s4);
  }

  /**
   * One gradient step towards {@code target} for the evaluation in {@code s} (cross-entropy on each
   * sigmoid output, so the output delta is simply target - output).
   */
  void learn(Scratch s, float[] target, float rate) {
    w2ByOutput = null; // w2 changes below
    float[] h = s.hiddenOut;
    float[] dOut = s.delta;
    for (int o = 0; o < OUTPUTS; o++) dOut[o] = target[o] - s.out[o];
    Features f = s.features;
    for (int j = 0; j < hidden; j++) {
      float back = 0;
      for (int o = 0; o < OUTPUTS; o++) back += dOut[o] * w2[j * OUTPUTS + o];
      float dh = back * h[j] * (1 - h[j]) * rate;
      for (int o = 0; o < OUTPUTS; o++) w2[j * OUTPUTS + o] += rate * dOut[o] * h[j];
      b1[j] += dh;
      for (int k = 0; k < f.size; k++) w1[f.index[k] * hidden + j] += dh * f.value[k];
    }
    for (int o = 0; o < OUTPUTS; o++) b2[o] += rate * dOut[o];
  }

  /**
   * The playing evaluators' output layer: every hidden unit's sigmoid in one loop of plain arithmetic (the JIT
   * turns it into vector instructions; a table lookup or Math.exp it cannot), then each output's sum over the
   * units with four running sums over {@link #byOutput} (the sums no longer wait on each other's additions).
   */
  private void finishFast(Scratch s) {
    float[] h = s.hiddenOut;
    for (int j = 0; j < hidden; j++) h[j] = fastSigmoid(h[j]);
    float[] w = byOutput();
    int quads = hidden & ~3;
    for (int o = 0; o < OUTPUTS; o++) {
      int row = o * hidden;
      float a0 = 0;
      float a1 = 0;
      float a2 = 0;
      float a3 = 0;
      for (int j = 0; j < quads; j += 4) {
        a0 += h[j] * w[row + j];
        a1 += h[j + 1] * w[row + j + 1];
        a2 += h[j + 2] * w[row + j + 2];
        a3 += h[j + 3] * w[row + j + 3];
      }
      for (int j = quads; j < hidden; j++) a0 += h[j] * w[row + j];
      s.out[o] = sigmoid(b2[o] + ((a0 + a1) + (a2 + a3)));
    }
  }

  /**
   * {@link #w2} by output, then unit (built on first use; {@link #learn} drops it). Volatile: rollout threads share
   * the network, and one that finds the copy another built must see it whole.
   */
  private volatile float[] w2ByOutput;

  private float[] byOutput() {
    float[] t = w2ByOutput;
    if (t == null) {
      t = new float[w2.length];
      for (int j = 0; j < hidden; j++) {
        for (int o = 0; o < OUTPUTS; o++) t[o * hidden + j] = w2[j * OUTPUTS + o];
      }
      w2ByOutput = t;
    }
    return t;
  }

  /**
   * The sigmoid of a finite {@code x} within 1e-6, in arithmetic only: e^|x| as (its Taylor polynomial of degree
   * 7 at |x|/32) to the 32nd power (infinite past |x| ≈ 88, which leaves σ(-|x|) = 0 as it should), then
   * σ(x) = 1/2 + x · (1/2 − σ(-|x|)) / |x|, which picks the side without a branch. NaN stays NaN.
   */
  static float fastSigmoid(float x) {
    float a = Math.abs(x);
    float z = a * (1f / 32);
    float p = 1f + z * (1f + z * (1f / 2 + z * (1f / 6 + z * (1f / 24 + z * (1f / 120 + z * (1f / 720 + z * (1f / 5040)))))));
    p *= p;
    p *= p;
    p *= p;
    p *= p;
    p *= p;
    float lower = 1f / (1f + p); // σ(-|x|)
    return 0.5f + x * ((0.5f - lower) / (a + 1e-30f));
  }

  static float sigmoid(float x) {
    if (x > 30) return 1f;
    if (x < -30) return 0f;
    return (float) (1 / (1 + Math.exp(-x)));
  }

  /**
   * This network with its first {@code count} inputs: fewer drops the last inputs' weights, more adds
   * inputs with weights 0 (so it evaluates as before while they are 0).
   */
  Network resized(int count) {
    Network n = new Network(count, hidden, 0);
    java.util.Arrays.fill(n.w1, 0f);
    System.arraycopy(w1, 0, n.w1, 0, Math.min(w1.length, n.w1.length)); // rows by input, in order
    System.arraycopy(b1, 0, n.b1, 0, hidden);
    System.arraycopy(w2, 0, n.w2, 0, w2.length);
    System.arraycopy(b2, 0, n.b2, 0, b2.length);
    return n;
  }

  /**
   * This network with {@code more} hidden units after its own: their input weights small and seeded, their output
   * weights 0, so it computes exactly what this one does until trained (the new units come alive through their
   * output weights' first gradient).
   */
  Network withMoreHidden(int more, long seed) {
    int h = hidden + more;
    Network n = new Network(inputs, h, 0);
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < inputs; i++) {
      System.arraycopy(w1, i * hidden, n.w1, i * h, hidden);
      for (int j = hidden; j < h; j++) n.w1[i * h + j] = (float) ((r.nextDouble() - 0.5) * 0.1);
    }
    java.util.Arrays.fill(n.b1, 0f);
    System.arraycopy(b1, 0, n.b1, 0, hidden);
    java.util.Arrays.fill(n.w2, 0f);
    System.arraycopy(w2, 0, n.w2, 0, w2.length); // rows by hidden unit, in order
    System.arraycopy(b2, 0, n.b2, 0, b2.length);
    return n;
  }

  /** Whether every input from {@code first} on has all its weights 0 (has never been trained). */
  boolean unusedFrom(int first) {
    for (int i = first * hidden; i < w1.length; i++) {
      if (w1[i] != 0f) return false;
    }
    return true;
  }

  public Network copy() {
    Network n = new Network(inputs, hidden, 0);
    System.arraycopy(w1, 0, n.w1, 0, w1.length);
    System.arraycopy(b1, 0, n.b1, 0, b1.length);
    System.arraycopy(w2, 0, n.w2, 0, w2.length);
    System.arraycopy(b2, 0, n.b2, 0, b2.length);
    return n;
  }

  public void write(OutputStream os) throws IOException {
    DataOutputStream out = new DataOutputStream(os);
    out.writeInt(MAGIC);
    out.writeInt(inputs);
    out.writeInt(hidden);
    for (float[] a : new float[][] {w1, b1, w2, b2}) {
      for (float x : a) out.writeFloat(x);
    }
    out.flush();
  }

  public static Network read(InputStream is) throws IOException {
    DataInputStream in = new DataInputStream(is);
    if (in.readInt() != MAGIC) throw new IOException("not a Tabla network file");
    Network n = new Network(in.readInt(), in.readInt(), 0);
    for (float[] a : new float[][] {n.w1, n.b1, n.w2, n.b2}) {
      for (int i = 0; i < a.length; i++) a[i] = in.readFloat();
    }
    return n;
  }
}
