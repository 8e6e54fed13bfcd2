package tabla.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Option;
import tabla.cli.bridge.BotBridge;
import tabla.cli.bridge.Engine;

/** {@code ./tabla bot-bridge}: an engine plays on a Tabla site as a bot account (docs/bots.md). */
@Command(name = "bot-bridge",
    description = "Play on a Tabla site as a bot: an engine answers every decision of the bot account's games.")
final class BotBridgeCommand implements Callable<Integer> {
  @Option(names = "--url", required = true, description = "the site, e.g. https://tabla.example") String url;
  @Option(names = "--token", required = true, description = "a file holding the bot account's API token (scope bot)")
  Path tokenFile;
  @Option(names = "--engine", defaultValue = "tabla", description = "tabla[:LEVEL] (random, beginner, intermediate, "
      + "strong; default strong): Tabla's own player in this process; gnubg[:PLIES] (0-4, default 2): GNU Backgammon, "
      + "/usr/games/gnubg or $TABLA_GNUBG") String engine;
  @Option(names = "--games", defaultValue = "0", description = "stop after this many games have finished (default 0: never)")
  int games;
  @Option(names = "--at-once", defaultValue = "1", description = "games played at the same time; other challenges are declined (1-8)")
  int atOnce;
  @Option(names = "--challenge", description = "challenge this player (or bot) at the start") String challenge;
  @Option(names = "--match-length", defaultValue = "5", description = "the challenge's match length (0: money play)")
  int matchLength;
  @Option(names = "--no-cube", description = "the challenge is played without the cube") boolean noCube;
  @Option(names = "--record", description = "a folder for what the bridge saw of each game (game-ID.json)") Path records;
  @Option(names = "--seed", defaultValue = "1", description = "the engine's seed (for its random choices)") long seed;

  @Override
  public Integer call() throws Exception {
    if (atOnce < 1 || atOnce > 8) throw usage("--at-once is 1 to 8");
    if (matchLength < 0 || matchLength > 25) throw usage("--match-length is 0 to 25");
    Supplier<Engine> engines;
    try {
      engines = BotBridgeEngines.of(engine, seed);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
    String token = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
    ObjectNode rules = com.fasterxml.jackson.databind.json.JsonMapper.builder().build().createObjectNode()
        .put("matchLength", matchLength).put("cube", !noCube);
    BotBridge.Outcome done;
    try {
      done = new BotBridge(url, token, engines,
          new BotBridge.Options(atOnce, games, challenge, rules, records, System.out)).run();
    } catch (IOException e) { // the token refused, a challenge refused: said, not a stack trace
      System.err.println("bot-bridge: " + e.getMessage());
      return 2;
    }
    System.out.println("games finished: " + done.finished() + ", actions refused: " + done.refused()
        + ", streams that disagreed: " + done.desyncs());
    return done.refused() == 0 && done.desyncs() == 0 ? 0 : 1;
  }

  private ParameterException usage(String why) {
    return new ParameterException(new CommandLine(this), why);
  }
}
