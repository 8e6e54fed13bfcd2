package tabla.cli;

import java.util.function.Supplier;
import tabla.cli.bridge.Engine;
import tabla.cli.bridge.GnubgEngine;
import tabla.cli.bridge.TablaEngine;

/** The engines {@code ./tabla bot-bridge --engine} names: one fresh engine per game. */
public final class BotBridgeEngines {
  private BotBridgeEngines() {}

  /** How long one gnubg answer may take before it is started again (a 2-ply answer takes well under a second). */
  static final java.time.Duration GNUBG_PATIENCE = java.time.Duration.ofSeconds(120);

  /** {@code tabla[:LEVEL]} or {@code gnubg[:PLIES]}; an unknown engine or level is an IllegalArgumentException saying what there is. */
  public static Supplier<Engine> of(String spec, long seed) {
    String[] p = spec.split(":", 2);
    return switch (p[0]) {
      case "tabla" -> {
        String level = p.length > 1 ? p[1] : tabla.bot.Level.DEFAULT.word();
        new TablaEngine(level, seed); // refuses an unknown level at once
        yield () -> new TablaEngine(level, seed);
      }
      case "gnubg" -> {
        int plies = gnubgPlies(p.length > 1 ? p[1] : "2");
        java.nio.file.Path program = GnubgEngine.program(); // says at once when gnubg is not installed
        yield () -> new GnubgEngine(program, plies, GNUBG_PATIENCE);
      }
      default -> throw new IllegalArgumentException("--engine is tabla[:LEVEL] or gnubg[:PLIES], not '" + spec + "'");
    };
  }

  private static int gnubgPlies(String s) {
    try {
      int n = Integer.parseInt(s);
      if (n >= 0 && n <= 4) return n;
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException("the gnubg engine's plies are 0 to 4, not '" + s + "'");
  }
}
