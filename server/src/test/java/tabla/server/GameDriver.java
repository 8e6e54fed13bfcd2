package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.format.Notation;
import tabla.server.ApiClient.Resp;

/**
 * Plays games one after another in its own thread, the way a client would, through every kill:
 * when a request gets no answer it waits for the server, then checks the game against what it
 * last saw, and plays on. Stops after the game it is in when told to.
 */
final class GameDriver implements Runnable {
  static final Queue<Throwable> FAILURES = new ConcurrentLinkedQueue<>();

  final String name;
  final ApiClient[] seats; // seats[1] == null: the computer
  final int matchLength;
  final Random rnd;
  final boolean computer;
  volatile boolean stop;
  final List<Long> finished = new ArrayList<>();
  int acked;
  int outages;
  int interruptions; // requests that got no answer, of any kind
  int inFlightApplied;
  int inFlightLost;

  private long game = -1;
  private JsonNode seen; // the last snapshot this driver saw, from seat seenBy
  private int seenBy;

  GameDriver(String name, ApiClient[] seats, int matchLength, Random rnd) {
    this.name = name;
    this.seats = seats;
    this.matchLength = matchLength;
    this.rnd = rnd;
    this.computer = seats[1] == null;
  }

  @Override
  public void run() {
    try {
      while (!stop || game >= 0) {
        if (game < 0) {
          newGame();
        } else {
          step();
        }
      }
    } catch (Throwable t) {
      FAILURES.add(new AssertionError(name + " in game " + game + " after " + acked + " actions: " + t, t));
    }
  }

  private void newGame() {
    while (true) {
      try {
        game = computer ? seats[0].computerGame(matchLength, "beginner")
            : ApiClient.newGame(seats[0], seats[1], matchLength);
        seen = seats[0].snapshot(game);
        seenBy = 0;
        return;
      } catch (UncheckedIOException e) {
        waitForServer(); // a seek or game the kill cut off stays behind unused: no harm
      }
    }
  }

  private void step() {
    if (seen.get("status").asText().equals("finished")) {
      JsonNode end = seen;
      retrying(() -> {
        ApiGamePlayTest.verifyDice(seats[0], game, seats[0].snapshot(game));
        return null;
      });
      assertThat(end.get("matchWinner").isNull()).isFalse();
      finished.add(game);
      game = -1;
      return;
    }
    // between two games nobody is to act: a player who has not said "continue" says it
    boolean between = seen.get("turn").isNull() && seen.hasNonNull("between");
    int turn = between ? ApiClient.notReady(seen, seats) : seen.get("turn").asInt();
    ApiClient actor = seats[turn];
    int v = seen.get("version").asInt();
    try {
      if (actor == null) { // the computer's turn: watch it play
        JsonNode s = seats[0].snapshot(game);
        assertHistoryExtends(seen, s);
        if (s.get("version").asInt() == v) sleep(5);
        seen = s;
        seenBy = 0;
        return;
      }
      if (seenBy != turn) {
        JsonNode s = actor.snapshot(game);
        assertThat(s.get("version").asInt()).as("%s: nobody else acts here", name).isEqualTo(v);
        seen = s;
        seenBy = turn;
      }
    } catch (UncheckedIOException e) {
      outage(null, -1);
      return;
    }
    ObjectNode action = between ? ApiClient.action("continue") : ApiClient.randomAction(seen, rnd, 0.15);
    Resp r;
    try {
      r = actor.act(game, v, action);
    } catch (UncheckedIOException e) {
      outage(action, turn);
      return;
    }
    assertThat(r.status()).as("%s: %s answered %s", name, action, r).isEqualTo(200);
    JsonNode after = r.json();
    assertThat(after.get("version").asInt()).isGreaterThan(v);
    if (!computer) assertThat(after.get("version").asInt()).isEqualTo(v + 1 + rollOffsAdded(seen, after));
    acked++;
    seen = after;
    seenBy = turn;
  }

  /**
   * The server went away. Wait until it answers again, then compare the game with what this
   * client last saw: nothing acknowledged may be missing, and {@code action} (sent, no answer) is
   * either absent or wholly there.
   */
  private void outage(ObjectNode action, int seat) {
    outages++;
    interruptions++;
    JsonNode before = seen;
    ApiClient viewer = seats[seenBy];
    JsonNode after = retrying(() -> viewer.snapshot(game));
    int v = before.get("version").asInt();
    int now = after.get("version").asInt();
    assertThat(now).as("%s: version after the restart (acknowledged: %d)", name, v).isGreaterThanOrEqualTo(v);
    assertHistoryExtends(before, after);
    boolean humansTurn = before.get("turn").isNull() || seats[before.get("turn").asInt()] != null;
    if (now == v || (action == null && humansTurn)) {
      assertThat(strip(after)).as("%s: the game as last seen", name).isEqualTo(strip(before));
      if (action != null) inFlightLost++;
    } else if (action != null) {
      inFlightApplied++;
      if (!computer) {
        assertThat(now).as("%s: one action further", name).isEqualTo(v + 1 + rollOffsAdded(before, after));
        assertOneActionFurther(before, after, action, seat);
      } else if (!action.get("type").asText().equals("roll")) { // the computer may have gone on after it
        JsonNode entry = after.get("history").get(before.get("history").size());
        assertThat(entry.get("player").asInt()).as("%s: the in-flight %s", name, action).isEqualTo(seat);
        assertThat(entry.get("type").asText()).as("%s: the in-flight %s", name, action)
            .isEqualTo(action.get("type").asText());
      }
    }
    seen = after;
  }

