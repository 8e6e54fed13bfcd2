package tabla.bot;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import tabla.bot.eval.Evaluator;
import tabla.bot.eval.VariantNet;
import tabla.bot.variant.GenericEvaluator;
import tabla.bot.variant.NetEvaluation;
import tabla.bot.variant.VariantEvaluation;
import tabla.bot.variant.VariantPlayer;
import tabla.core.variant.Geometry;
import tabla.core.variant.Variant;

/**
 * The one place that picks the computer player for a variant and a level (the server's computer
 * levels, {@code tabla play}, self-play). The backgammon family the networks know — the same board,
 * movement and contact, 15 or 3 checkers — gets the neural players; Long Nardy, Plakoto, Fevga and Tavla get the
 * {@link VariantPlayer} on their own trained networks where shipped ({@link #variantNet}); every other variant gets the
 * {@link VariantPlayer} on the generic evaluation.
 *
 * <p>Levels ({@link Level}): {@code random}; {@code beginner} and {@code intermediate} (0-ply with noise);
 * {@code strong} is full strength (1-ply); {@code expert} searches 2 plies where the networks play.
 */
public final class Bots {
  /** Variants the networks play: backgammon's positions and rules, whatever the set-up or objective. */
  public static final List<String> NEURAL = List.of("backgammon", "nackgammon", "hypergammon", "portes", "anti",
      // The Italian rule against hit-and-hide: the plays come from the variant, the networks judge the boards.
      "backgammon:hithide=forbidden");
  public static final String HYPER_RESOURCE = "/tabla/bot/hyper-weights.bin.gz";

  private Bots() {}

  /** Whether the networks (and their fast standard move generator) play this variant. */
  public static boolean neural(Variant v) {
    return NEURAL.contains(v.name()) && fitsNetworks(v);
  }

  /** Positions the networks' 198 inputs describe: contrary movement, no extra cells, dice. */
  public static boolean fitsNetworks(Variant v) {
    return v.geometry() == Geometry.CONTRARY && v.extraCells() == 0 && v.usesDice();
  }

  /** Throws when the networks would mis-read this variant's positions (see {@link #fitsNetworks}). */
  public static void requireNetworks(Variant v) {
    if (!fitsNetworks(v)) {
      throw new IllegalArgumentException("the neural players cannot play " + v.name()
          + " (extra cells, another geometry or no dice): use Bots.forVariant, which gives it a VariantPlayer");
    }
  }

  /**
   * The computer for {@code v} at {@code level} ({@link Level}'s word; any other is full strength); {@code seed}
   * drives the noise of the weaker levels.
   */
  public static Player forVariant(Variant v, String level, long seed) {
    return forVariant(v, Level.parse(level).orElse(Level.STRONG), seed);
  }

  /** The computer for {@code v} at {@code level}; {@code seed} drives the noise of the weaker levels. */
  public static Player forVariant(Variant v, Level level, long seed) {
    if (level == Level.RANDOM) return new RandomPlayer(seed, 0.0, 1.0);
    boolean weak = level == Level.BEGINNER || level == Level.INTERMEDIATE;
    // NeuralPlayer maximises the networks' equity, which in Anti backgammon means racing to lose; only
    // SearchPlayer turns it round, so Anti's weaker levels play the generic evaluation (reversed) instead.
    if (neural(v) && !(v.firstOffLoses() && weak)) {
      Evaluator e = evaluatorFor(v);
      return switch (level) {
        case BEGINNER -> new NeuralPlayer(e, 0.15, seed);
        case INTERMEDIATE -> new NeuralPlayer(e, 0.04, seed);
        case EXPERT -> SearchPlayer.withPlies(e, 2, 2); // the cube two rolls ahead where one roll ahead is close
        default -> new SearchPlayer(e, 8, 0.16);
      };
    }
    Optional<VariantNet> net = variantNet(v);
    if (net.isPresent()) {
      NetEvaluation e = new NetEvaluation(net.get());
      return switch (level) {
        case BEGINNER -> new VariantPlayer(e, 0, 1, 0, 0.5, seed);
        case INTERMEDIATE -> new VariantPlayer(e, 0, 1, 0, 0.12, seed);
        default -> new VariantPlayer(e, 1, 6, 0.3, 0, seed);
      };
    }
    GenericEvaluator g = new GenericEvaluator(v);
    return switch (level) {
      case BEGINNER -> new VariantPlayer(g, 0, 1, 0, 0.25, seed);
      case INTERMEDIATE -> new VariantPlayer(g, 0, 1, 0, 0.06, seed);
      default -> new VariantPlayer(g, 1, 6, 0.25, 0, seed);
    };
  }

  /** The variants with a trained network of their own (resources {@code /tabla/bot/variant-NAME.bin.gz}). */
  public static final List<String> VARIANT_NETWORKS = List.of("nardy", "plakoto", "fevga", "tavla", "gulbara");

  private static final Map<String, Optional<VariantNet>> VARIANT_NETS = new ConcurrentHashMap<>();

  /** Those of {@link #VARIANT_NETWORKS} whose network is shipped (the others still play the generic evaluation). */
  public static List<String> variantsWithNetworks() {
    return VARIANT_NETWORKS.stream().filter(n -> variantNet(tabla.core.variant.Variants.parse(n).get()).isPresent()).toList();
  }

  /**
   * The trained network of a variant, shared (evaluation only reads it): by the variant's base name, so
   * its options (e.g. {@code nardy:bearoff=exact}) are played by the network trained on its default rules.
   */
  public static Optional<VariantNet> variantNet(Variant v) {
    String base = v.name().split(":", 2)[0];
    if (!VARIANT_NETWORKS.contains(base) || !v.usesDice()) return Optional.empty();
    return VARIANT_NETS.computeIfAbsent(v.name(), k -> {
      try (InputStream in = Bots.class.getResourceAsStream("/tabla/bot/variant-" + base + ".bin.gz")) {
        return in == null ? Optional.empty() : Optional.of(VariantNet.read(v, in));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /** The evaluation the computer of {@code v} searches with: its network, else the generic one. */
  public static VariantEvaluation variantEvaluation(Variant v) {
    Optional<VariantNet> net = variantNet(v);
    return net.isPresent() ? new NetEvaluation(net.get()) : new GenericEvaluator(v);
  }

  /**
   * The networks for a variant of the neural family: hypergammon's own (trained on three checkers a
   * side, see hyper-weights.txt), else the bundled backgammon networks. Nackgammon, Portes and Anti
   * share backgammon's board and rules after the set-up, so backgammon's networks serve them.
   */
  public static Evaluator evaluatorFor(Variant v) {
    requireNetworks(v);
    return v.name().equals("hypergammon") ? Hyper.NET : Standard.NET;
  }

  /** The bundled backgammon networks, shared (evaluation only reads them). */
  public static Evaluator standard() {
    return Standard.NET;
  }

  /** The hypergammon networks, shared. */
  public static Evaluator hypergammon() {
    return Hyper.NET;
  }

  private static final class Standard {
    static final Evaluator NET = Evaluator.bundled();
  }

  private static final class Hyper {
    static final Evaluator NET = load(HYPER_RESOURCE);
  }

  static Evaluator load(String resource) {
    try (InputStream in = Bots.class.getResourceAsStream(resource)) {
      if (in == null) throw new IllegalStateException("no trained weights at " + resource);
      return Evaluator.read(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
