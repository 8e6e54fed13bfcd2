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

  /** Appends to {@code f} the contact inputs of {@code p}: each side's, the mover's first. */
  static void encodeExtra(Position p, Features f) {
    Position them = p.swap();
    side(p, f, Features.COUNT);
    side(them, f, Features.COUNT + PER_SIDE);
  }

  /** The contact inputs of the player on roll in {@code p}, non-zero ones only, at {@code base}. */
  private static void side(Position p, Features f, int base) {
    put(f, base, ContactInputs.escapes(p, ContactInputs.rearmost(p)) / 36f);
    put(f, base + 1, ContactInputs.escapes(p, ContactInputs.secondRearmost(p)) / 36f);
    put(f, base + 2, ContactInputs.containment(p) / 36f);
    put(f, base + 3, ContactInputs.primeLength(p) / 6f);
    put(f, base + 4, ContactInputs.primeTop(p) / 24f);
    put(f, base + 5, ContactInputs.homePoints(p) / 6f);
    put(f, base + 6, ContactInputs.enteringRolls(p) / 36f);
    put(f, base + 7, ContactInputs.timing(p) / 100f);
    put(f, base + 8, ContactInputs.opponentPipsToHome(p) / 100f);
    put(f, base + 9, ContactInputs.trapped(p) / 30f);
  }

  private static void put(Features f, int i, float v) {
    if (v != 0f) f.add(i, v);
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
