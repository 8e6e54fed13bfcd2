package tabla.server.games;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.Json;

/**
 * An action as HTTP and the socket send it, {"version":N,"type":T,…} with the arguments of T (docs/api.md), read
 * into the version the player saw and the {@link Command}; a malformed one is a 400 and changes nothing.
 */
public final class CommandJson {
  private CommandJson() {}

  /** The version the player saw and the command they send. */
  public record Request(int version, Command command) {}

  public static Request read(ObjectNode body) {
    JsonNode v = body.get("version");
    if (v == null || !v.isInt()) throw Refused.invalid("'version' (the version you saw) is required");
    return new Request(v.intValue(), command(body));
  }

  /** The HTTP status of a refusal: 409 for a stale version (with the current snapshot), 403 for who, 400 for what. */
  public static int status(Refusal r) {
    if (r instanceof Refusal.StaleVersion) return 409;
    if (r instanceof Refusal.NotSeated || r instanceof Refusal.NotYourTurn) return 403;
    return 400;
  }

  /** The command a request names: {"type":T, …} with the arguments of T. */
  public static Command command(ObjectNode body) {
    String type = Json.text(body, "type");
    return switch (type) {
      case "roll" -> {
        JsonNode a = body.get("autoPass");
        if (a != null && !a.isBoolean()) throw Refused.invalid("'autoPass' must be true or false");
        yield new Command.Roll(a == null || a.booleanValue());
      }
      case "move" -> {
        JsonNode m = body.get("move");
        if (m == null || !m.isTextual()) throw Refused.invalid("'move' must be a play like \"24/18 13/11\"");
        yield new Command.Move(m.asText());
      }
      case "resign" -> {
        JsonNode l = body.get("level");
        if (l == null || !l.isInt()) throw Refused.invalid("'level' must be 1, 2 or 3"); // the engine says why not 4
        yield new Command.Resign(l.intValue());
      }
      case "double" -> new Command.Double();
      case "take" -> new Command.Take();
      case "drop" -> new Command.Drop();
      case "beaver" -> new Command.Beaver();
      case "raccoon" -> new Command.Raccoon();
      case "accept" -> new Command.AcceptResign();
      case "reject" -> new Command.RejectResign();
      case "continue" -> new Command.Continue();
      default -> throw Refused.invalid("unknown action '" + type + "'");
    };
  }
}
