package tabla.cli;

import java.util.function.Supplier;
import tabla.cli.bridge.Engine;
import tabla.cli.bridge.TablaEngine;

/** The engines {@code ./tabla bot-bridge --engine} names: one fresh engine per game. */
public final class BotBridgeEngines {
  private BotBridgeEngines() {}

  /** {@code tabla[:LEVEL]}; an unknown engine or level is an IllegalArgumentException saying what there is. */
  public static Supplier<Engine> of(String spec, long seed) {
    String[] p = spec.split(":", 2);
    return switch (p[0]) {
      case "tabla" -> {
        String level = p.length > 1 ? p[1] : tabla.bot.Level.DEFAULT.word();
        new TablaEngine(level, seed); // refuses an unknown level at once
        yield () -> new TablaEngine(level, seed);
      }
      default -> throw new IllegalArgumentException("--engine is tabla[:LEVEL], not '" + spec + "'");
    };
  }
}
