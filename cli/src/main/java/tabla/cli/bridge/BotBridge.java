package tabla.cli.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Connects an engine to a Tabla site as a bot (docs/bots.md): reads the bot's event stream, accepts the challenges it
 * has room for (declines the others), plays each game it starts on a thread of its own from the game's stream, and
 * posts each decision at the version it saw. Every stream is opened again when it ends before its time (the site
 * restarted, a connection broke: {@link Reconnecting}); a game's new stream starts with its snapshot, and the decision
 * it shows is made again (posted at the same version, a post the site had taken already is refused with 409 and
 * changes nothing). What it saw of each game (the history it built from the stream's changes) can be written out, to
 * compare with the site's record.
 */
public final class BotBridge {
  /**
   * @param atOnce games played at the same time (challenges beyond are declined)
   * @param stopAfter games to finish before the bridge ends (0: run until stopped)
   * @param challenge a player to challenge at the start (null: none) with {@code rules}
   * @param records a folder for what the bridge saw of each game (null: none)
   */
  public record Options(int atOnce, int stopAfter, String challenge, JsonNode rules, Path records, PrintStream log) {}

  /** How a run ended: games finished, actions the site refused (each an engine's illegal choice), streams that disagreed. */
  public record Outcome(int finished, int refused, int desyncs) {}

  /** Why a bridge stops at a 401: the same token will not work again. */
  static final String TOKEN_REFUSED = "the site refused the bot's token (revoked, or not this site's): the bridge stops";

  private final BotApi api;
  private final Reconnecting streams;
  private final Supplier<Engine> engines;
  private final Options options;
  private final Set<Long> playing = ConcurrentHashMap.newKeySet();
  /** Games seen over, by the event stream or a game's own: each counted once. */
  private final Set<Long> over = ConcurrentHashMap.newKeySet();
  private final AtomicInteger refused = new AtomicInteger();
  private final AtomicInteger desyncs = new AtomicInteger();

  public BotBridge(String url, String token, Supplier<Engine> engines, Options options) {
    this.api = new BotApi(url, token);
    this.engines = engines;
    this.options = options;
    this.streams = new Reconnecting(api, options.log());
  }

  public Outcome run() throws IOException, InterruptedException {
    ExecutorService games = Executors.newFixedThreadPool(options.atOnce(), r -> {
      Thread t = new Thread(r, "bridge-game");
      t.setDaemon(true);
      return t;
    });
    try {
      if (options.challenge() != null) challenge();
      streams.read("events", "/api/bot/stream/event", e -> onEvent(e, games), () -> { });
    } catch (BotApi.Refused x) {
      if (x.status == 401) throw new IOException(TOKEN_REFUSED + " (" + x.getMessage() + ")", x);
      throw x;
    } finally {
      games.shutdown();
      games.awaitTermination(1, TimeUnit.MINUTES);
    }
    return new Outcome(over.size(), refused.get(), desyncs.get());
  }

  private void challenge() throws IOException, InterruptedException {
    ObjectNode body = BotApi.JSON.createObjectNode().put("invite", options.challenge());
    body.set("rules", options.rules());
    BotApi.Answer a = api.post("/api/bot/challenge", body);
    if (a.status() != 201) throw new IOException("challenging " + options.challenge() + " was refused: " + a.error());
    options.log().println("challenged " + options.challenge() + " (challenge " + a.body().path("challenge").path("id") + ")");
  }

  private void onEvent(JsonNode e, ExecutorService games) {
    try {
      switch (e.path("type").asText()) {
        case "challenge" -> {
          long id = e.path("challenge").path("id").asLong();
          boolean room = playing.size() < options.atOnce();
          BotApi.Answer a = api.post("/api/bot/challenge/" + id + (room ? "/accept" : "/decline"), null);
          options.log().println((room ? "accepted" : "declined") + " challenge " + id + " from "
              + e.path("challenge").path("from").asText() + ": " + a.status());
        }
        case "gameStart" -> {
          long id = e.path("game").path("id").asLong();
          if (playing.add(id)) games.submit(() -> play(id));
        }
        case "gameFinish" -> over.add(e.path("game").path("id").asLong());
        default -> { } // a keep-alive, or a newer server's event: not for this bridge
      }
      // also at a keep-alive: a game may have ended while the event stream was away, which it then does not tell
      if (options.stopAfter() > 0 && over.size() >= options.stopAfter()) throw BotApi.Stop.DONE;
    } catch (IOException x) {
      options.log().println("the site did not answer: " + x.getMessage());
    } catch (InterruptedException x) {
      Thread.currentThread().interrupt();
      throw BotApi.Stop.DONE;
    }
  }

  /** One game from its stream to its end. */
  private void play(long id) {
    GameView view = new GameView();
    options.log().println("game " + id + ": playing");
    try (Engine engine = engines.get()) {
      // a reopened stream's snapshot shows the game as the site has it: what the bridge posted before and got no
      // answer to may not have been taken, so its decision is made again (a repeat is refused: its version is old)
      streams.read("game " + id, "/api/bot/game/" + id + "/stream", m -> {
        if (m.isMissingNode()) return; // a keep-alive
        int before = view.state() == null ? -1 : view.state().path("version").asInt();
        if (!view.take(m)) {
          desyncs.incrementAndGet();
          options.log().println("game " + id + ": the stream contradicts itself at a " + m.path("type").asText()
              + " of version " + m.path("version").asInt(m.path("snapshot").path("version").asInt()) + " after version "
              + before + " (historyFrom " + m.path("historyFrom").asInt(-1) + ")");
        }
        JsonNode s = view.state();
        if (s == null) return;
        if (s.path("status").asText().equals("finished")) {
          record(id, view);
          over.add(id);
          options.log().println("game " + id + " over: " + s.path("score") + ", seat " + s.path("you").asInt());
          throw BotApi.Stop.DONE;
        }
        if (s.path("actions").isEmpty() || s.path("version").asInt() <= view.actedAt()) return;
        act(id, engine, s, view);
      }, () -> view.acted(-1));
    } catch (BotApi.Refused x) {
      options.log().println("game " + id + ": " + x.getMessage() + (x.status == 401 ? ": " + TOKEN_REFUSED : ""));
    } catch (InterruptedException x) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException x) {
      options.log().println("game " + id + " stopped: " + x);
      refused.incrementAndGet();
    } finally {
      playing.remove(id);
    }
  }

  private void act(long id, Engine engine, JsonNode s, GameView view) {
    ObjectNode a = TablaEngine.can(s, "continue") ? TablaEngine.action("continue") : engine.decide(s);
    String type = a.remove("type").asText();
    int version = s.path("version").asInt();
    a.put("version", version);
    view.acted(version);
    try {
      BotApi.Answer r = api.post("/api/bot/game/" + id + "/" + type, a);
      if (r.status() == 200 || r.status() == 409) return; // 409: the game moved on; the stream brings it
      if (r.status() == 401) {
        options.log().println("game " + id + ": " + TOKEN_REFUSED);
        throw BotApi.Stop.DONE;
      }
      if (r.status() >= 500 || r.status() == 429) { // nothing was changed (a restart, a busy site): the stream again
        options.log().println("game " + id + ": " + type + " at version " + version + " was not taken (" + r.status()
            + ": " + r.error() + ")");
        throw BotApi.Stop.REOPEN;
      }
      refused.incrementAndGet();
      options.log().println("game " + id + ": the site refused " + type + " " + a + ": " + r.error());
    } catch (IOException x) {
      // taken or not, the reopened stream's snapshot says (a second post of the same version changes nothing)
      options.log().println("game " + id + ": " + type + " at version " + version + " got no answer (" + x + ")");
      throw BotApi.Stop.REOPEN;
    } catch (InterruptedException x) {
      Thread.currentThread().interrupt();
      throw BotApi.Stop.DONE;
    }
  }

  /** Writes what the bridge saw of the game: {"id","seat","history":[{"gameNo","player","type","text"}…]}. */
  private void record(long id, GameView view) {
    if (options.records() == null) return;
    ObjectNode out = BotApi.JSON.createObjectNode().put("id", id).put("seat", view.state().path("you").asInt());
    out.set("history", GameView.plain(view.seen()));
    try {
      Files.createDirectories(options.records());
      Files.writeString(options.records().resolve("game-" + id + ".json"), out.toPrettyString());
    } catch (IOException x) {
      options.log().println("game " + id + ": its record could not be written: " + x.getMessage());
    }
  }

  /**
   * A game as its stream tells it: the snapshot, then each version's changes merged in (docs/api.md "WebSocket
   * /ws/games/{id}": the same messages). {@link #seen} is the history as built from the changes, before the last
   * one replaced it whole; a change that does not follow the version held, or a whole history that does not begin
   * with what was built, is a disagreement.
   */
  static final class GameView {
    private ObjectNode state;
    private ArrayNode seen;
    private int actedAt = -1;

    JsonNode state() {
      return state;
    }

    ArrayNode seen() {
      return seen;
    }

    int actedAt() {
      return actedAt;
    }

    void acted(int version) {
      actedAt = version;
    }

    /** Takes one message; false when it disagrees with what was held. */
    boolean take(JsonNode m) {
      String type = m.path("type").asText();
      if (type.equals("snapshot")) {
        boolean agrees = seen == null || startsWith(m.path("snapshot").path("history"), seen);
        state = (ObjectNode) m.get("snapshot").deepCopy();
        seen = (ArrayNode) state.get("history").deepCopy();
        return agrees;
      }
      if (!type.equals("event") || state == null) return true;
      // an event stored just before the stream's snapshot was taken may still come after it, as on a board's
      // socket: the snapshot holds it already
      if (m.path("version").asInt() <= state.path("version").asInt()) return true;
      boolean agrees = m.path("version").asInt() == state.path("version").asInt() + 1;
      for (Iterator<Map.Entry<String, JsonNode>> it = m.path("changes").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        state.set(f.getKey(), f.getValue());
      }
      state.put("version", m.path("version").asInt());
      int from = m.path("historyFrom").asInt();
      ArrayNode built = BotApi.JSON.createArrayNode();
      for (int i = 0; i < from && i < seen.size(); i++) built.add(seen.get(i));
      m.path("history").forEach(built::add);
      // the tail may send again entries held already: they must be the same
      agrees &= from <= seen.size() && startsWith(built, seen);
      seen = built;
      state.set("history", built);
      return agrees;
    }

    /** Whether {@code whole} begins with {@code part}, entry by entry (gameNo, player, type, text). */
    static boolean startsWith(JsonNode whole, JsonNode part) {
      if (whole.size() < part.size()) return false;
      for (int i = 0; i < part.size(); i++) if (!plainEntry(whole.get(i)).equals(plainEntry(part.get(i)))) return false;
      return true;
    }

    static ArrayNode plain(JsonNode history) {
      ArrayNode out = BotApi.JSON.createArrayNode();
      for (JsonNode e : history) out.add(plainEntry(e));
      return out;
    }

    private static ObjectNode plainEntry(JsonNode e) {
      ObjectNode o = BotApi.JSON.createObjectNode();
      o.set("gameNo", e.get("gameNo"));
      o.set("player", e.get("player"));
      o.set("type", e.get("type"));
      o.set("text", e.get("text"));
      return o;
    }
  }
}
