package tabla.server.games;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import tabla.core.Dice;
import tabla.core.Result;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Phase;
import tabla.server.kernel.http.Json;

/**
 * The one format of stored events: a small JSON object each, e.g. {"t":"roll","d":[5,2]},
 * {"t":"move","m":"13/11 13/8","c":[118000,120000]} (a timed game's reserves in ms after it), {"t":"timeout","p":1}
 * or {"t":"continue","p":0}. Replaying them through the engine rebuilds the match exactly.
 */
public final class EventCodec {
  private EventCodec() {}

  /** How a stored time-out starts (then the seat that lost, and "}"): the player page's query looks for it. */
  public static final String TIMEOUT_PREFIX = "{\"t\":\"timeout\",\"p\":";

  public static String encode(StoredEvent e) {
    ObjectNode n = Json.MAPPER.createObjectNode();
    if (e instanceof StoredEvent.TimedOut t) {
      n.put("t", "timeout").put("p", t.seat());
    } else if (e instanceof StoredEvent.Continued c) {
      n.put("t", "continue").put("p", c.seat());
    } else if (e instanceof StoredEvent.Played p) {
      Action a = p.action();
      if (a instanceof Action.RollOff r) {
        n.put("t", "rolloff").putArray("d").add(r.die0()).add(r.die1());
      } else if (a instanceof Action.Roll r) {
        n.put("t", "roll").putArray("d").add(r.dice().first()).add(r.dice().second());
        if (r.waitForPass()) n.put("w", true); // absent in rolls stored before auto-pass could be turned off
      } else if (a instanceof Action.Move m) {
        n.put("t", "move").put("m", Notation.write(m.play()));
      } else if (a instanceof Action.Resign r) {
        n.put("t", "resign").put("l", r.level());
      } else {
        n.put("t", type(a));
      }
      if (p.clock() != null) n.putArray("c").add(p.clock().get(0)).add(p.clock().get(1));
    }
    return Json.write(n);
  }

  /** The API's name of an action without arguments. */
  static String type(Action a) {
    if (a instanceof Action.Double) return "double";
    if (a instanceof Action.Take) return "take";
    if (a instanceof Action.Drop) return "drop";
    if (a instanceof Action.Beaver) return "beaver";
    if (a instanceof Action.Raccoon) return "raccoon";
    if (a instanceof Action.AcceptResign) return "accept";
    if (a instanceof Action.RejectResign) return "reject";
    throw new IllegalArgumentException("not a plain action: " + a);
  }

  /** The stored event, read against the match it follows (moves are parsed against its position). */
  public static Result<StoredEvent> decode(Match m, String json) {
    try {
      JsonNode n = Json.MAPPER.readTree(json);
      String t = n.path("t").asText();
      if (t.equals("timeout")) return Result.ok(new StoredEvent.TimedOut(n.get("p").intValue()));
      if (t.equals("continue")) return Result.ok(new StoredEvent.Continued(n.get("p").intValue()));
      JsonNode c = n.get("c");
      List<Long> clock = c == null ? null : List.of(c.get(0).longValue(), c.get(1).longValue());
      Game g = m.game();
      Result<Action> a = switch (t) {
        case "rolloff" -> Result.ok(new Action.RollOff(n.get("d").get(0).asInt(), n.get("d").get(1).asInt()));
        case "roll" -> Result.ok(new Action.Roll(new Dice(n.get("d").get(0).asInt(), n.get("d").get(1).asInt()),
            n.path("w").asBoolean(false)));
        case "move" -> g.phase() != Phase.MOVE ? Result.err("a move out of turn")
            : PlayText.read(g, n.get("m").asText()).map(Action.Move::new);
        case "resign" -> Result.ok(new Action.Resign(n.get("l").asInt()));
        default -> plain(t);
      };
      return a.<StoredEvent>map(action -> new StoredEvent.Played(action, clock));
    } catch (Exception e) {
      return Result.err("unreadable event " + json + ": " + e.getMessage());
    }
  }

  /** An action without arguments, by its API name. */
  private static Result<Action> plain(String type) {
    return switch (type) {
      case "double" -> Result.ok(new Action.Double());
      case "take" -> Result.ok(new Action.Take());
      case "drop" -> Result.ok(new Action.Drop());
      case "beaver" -> Result.ok(new Action.Beaver());
      case "raccoon" -> Result.ok(new Action.Raccoon());
      case "accept" -> Result.ok(new Action.AcceptResign());
      case "reject" -> Result.ok(new Action.RejectResign());
      default -> Result.err("unknown action '" + type + "'");
    };
  }

  /**
   * How a finished match ended, from its last stored event: "time" (a fallen flag), "resignation" (an accepted
   * resignation), "drop" (a refused double), else "points" (the last game was played out).
   */
  public static String ending(String lastEvent) {
    if (lastEvent == null) return "points";
    if (lastEvent.startsWith(TIMEOUT_PREFIX)) return "time";
    try {
      String t = Json.MAPPER.readTree(lastEvent).path("t").asText();
      return t.equals("accept") ? "resignation" : t.equals("drop") ? "drop" : "points";
    } catch (Exception e) {
      return "points";
    }
  }
}
