package tabla.bot.eval;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import tabla.core.Position;

/**
 * A contact network that reads the 196 board inputs of {@link Features} and, after them, {@link #EXTRA} inputs from
 * {@link ContactInputs} (ten for each side, scaled to about 0..1): the candidate for a stronger evaluator, trained by
 * coach's supervised fit, and played through {@link Evaluator#withContact} (or a weights file that carries it). {@link #widen} starts it from a shipped contact network with
 * the new inputs' weights 0, so it evaluates exactly as that network did until trained.
 */
public final class ContactNet {
  /** Inputs per side after the board's. */
  static final int PER_SIDE = 10;
  public static final int EXTRA = 2 * PER_SIDE;
  public static final int COUNT = Features.COUNT + EXTRA;

  final Network net;
  final boolean fast;

  private ContactNet(Network net, boolean fast) {
    if (net.inputs != COUNT) throw new IllegalArgumentException("a contact net needs " + COUNT + " inputs, this one has " + net.inputs);
    this.net = net;
    this.fast = fast;
  }

  /**
   * The contact network of {@code e}, widened: the new inputs' weights 0 (exact sigmoid, for training); a copy of it
   * if it already reads the contact inputs (a fit that goes on from a checkpoint).
   */
  public static ContactNet widen(Evaluator e) {
    return new ContactNet(e.contact.resized(COUNT), false);
  }

  /** {@link #widen} with {@code more} hidden units as well (see {@link Network#withMoreHidden}); the same values. */
  public static ContactNet widen(Evaluator e, int more, long seed) {
    return new ContactNet(e.contact.resized(COUNT).withMoreHidden(more, seed), false);
  }

  /** The hidden units. */
  public int hidden() {
    return net.hidden;
  }

  /** A gzipped network as {@link #write} writes it; {@code play}: the table sigmoid, as the bot plays. */
  public static ContactNet read(InputStream in, boolean play) throws IOException {
    return new ContactNet(Network.read(new GZIPInputStream(in)), play);
  }

  public void write(OutputStream os) throws IOException {
    GZIPOutputStream z = new GZIPOutputStream(os);
    net.write(z);
    z.finish();
  }

  public ContactNet copy() {
    return new ContactNet(net.copy(), fast);
  }

  public Network.Scratch scratch() {
    return new Network.Scratch(net);
  }

  /** The inputs of {@code p} into {@code f}: the board's, then each side's contact inputs (the mover's first). */
  static void encode(Position p, Features f) {
    f.encode(p);
    encodeExtra(p, f);
  }

  /** Appends to {@code f} the contact inputs of {@code p} that are not zero: each side's, the mover's first. */
  static void encodeExtra(Position p, Features f) {
    float[] v = new float[EXTRA];
    extraValues(p, p.swap(), v);
    for (int i = 0; i < EXTRA; i++) if (v[i] != 0f) f.add(Features.COUNT + i, v[i]);
  }

  /**
   * The {@link #EXTRA} contact inputs of {@code p} into {@code out} ({@code them}: {@code p} swapped): each side's,
   * the mover's first. The values of {@link ContactInputs}' functions (ContactEncodingTest compares them), computed
   * together: one side's containment is 36 minus the other's escapes of its rearmost checker, and the board is
   * walked once per side, not once per input.
   */
  static void extraValues(Position p, Position them, float[] out) {
    int madeUs = ContactInputs.madeMask(p);
    int madeThem = ContactInputs.madeMask(them);
    int rearUs = ContactInputs.rearmost(p);
    int rearThem = ContactInputs.rearmost(them);
    int escUs = ContactInputs.escapes(madeUs, rearUs);
    int escThem = ContactInputs.escapes(madeThem, rearThem);
    side(p, madeUs, escUs, rearThem == 0 ? 0 : 36 - escThem, out, 0);
    side(them, madeThem, escThem, rearUs == 0 ? 0 : 36 - escUs, out, PER_SIDE);
  }

  /**
   * The contact inputs of the player on roll in {@code p} into {@code out} at {@code base}: {@code made} its
   * {@link ContactInputs#madeMask}, {@code escapes} those of its rearmost checker, {@code containment} its
   * containment of the other's.
   */
  private static void side(Position p, int made, int escapes, int containment, float[] out, int base) {
    int best = 0;
    int top = 0;
    int run = 0;
    int home = 0;
    int timing = 0;
    for (int q = 1; q <= 24; q++) {
      int m = p.mover(q);
      run = m >= 2 ? run + 1 : 0;
      if (run > 0 && run >= best) {
        best = run;
        top = q;
      }
      if (q <= 6) {
        if (m >= 2) home++;
        if (q >= 2) timing += Math.max(0, m - 2) * (q - 1);
      } else if (q <= 18) {
        timing += m * (q - 1);
      }
    }
    int homeBoard = Integer.bitCount(made & (0x3F << 19)); // the opponent's home points: our 19..24
    int toHome = 0;
    int back = 0;
    for (int q = 7; q <= Position.BAR; q++) {
      int o = p.opponent(q);
      toHome += o * (q - 6);
      if (q >= 19) back += o;
    }
    out[base] = escapes / 36f;
    out[base + 1] = ContactInputs.escapes(made, ContactInputs.secondRearmost(p)) / 36f;
    out[base + 2] = containment / 36f;
    out[base + 3] = best / 6f;
    out[base + 4] = top / 24f;
    out[base + 5] = home / 6f;
    out[base + 6] = (36 - homeBoard * homeBoard) / 36f;
    out[base + 7] = timing / 100f;
    out[base + 8] = toHome / 100f;
    out[base + 9] = home * back / 30f;
  }

  /** Probabilities for the player on roll in {@code p} (a contact position) into {@code out}. */
  public void evaluate(Position p, Network.Scratch s, float[] out) {
    encode(p, s.features);
    net.forward(s, fast);
    System.arraycopy(s.out, 0, out, 0, Network.OUTPUTS);
  }

  /** One gradient step towards {@code target} (five probabilities) for {@code p}. */
  public void learn(Position p, Network.Scratch s, float[] target, float rate) {
    encode(p, s.features);
    net.forward(s, false);
    net.learn(s, target, rate);
  }
}
