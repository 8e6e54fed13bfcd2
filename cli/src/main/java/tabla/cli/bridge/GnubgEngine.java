package tabla.cli.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import tabla.core.match.Rules;
import tabla.core.variant.Variants;

/**
 * GNU Backgammon decides (docs/bots.md "--engine gnubg"): checker plays by its {@code findbestmove}, doubles, takes
 * and drops by its cubeful {@code cfevaluate}, at {@code plies} (0 is its fastest). gnubg's play is never sent as
 * gnubg wrote it: the position it leads to picks one of the snapshot's {@code legalPlays}, whose text is sent.
 * Resignations offered to it are accepted, as Tabla's engine does. Standard backgammon only.
 */
public final class GnubgEngine implements Engine {
  private final int plies;
  private final GnubgProcess gnubg;

  /** @param patience how long one answer may take before gnubg is started again (once) */
  public GnubgEngine(Path program, int plies, Duration patience) {
    this.plies = plies;
    this.gnubg = new GnubgProcess(program, patience);
  }

  /** The gnubg program, or an IllegalArgumentException saying it is not installed. */
  public static Path program() {
    return GnubgProcess.locate();
  }

  @Override
  public ObjectNode decide(JsonNode snap) {
    Rules rules = SnapshotGame.rules(snap);
    // a position gnubg's ID cannot hold is written in Tabla's longer form ("T" and more than 14 characters); a
    // gnubg ID of 14 may itself begin with T
    String id = snap.path("positionId").asText();
    if (!rules.variant().name().equals(Variants.STANDARD.name()) || (id.length() > 14 && id.startsWith("T"))) {
      throw new IllegalStateException("the gnubg engine plays backgammon only, not " + rules.variant().name());
    }
    int me = snap.get("you").asInt();
    String phase = snap.get("phase").asText();
    return switch (phase) {
      case "OPENING" -> TablaEngine.action("roll");
      case "ROLL" -> TablaEngine.action(TablaEngine.can(snap, "double") && wantsToDouble(snap, rules, me) ? "double" : "roll");
      case "MOVE" -> TablaEngine.action("move").put("move", play(snap, rules, me));
      case "DOUBLE_OFFERED" -> {
        // gnubg judges from the doubler's side: the bot takes when the take costs the doubler no more than the drop
        JsonNode e = gnubg.ask(request("cube", snap, rules, 1 - me));
        yield TablaEngine.action(e.get("take").asDouble() <= e.get("drop").asDouble() ? "take" : "drop");
      }
      case "RESIGN_OFFERED" -> TablaEngine.action("accept");
      default -> throw new IllegalStateException("no decision for the gnubg engine in phase " + phase);
    };
  }

  private boolean wantsToDouble(JsonNode snap, Rules rules, int me) {
    JsonNode e = gnubg.ask(request("cube", snap, rules, me));
    // double when whatever the other side answers is worth more than playing on undoubled ("too good" is not)
    return Math.min(e.get("take").asDouble(), e.get("drop").asDouble()) > e.get("noDouble").asDouble();
  }

  private String play(JsonNode snap, Rules rules, int me) {
    JsonNode legal = snap.get("legalPlays");
    if (!TablaEngine.can(snap, "move") || legal == null || legal.isEmpty()) return "pass";
    if (legal.size() == 1) return legal.get(0).get("move").asText(); // nothing to ask
    ObjectNode req = request("move", snap, rules, me);
    req.set("dice", snap.get("dice"));
    JsonNode answer = gnubg.ask(req);
    String result = answer.path("result").asText(null);
    for (JsonNode p : legal) if (p.get("positionId").asText().equals(result)) return p.get("move").asText();
    throw new IllegalStateException("gnubg's play " + answer + " leads to none of the legal plays' positions "
        + snap.get("positionId") + " " + snap.get("dice"));
  }

  /** The position from {@code onMove}'s side (opponent first, as gnubg's boards are) with the cube and the score. */
  private ObjectNode request(String op, JsonNode snap, Rules rules, int onMove) {
    ObjectNode r = BotApi.JSON.createObjectNode().put("op", op);
    ArrayNode board = r.putArray("board");
    board.add(side(snap, 1 - onMove));
    board.add(side(snap, onMove));
    JsonNode cube = snap.path("cube");
    JsonNode owner = cube.path("owner");
    r.put("cube", cube.path("value").asInt(1)).put("owner", owner.isInt() ? owner.asInt() : -1).put("move", onMove);
    r.put("matchTo", rules.matchLength());
    r.putArray("score").add(snap.get("score").get(0).asInt()).add(snap.get("score").get(1).asInt());
    r.put("crawford", snap.path("crawford").asBoolean(false) ? 1 : 0).put("jacoby", rules.jacoby() ? 1 : 0);
    return r.put("plies", plies);
  }

  /** A seat's checkers as gnubg counts them: points 1..24 at 0..23, the bar at 24 (the snapshot: 0 off, 25 bar). */
  private static ArrayNode side(JsonNode snap, int seat) {
    JsonNode a = snap.get("board").get(seat == 0 ? "p0" : "p1");
    ArrayNode out = BotApi.JSON.createArrayNode();
    for (int i = 1; i <= 25; i++) out.add(a.get(i).asInt());
    return out;
  }

  @Override
  public void close() {
    gnubg.close();
  }
}
