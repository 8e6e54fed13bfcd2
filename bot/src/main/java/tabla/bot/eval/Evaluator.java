package tabla.bot.eval;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.function.ToDoubleFunction;
import java.util.zip.GZIPInputStream;
import tabla.core.PlayGenerator;
import tabla.core.Position;

/**
 * Cubeless evaluation of backgammon positions: a contact network and a race network, chosen by
 * {@link Position#isRace()}, and (when built with {@link #withBearoff()}, as {@link #bundled()} is)
 * the exact bear-off database where both sides have all their checkers home. Probabilities are for
 * the player on roll: win, win gammon, win backgammon, lose gammon, lose backgammon. A contact network with
 * {@link ContactNet#COUNT} inputs (a fitted {@link ContactNet}, read from a weights file like any other) is given the
 * contact inputs after the board's; the shipped one reads the board alone.
 */
public final class Evaluator {
  public static final String RESOURCE = "/tabla/bot/weights.bin.gz";

  final Network contact;
  final Network race;
  /** The bear-off database; off for training, so that self-play and its targets stay as they were. */
  final boolean bearoff;
  /** The table sigmoid for the hidden units (playing evaluators; training keeps the exact curve). */
  final boolean fast;
  /** Whether the contact network reads {@link ContactNet}'s contact inputs after the board's. */
  final boolean contactInputs;

  public Evaluator(Network contact, Network race) {
    this(contact, race, false, false);
  }

  private Evaluator(Network contact, Network race, boolean bearoff, boolean fast) {
    if (contact.inputs != Features.COUNT && contact.inputs != ContactNet.COUNT) {
      throw new IllegalArgumentException("a contact network reads " + Features.COUNT + " or " + ContactNet.COUNT
          + " inputs, not " + contact.inputs);
    }
    if (race.inputs != Features.COUNT) {
      throw new IllegalArgumentException("a race network reads " + Features.COUNT + " inputs, not " + race.inputs);
    }
    this.contactInputs = contact.inputs == ContactNet.COUNT;
    this.contact = contact;
    this.race = race;
    this.bearoff = bearoff;
    this.fast = fast;
  }

  /**
   * The same networks for play: both-sides-home bear-offs answered by {@link OneSidedBearoff} instead of
   * the race net, and the table sigmoid.
   */
  public Evaluator withBearoff() {
    return new Evaluator(contact, race, true, true);
  }

  /** The networks alone as they play (table sigmoid, no database): what the speed benchmark counts. */
  public Evaluator networksOnly() {
    return new Evaluator(contact, race, false, true);
  }

