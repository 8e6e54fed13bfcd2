package tabla.bot;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The computer's levels, weakest first, as the API, the pages and the CLI name them (the lower-case word). Parsed here
 * alone; {@link Bots#forVariant} says what each plays.
 */
public enum Level {
  /** Uniformly random legal plays. */
  RANDOM,
  /** The evaluation at 0 ply with much noise. */
  BEGINNER,
  /** The evaluation at 0 ply with a little noise. */
  INTERMEDIATE,
  /** Full strength: 1 ply (the default). */
  STRONG,
  /** The networks' variants: 2 ply, and the cube two rolls ahead; elsewhere as {@link #STRONG}. */
  EXPERT;

  /** The level a request that names none gets. */
  public static final Level DEFAULT = STRONG;

  /** The name the API and the pages use. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The level named {@code word} (exactly, in lower case), or empty. */
  public static Optional<Level> parse(String word) {
    return Arrays.stream(values()).filter(l -> l.word().equals(word)).findFirst();
  }

  /** Every level's word, weakest first. */
  public static List<String> words() {
    return Arrays.stream(values()).map(Level::word).toList();
  }
}