  /** {@code after} is {@code before} plus exactly {@code action} by {@code seat}. */
  private void assertOneActionFurther(JsonNode before, JsonNode after, ObjectNode action, int seat) {
    String type = action.get("type").asText();
    if (type.equals("continue")) { // no history entry of its own: ready now, or the next game began
      JsonNode b = after.get("between");
      assertThat(b == null || b.isNull() || b.get("ready").get(seat).asBoolean()).as("%s: continue by %d", name, seat).isTrue();
      return;
    }
    JsonNode h0 = before.get("history");
    JsonNode h1 = after.get("history");
    boolean sameGame = after.get("gameNo").asInt() == before.get("gameNo").asInt();
    String what = name + ": the in-flight " + action + " by seat " + seat;
    if (type.equals("roll")) {
      boolean waitingForPlay = after.get("phase").asText().equals("MOVE") && after.get("onRoll").asInt() == seat
          && h1.size() == h0.size();
      boolean passed = h1.size() == h0.size() + 1 && h1.get(h0.size()).get("player").asInt() == seat
          && h1.get(h0.size()).get("type").asText().equals("move") && after.get("turn").asInt() == 1 - seat;
      assertThat(waitingForPlay || passed).as("%s: %s", what, after).isTrue();
    } else {
      assertThat(h1.size()).as(what).isGreaterThan(h0.size());
      JsonNode entry = h1.get(h0.size());
      assertThat(entry.get("player").asInt()).as(what).isEqualTo(seat);
      assertThat(entry.get("type").asText()).as(what).isEqualTo(type);
      if (type.equals("move")) assertThat(entry.get("text").asText()).as(what).endsWith(action.get("move").asText());
      if (type.equals("take") && sameGame) {
        assertThat(after.get("cube").get("value").asInt()).isEqualTo(2 * before.get("cube").get("value").asInt());
        assertThat(after.get("cube").get("owner").asInt()).isEqualTo(seat);
      }
    }
    if (!sameGame || after.get("phase").asText().equals("OVER")) return;
    assertThat(after.get("score")).as(what).isEqualTo(before.get("score"));
    JsonNode board = before.get("board");
    if (type.equals("move")) { // the board is the one the engine makes of that play
      Position pos = Position.of(ints(board.get("p" + seat)), ints(board.get("p" + (1 - seat)))).get();
      Dice dice = new Dice(before.get("dice").get(0).asInt(), before.get("dice").get(1).asInt());
      Result<tabla.core.Play> play = Notation.parse(pos, dice, action.get("move").asText());
      assertThat(play.isOk()).isTrue();
      Position result = play.get().result();
      assertThat(ints(after.get("board").get("p" + seat))).as(what).isEqualTo(result.moverSide());
      assertThat(ints(after.get("board").get("p" + (1 - seat)))).as(what).isEqualTo(result.opponentSide());
    } else {
      assertThat(after.get("board")).as(what).isEqualTo(board);
    }
  }

  /** A history line without what the replay shows after it (added to every line once the match is over). */
  private static JsonNode line(JsonNode entry) {
    return ((ObjectNode) entry.deepCopy()).without(List.of("board", "cubeAfter", "dice"));
  }

  private static void assertHistoryExtends(JsonNode before, JsonNode after) {
    JsonNode h0 = before.get("history");
    JsonNode h1 = after.get("history");
    assertThat(h1.size()).as("history length").isGreaterThanOrEqualTo(h0.size());
    for (int i = 0; i < h0.size(); i++) {
      assertThat(line(h1.get(i))).as("history entry %d", i).isEqualTo(line(h0.get(i)));
    }
  }

  private static int rollOffsAdded(JsonNode before, JsonNode after) {
    int n = 0;
    JsonNode h = after.get("history");
    for (int i = before.get("history").size(); i < h.size(); i++) {
      if (h.get(i).get("type").asText().equals("rolloff")) n++;
    }
    return n;
  }

  /** A snapshot less what may differ between two readings of one state (a clock's deadline). */
  private static JsonNode strip(JsonNode s) {
    ObjectNode o = s.deepCopy();
    o.remove("deadline");
    o.remove("clock"); // the reserves are as of the reading
    o.remove("between"); // its time left, and a restart begins the pause anew
    // a roll fixes the players' dice seeds (zeros for one not given) before it is stored, so a roll
    // lost in a crash may leave them fixed: they are not an action and carry no version
    o.remove("playerSeeds");
    o.remove("seedWanted");
    return o;
  }

  /** Repeats an idempotent request through outages until it gets an answer (60 s at most). */
  private <T> T retrying(Supplier<T> request) {
    long end = System.nanoTime() + 60_000_000_000L;
    while (true) {
      try {
        return request.get();
      } catch (UncheckedIOException e) {
        interruptions++;
        assertThat(System.nanoTime()).as("%s: the server is back within 60 s", name).isLessThan(end);
        sleep(50);
      }
    }
  }

  private void waitForServer() {
    retrying(() -> seats[0].get("/api/me"));
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static int[] ints(JsonNode a) {
    int[] out = new int[a.size()];
    for (int i = 0; i < out.length; i++) out[i] = a.get(i).asInt();
    return out;
  }
}