  /** The weights shipped with the bot (see bot/src/main/resources/tabla/bot/weights.txt for how they were made). */
  public static Evaluator bundled() {
    try (InputStream in = Evaluator.class.getResourceAsStream(RESOURCE)) {
      if (in == null) throw new IllegalStateException("no trained weights at " + RESOURCE);
      OneSidedBearoff.buildInBackground(); // ready by the time a game reaches its bear-off
      return read(in).withBearoff();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Evaluator read(InputStream in) throws IOException {
    GZIPInputStream z = new GZIPInputStream(in);
    return new Evaluator(Network.read(z), Network.read(z));
  }

  public static Evaluator fresh(int hidden, long seed) {
    return new Evaluator(new Network(Features.COUNT, hidden, seed), new Network(Features.COUNT, hidden, seed + 1));
  }

  /** These networks with {@code net} (its weights shared, not copied) answering contact positions instead. */
  public Evaluator withContact(ContactNet net) {
    return new Evaluator(net.net, race, bearoff, fast);
  }

  /** Whether the contact network reads the contact inputs (a fitted {@link ContactNet}). */
  public boolean readsContactInputs() {
    return contactInputs;
  }

  public Evaluator copy() {
    return new Evaluator(contact.copy(), race.copy(), bearoff, fast);
  }

  /** Per-thread work space for {@link #evaluate}. */
  public final class Scratch {
    final Network.Scratch contactScratch = new Network.Scratch(contact);
    final Network.Scratch raceScratch = new Network.Scratch(race);
    /** One play's probabilities while {@link #bestPlays} weighs a roll's plays. */
    final float[] play = new float[Network.OUTPUTS];
  }

  public Scratch scratch() {
    return new Scratch();
  }

  Network netFor(Position p) {
    return p.isRace() ? race : contact;
  }

  /**
   * Work space for valuing every play of one position (a rollout's 21 rolls): the opponent's view of the
   * position before the play is the base, its first-layer sums kept, and each play's result adds only the weight
   * rows of the inputs on the points whose counts the play changed (a few moved checkers, a hit) instead of
   * encoding the whole board. Values are those of {@link #afterPlay} up to float rounding (the sums are added in
   * another order). One per thread.
   */
  public final class Incremental {
    private final Network.Scratch contactScratch = new Network.Scratch(contact);
    private final Network.Scratch raceScratch = new Network.Scratch(race);
    private final Scratch full = new Scratch();
    /**
     * The base's contact inputs, when the contact network reads them (their rows are in {@link #basePre}), and a
     * result's: each result adds the rows of those that changed, by the change (most plays leave half or more alone).
     */
    private final float[] baseExtra = new float[ContactNet.EXTRA];
    private final float[] resultExtra = new float[ContactNet.EXTRA];
    /** The base position's counts as the player about to play sees them: its points 0..25, then the opponent's. */
    private final int[] baseCells = new int[2 * Position.SIDE];
    private final float[] basePre = new float[Math.max(contact.hidden, race.hidden)];
    private Network baseNet;
    /** Whether a play can reach the database: only if the side not moving already has every checker home. */
    private boolean bearoffReachable;

    /** Makes {@code beforePlay} (seen by the player about to play) the position whose plays follow. */
    public void base(Position beforePlay) {
      Position b = beforePlay.swap();
      baseNet = netFor(b);
      bearoffReachable = bearoff && BearoffOdds.homeOnly(beforePlay, false);
      Features f = (baseNet == contact ? contactScratch : raceScratch).features;
      f.encode(b);
      System.arraycopy(baseNet.b1, 0, basePre, 0, baseNet.hidden);
      for (int k = 0; k < f.size; k++) baseNet.addRow(basePre, f.index[k], f.value[k]);
      if (baseNet == contact && contactInputs) {
        ContactNet.extraValues(b, beforePlay, baseExtra);
        for (int i = 0; i < ContactNet.EXTRA; i++) {
          if (baseExtra[i] != 0f) baseNet.addRow(basePre, Features.COUNT + i, baseExtra[i]);
        }
      }
      for (int c = 0; c < Position.SIDE; c++) {
        baseCells[c] = beforePlay.mover(c);
        baseCells[Position.SIDE + c] = beforePlay.opponent(c);
      }
    }

    /** As {@link Evaluator#afterPlay}, for a play of the base position. */
    public void afterPlay(Position result, float[] out) {
      if (result.mover(Position.OFF) == result.moverCheckers()) {
        Outcome.won(result, out);
        return;
      }
      // Race and both-sides-home read the same from either side, so the swapped position is made only if needed.
      // A race stays a race, so only a contact base asks each result again.
      if ((bearoffReachable && BearoffOdds.applies(result)) || (baseNet == contact && result.isRace())) {
        evaluate(result.swap(), full, out);
        flip(out, out);
        return;
      }
      Network.Scratch s = baseNet == contact ? contactScratch : raceScratch;
      float[] h = s.hiddenOut;
      System.arraycopy(basePre, 0, h, 0, baseNet.hidden);
      // In the swapped view the opponent's points are the first side's inputs, the mover's the second's.
      for (int c = 0; c < Position.SIDE; c++) {
        int was = baseCells[c];
        int now = result.mover(c);
        if (now != was) Features.addChange(baseNet, h, Features.PER_SIDE, c, was, now);
        was = baseCells[Position.SIDE + c];
        now = result.opponent(c);
        if (now != was) Features.addChange(baseNet, h, 0, c, was, now);
      }
      if (baseNet == contact && contactInputs) {
        ContactNet.extraValues(result.swap(), result, resultExtra);
        for (int i = 0; i < ContactNet.EXTRA; i++) {
          float change = resultExtra[i] - baseExtra[i];
          if (change != 0f) baseNet.addRow(h, Features.COUNT + i, change);
        }
      }
      baseNet.finish(s, fast);
      flip(s.out, out);
    }
  }

  public Incremental incremental() {
    return new Incremental();
  }

  /** Whether {@link #evaluate} answers {@code p} from the bear-off database (as good as exact) rather than a network. */
  public boolean exact(Position p) {
    return bearoff && BearoffOdds.applies(p);
  }

  /** Probabilities for the player on roll in {@code p} (a game still going) into {@code out}. */
  public void evaluate(Position p, Scratch s, float[] out) {
    if (bearoff && BearoffOdds.applies(p)) {
      BearoffOdds.probabilities(OneSidedBearoff.get(), p, out);
      return;
    }
    boolean isRace = p.isRace();
    Network.Scratch ns = isRace ? s.raceScratch : s.contactScratch;
    encode(p, isRace, ns.features);
    (isRace ? race : contact).forward(ns, fast);
    System.arraycopy(ns.out, 0, out, 0, Network.OUTPUTS);
  }

  /** The inputs of {@code p} for the network that reads it: the board's, and the contact inputs if that one reads them. */
  private void encode(Position p, boolean isRace, Features f) {
    f.encode(p);
    if (!isRace && contactInputs) ContactNet.encodeExtra(p, f);
  }

  /** Writes both networks, gzipped, in the order {@link #read} reads them. */
  public void write(java.io.OutputStream os) throws IOException {
    java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(os);
    contact.write(z);
    race.write(z);
    z.finish();
  }

  /**
   * One gradient step, towards {@code target}, of the network that reads {@code p} (the trainer's; play never
   * calls it). The training loops live in the coach module; the arithmetic stays beside the weights.
   */
  public void learn(Position p, Scratch s, float[] target, float rate) {
    boolean isRace = p.isRace();
    Network n = isRace ? race : contact;
    Network.Scratch ns = isRace ? s.raceScratch : s.contactScratch;
    encode(p, isRace, ns.features);
    n.forward(ns);
    n.learn(ns, target, rate);
  }

  /** Cubeless equity of probabilities (win, wg, wbg, lg, lbg): points per game for their owner. */
  public static double equity(float[] p) {
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4];
  }

  /** The probabilities seen by the other player. */
  public static void flip(float[] p, float[] into) {
    float win = p[0];
    float wg = p[1];
    float wbg = p[2];
    into[0] = 1 - win;
    into[1] = p[3];
    into[2] = p[4];
    into[3] = wg;
    into[4] = wbg;
  }

  /**
   * Probabilities for the player who just played, from the position after the play (not swapped):
   * exact when that play bore off the last checker, else the network's view of the opponent, flipped.
   */
  public void afterPlay(Position result, Scratch s, float[] out) {
    if (result.mover(Position.OFF) == result.moverCheckers()) { // every checker off, whatever the variant's count
      Outcome.won(result, out);
      return;
    }
    evaluate(result.swap(), s, out);
    flip(out, out);
  }

  /**
   * A roll's best plays at 0-ply, as the search, the cube's look ahead, self-play and the fit's targets pick them: of
   * the {@code n} (at least 1) plays {@code gen} holds, into {@code best[k]} the index of the first play whose
   * probabilities after it ({@link #afterPlay}: the mover's) {@code values[k]} scores highest, and the probabilities
   * after {@code best[0]}'s play into {@code firstProbs} (when not null). Each play is evaluated once however many
   * values ask: the cube's look ahead picks its play at two cubes from the same evaluations.
   */
  @SafeVarargs
  public final void bestPlays(PlayGenerator gen, int n, Scratch s, int[] best, float[] firstProbs,
      ToDoubleFunction<float[]>... values) {
    double[] top = new double[values.length];
    java.util.Arrays.fill(top, Double.NEGATIVE_INFINITY);
    java.util.Arrays.fill(best, 0, values.length, 0);
    for (int i = 0; i < n; i++) {
      afterPlay(gen.result(i), s, s.play);
      for (int k = 0; k < values.length; k++) {
        double v = values[k].applyAsDouble(s.play);
        if (v > top[k]) {
          top[k] = v;
          best[k] = i;
          if (k == 0 && firstProbs != null) System.arraycopy(s.play, 0, firstProbs, 0, Network.OUTPUTS);
        }
      }
    }
  }
}
