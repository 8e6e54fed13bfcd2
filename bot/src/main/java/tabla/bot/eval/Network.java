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
   * As {@link #forward(Scratch)}; with {@code fast} the hidden units use {@link #fastSigmoid} (a table,
   * within 4e-6 of the exact curve): Math.exp on 128 hidden units was most of an evaluation's time.
   * Training keeps the exact curve so that the shipped weights stay reproducible from their command.
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
    float[] h = s.hiddenOut;
    // One pass over the hidden units for all five outputs (w2 is laid out by unit, then output): each
    // output's sum still adds its terms in unit order, so the result is bit for bit that of one loop per output.
    float s0 = b2[0];
    float s1 = b2[1];
    float s2 = b2[2];
    float s3 = b2[3];
    float s4 = b2[4];
    for (int j = 0; j < hidden; j++) {
      float v = fast ? fastSigmoid(h[j]) : sigmoid(h[j]);
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

  private static final float RANGE = 16f;
  private static final int PER_UNIT = 64;
  private static final float[] TABLE = new float[(int) (2 * RANGE * PER_UNIT) + 2];

  static {
    for (int i = 0; i < TABLE.length; i++) TABLE[i] = sigmoid(-RANGE + (float) i / PER_UNIT);
  }

  /** The sigmoid by linear interpolation in a table of 1/64 steps over [-16, 16] (0 or 1 outside). */
  static float fastSigmoid(float x) {
    if (!(x > -RANGE)) return x != x ? x : 0f; // NaN stays NaN
    if (x >= RANGE) return 1f;
    float t = (x + RANGE) * PER_UNIT;
    int i = (int) t;
    float f = t - i;
    return TABLE[i] + f * (TABLE[i + 1] - TABLE[i]);
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
