package tabla.cli.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.OptionalInt;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;
import tabla.server.games.RulesJson;

/**
 * The core {@link Game} a snapshot describes, for an engine that thinks in core's terms: the board, the cube, the
 * score and Crawford, at the decision the bot's seat must take. Seats keep their numbers (player 0 is seat 0).
 */
final class SnapshotGame {
  private SnapshotGame() {}

  static Rules rules(JsonNode snap) {
    com.fasterxml.jackson.databind.node.ObjectNode r = snap.get("rules").deepCopy();
    r.remove("money"); // said for the reader (matchLength 0), not an option to set
    return RulesJson.read(r);
  }

  /** The game before {@code mover} rolls, from its side. */
  static Game beforeRoll(JsonNode snap, int mover) {
    Rules rules = rules(snap);
    int[] mine = side(snap, mover);
    int[] theirs = side(snap, 1 - mover);
    Result<Position> position = Position.of(mine, theirs);
    if (!position.isOk()) throw new IllegalStateException("the snapshot's board is no position: " + position.error());
    JsonNode cube = snap.get("cube");
    int value = cube == null || cube.isNull() ? 1 : cube.get("value").asInt();
    JsonNode owner = cube == null || cube.isNull() ? null : cube.get("owner");
    OptionalInt cubeOwner = owner == null || owner.isNull() ? OptionalInt.empty() : OptionalInt.of(owner.asInt());
    return Game.setUp(rules, seat(snap, rules), position.get(), mover, value, cubeOwner);
  }

  /** The game with the bot ({@code me}) to play {@code dice}. */
  static Game toMove(JsonNode snap, int me) {
    JsonNode d = snap.get("dice");
    return ok(beforeRoll(snap, me).apply(new Action.Roll(new Dice(d.get(0).asInt(), d.get(1).asInt()), false)));
  }

  /** The game with the other seat's double offered to the bot ({@code me}). */
  static Game doubleOffered(JsonNode snap, int me) {
    // while a double waits, the snapshot's cube is still the value before it: the doubler offers it again here
    return ok(beforeRoll(snap, 1 - me).apply(new Action.Double()));
  }

  private static Game.Seat seat(JsonNode snap, Rules rules) {
    int s0 = snap.get("score").get(0).asInt();
    int s1 = snap.get("score").get(1).asInt();
    boolean crawford = snap.path("crawford").asBoolean(false);
    int n = rules.matchLength();
    boolean post = n > 0 && rules.crawford() && !crawford && (s0 == n - 1 || s1 == n - 1);
    return n == 0 ? Game.Seat.MONEY : new Game.Seat(s0, s1, crawford, post);
  }

  private static int[] side(JsonNode snap, int seat) {
    JsonNode a = snap.get("board").get(seat == 0 ? "p0" : "p1");
    int[] out = new int[Position.SIDE];
    for (int i = 0; i < Position.SIDE; i++) out[i] = a.get(i).asInt();
    return out;
  }

  private static Game ok(Result<Game> r) {
    if (!r.isOk()) throw new IllegalStateException("the snapshot's game refused the step: " + r.error());
    return r.get();
  }
}
