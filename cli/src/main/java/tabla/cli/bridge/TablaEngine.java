package tabla.cli.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import tabla.bot.Bots;
import tabla.bot.Level;
import tabla.bot.Player;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;

/**
 * Tabla's own computer player in the bridge's process, at a level (random, beginner, intermediate, strong): the
 * game of each decision is rebuilt from the snapshot ({@link SnapshotGame}), so the engine keeps no state between
 * them. Backgammon only: the snapshot's board is read as backgammon's.
 */
public final class TablaEngine implements Engine {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Level level;
  private final long seed;
  private Player player;

  public TablaEngine(String level, long seed) {
    this.level = Level.parse(level).orElseThrow(() -> new IllegalArgumentException(
        "the tabla engine's levels are " + String.join(", ", Level.words()) + ", not '" + level + "'"));
    this.seed = seed;
  }

  @Override
  public ObjectNode decide(JsonNode snap) {
    int me = snap.get("you").asInt();
    if (player == null) player = Bots.forVariant(SnapshotGame.rules(snap).variant(), level, seed);
    String phase = snap.get("phase").asText();
    return switch (phase) {
      case "OPENING" -> action("roll"); // the roll-off: each side rolls one die
      case "ROLL" -> {
        Game g = SnapshotGame.beforeRoll(snap, me);
        Optional<Integer> resign = player.resignOffer(g);
        if (resign.isPresent() && can(snap, "resign")) yield action("resign").put("level", resign.get());
        yield action(can(snap, "double") && player.wantsToDouble(g) ? "double" : "roll");
      }
      case "MOVE" -> {
        if (!can(snap, "move") || snap.get("legalPlays").isEmpty()) yield action("move").put("move", "pass");
        Action.Move m = player.play(SnapshotGame.toMove(snap, me));
        yield action("move").put("move", Notation.write(m.play()));
      }
      case "DOUBLE_OFFERED" -> {
        Action a = player.answerDouble(SnapshotGame.doubleOffered(snap, me));
        yield action(a instanceof Action.Drop ? "drop" : a instanceof Action.Beaver && can(snap, "beaver") ? "beaver" : "take");
      }
      // a resignation offered to the bot is accepted: Tabla's players never refuse one that fits the position
      case "RESIGN_OFFERED" -> action("accept");
      default -> throw new IllegalStateException("no decision for the tabla engine in phase " + phase);
    };
  }

  static boolean can(JsonNode snap, String action) {
    for (JsonNode a : snap.get("actions")) if (a.asText().equals(action)) return true;
    return false;
  }

  static ObjectNode action(String type) {
    return JSON.createObjectNode().put("type", type);
  }
}
