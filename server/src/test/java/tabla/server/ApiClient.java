package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * One user of the API in tests: a {@link HttpClient} with its own cookie jar, the CSRF token of its
 * session, and shortcuts for the lobby and for game actions. Transport failures come out as
 * {@link UncheckedIOException} (the restart test counts on it).
 */
public final class ApiClient {
  public static final ObjectMapper JSON = new ObjectMapper();
  public static final String PASSWORD = "correct horse battery";
  private static final AtomicInteger NAMES = new AtomicInteger();

  /** An answer: status, raw body, the body as JSON (null when it is not JSON), headers. */
  public record Resp(int status, String body, JsonNode json, HttpHeaders headers) {
    public String error() {
      return json == null ? null : json.path("error").asText(null);
    }

    @Override
    public String toString() {
      return status + " " + (body.length() > 300 ? body.substring(0, 300) + "…" : body);
    }
  }

  public final URI base;
  public final CookieManager cookies;
  private final HttpClient http;
  public String csrf;
  public JsonNode user;
  private String forwardedFor;
  private String forgedForwardedFor;

  public ApiClient(int port) {
    this(port, new CookieManager());
  }

  private ApiClient(int port, CookieManager cookies) {
    this.base = URI.create("http://127.0.0.1:" + port);
    this.cookies = cookies;
    this.http = HttpClient.newBuilder().cookieHandler(cookies).connectTimeout(Duration.ofSeconds(5)).build();
  }

  /** The same person (session cookie, CSRF token) talking to another server: another node of a cluster. */
  public ApiClient at(int port) {
    ApiClient c = new ApiClient(port, cookies);
    c.csrf = csrf;
    c.user = user;
    return c;
  }

  /** A name no other test has used in this JVM (names are unique per database). */
  public static String uniqueName(String prefix) {
    return prefix + "_" + ProcessHandle.current().pid() % 1000 + "_" + NAMES.incrementAndGet();
  }

  // ---- raw requests ----

  public Resp send(HttpRequest.Builder b) {
    try {
      HttpResponse<String> r = http.send(b.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
      JsonNode json = null;
      try {
        if (!r.body().isBlank()) json = JSON.readTree(r.body());
      } catch (IOException notJson) {
        json = null;
      }
      return new Resp(r.statusCode(), r.body(), json, r.headers());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public HttpRequest.Builder request(String path) {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path));
    if (forgedForwardedFor != null) b.header("X-Forwarded-For", forgedForwardedFor);
    return forwardedFor == null ? b : b.header("X-Forwarded-For", forwardedFor);
  }

  /**
   * An X-Forwarded-For line of the client's own, sent before the proxy's ({@link #from}): what a client behind
   * HAProxy sends, which adds its line after the client's.
   */
  public ApiClient forging(String address) {
    forgedForwardedFor = address;
    return this;
  }

  /** Sent as X-Forwarded-For on every request when set: a client behind a trusted proxy, for the rate limits. */
  public ApiClient from(String address) {
    forwardedFor = address;
    return this;
  }

  public Resp get(String path) {
    return send(request(path).GET());
  }

  /** A POST of raw text, with this session's CSRF header when {@code withCsrf}. */
  public Resp postRaw(String path, String body, boolean withCsrf) {
    HttpRequest.Builder b = request(path).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (withCsrf && csrf != null) b.header("X-CSRF-Token", csrf);
    return send(b);
  }

  public Resp post(String path, Object body) {
    return postRaw(path, body == null ? "" : write(body), true);
  }

  public Resp delete(String path) {
    HttpRequest.Builder b = request(path).DELETE();
    if (csrf != null) b.header("X-CSRF-Token", csrf);
    return send(b);
  }

  /** Opens a WebSocket on {@code path} with this client's cookies. */
  public WebSocket webSocket(String path, WebSocket.Listener listener) {
    URI uri = URI.create("ws://" + base.getAuthority() + path);
    return http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(5)).buildAsync(uri, listener).join();
  }

  // ---- accounts ----

  public Resp register(String name, String password) {
    Resp r = postRaw("/api/register", write(Map.of("name", name, "password", password)), false);
    if (r.status() == 201) started(r);
    return r;
  }

  /** Registers a new unique user; asserts it worked. */
  public ApiClient registered(String prefix) {
    Resp r = register(uniqueName(prefix), PASSWORD);
    assertThat(r.status()).as("register: %s", r).isEqualTo(201);
    return this;
  }

  public Resp login(String name, String password) {
    Resp r = postRaw("/api/login", write(Map.of("name", name, "password", password)), false);
    if (r.status() == 200) started(r);
    return r;
  }

  public ApiClient guest() {
    Resp r = postRaw("/api/guest", "", false);
    assertThat(r.status()).as("guest: %s", r).isEqualTo(200);
    started(r);
    return this;
  }

  private void started(Resp r) {
    csrf = r.json().get("csrf").asText();
    user = r.json().get("user");
  }

  public String name() {
    return user.get("name").asText();
  }

  public long id() {
    return user.get("id").asLong();
  }

  /** The session token in this client's cookie jar, or null. */
  public String sessionToken() {
    return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("tabla_session"))
        .map(HttpCookie::getValue).findFirst().orElse(null);
  }

  // ---- lobby ----

  public long seek(String rulesJson) {
    Resp r = postRaw("/api/seeks", "{\"rules\":" + rulesJson + ",\"mode\":\"live\"}", true);
    assertThat(r.status()).as("seek: %s", r).isEqualTo(201);
    return r.json().get("seek").get("id").asLong();
  }

  public long accept(long seekId) {
    Resp r = post("/api/seeks/" + seekId + "/accept", null);
    assertThat(r.status()).as("accept: %s", r).isEqualTo(200);
    return r.json().get("gameId").asLong();
  }

  /** A new game between {@code creator} (seat 0) and {@code acceptor} (seat 1). */
  public static long newGame(ApiClient creator, ApiClient acceptor, int matchLength) {
    return acceptor.accept(creator.seek("{\"matchLength\":" + matchLength + "}"));
  }

  public long computerGame(int matchLength, String level) {
    Resp r = postRaw("/api/games/computer", "{\"rules\":{\"matchLength\":" + matchLength + "},\"level\":\"" + level
        + "\"}", true);
    assertThat(r.status()).as("computer game: %s", r).isEqualTo(201);
    return r.json().get("gameId").asLong();
  }

  // ---- a game ----

  public JsonNode snapshot(long gameId) {
    Resp r = get("/api/games/" + gameId);
    assertThat(r.status()).as("snapshot: %s", r).isEqualTo(200);
    return r.json();
  }

  /** Posts {@code action} (its "type" and arguments) at {@code version}. */
  public Resp act(long gameId, int version, ObjectNode action) {
    ObjectNode body = action.deepCopy();
    body.put("version", version);
    return post("/api/games/" + gameId + "/actions", body);
  }

  public Resp act(long gameId, int version, String type) {
    return act(gameId, version, action(type));
  }

  public static ObjectNode action(String type) {
    return JSON.createObjectNode().put("type", type);
  }

  /**
   * A random but legal next action for the seat that must act in {@code snap} (seen from that seat):
   * roll (or now and then double), a random play from legalPlays, take or drop, accept a resignation.
   */
  public static ObjectNode randomAction(JsonNode snap, Random rnd, double doubleChance) {
    String phase = snap.get("phase").asText();
    switch (phase) {
      case "ROLL":
        return action(snap.get("canDouble").asBoolean() && rnd.nextDouble() < doubleChance ? "double" : "roll");
      case "MOVE": {
        JsonNode plays = snap.get("legalPlays");
        assertThat(plays.size()).as("legal plays in MOVE phase: %s", snap).isPositive();
        return action("move").put("move", plays.get(rnd.nextInt(plays.size())).get("move").asText());
      }
      case "DOUBLE_OFFERED":
        return action(rnd.nextDouble() < 0.75 ? "take" : "drop");
      case "RESIGN_OFFERED":
        return action("accept");
      default:
        throw new AssertionError("no action in phase " + phase + ": " + snap);
    }
  }

  /**
   * Plays a game to its end with {@link #randomAction}s: {@code seats[i]} is the client of seat i, or
   * null where the computer sits (its turns are awaited). Every accepted action must raise the
   * version by exactly one, unless the computer plays (it may have answered already); between games
   * each person says "continue" (the second one starts the next game: its opening roll follows at once). {@code onEach} sees each accepted action and the answer. Returns the final snapshot.
   */
  public static JsonNode playToEnd(long gameId, ApiClient[] seats, Random rnd, double doubleChance,
      BiConsumer<ObjectNode, JsonNode> onEach) {
    ApiClient watcher = seats[0] != null ? seats[0] : seats[1];
    JsonNode s = watcher.snapshot(gameId);
    for (int actions = 0; !s.get("status").asText().equals("finished"); actions++) {
      assertThat(actions).as("actions in game %d", gameId).isLessThan(5_000);
      int v = s.get("version").asInt();
      if (s.get("turn").isNull() && s.hasNonNull("between")) { // between games: the players say "continue"
        ApiClient p = seats[notReady(s, seats)];
        Resp r = p.act(gameId, v, action("continue"));
        assertThat(r.status()).as("continue answered %s", r).isEqualTo(200);
        assertThat(r.json().get("version").asInt()).as("version after continue").isGreaterThan(v);
        s = watcher.snapshot(gameId);
        continue;
      }
      assertThat(s.get("turn").isNull()).as("someone must act in a running game: %s", s).isFalse();
      ApiClient p = seats[s.get("turn").asInt()];
      if (p == null) {
        s = awaitChange(watcher, gameId, v);
        continue;
      }
      JsonNode mine = p == watcher || s.get("you").asInt(-1) == s.get("turn").asInt() ? s : p.snapshot(gameId);
      assertThat(mine.get("version").asInt()).isEqualTo(v);
      ObjectNode a = randomAction(mine, rnd, doubleChance);
      Resp r = p.act(gameId, v, a);
      assertThat(r.status()).as("%s answered %s", a, r).isEqualTo(200);
      JsonNode after = r.json();
      boolean computer = seats[0] == null || seats[1] == null; // it may have moved already too
      if (computer) {
        assertThat(after.get("version").asInt()).as("version after %s", a).isGreaterThan(v);
      } else { // a game's end too: the next one waits for the players ("continue")
        assertThat(after.get("version").asInt()).as("version after %s", a).isEqualTo(v + 1);
      }
      onEach.accept(a, after);
      s = p == watcher ? after : watcher.snapshot(gameId);
    }
    return s;
  }

  /** Plays a match to its end: the loser resigns whenever it is their turn; the winner plays at random. */
  public static void loserResigns(long game, ApiClient winner, ApiClient loser, Random rnd) {
    int loserSeat = loser.snapshot(game).get("you").asInt();
    for (int steps = 0; steps < 2000; steps++) {
      JsonNode s = loser.snapshot(game);
      if (s.get("status").asText().equals("finished")) {
        assertThat(s.get("matchWinner").asInt()).isEqualTo(1 - loserSeat);
        return;
      }
      if (continueIfBetween(game, loser, winner)) continue;
      int turn = s.get("turn").asInt();
      String phase = s.get("phase").asText();
      if (turn == loserSeat && (phase.equals("ROLL") || phase.equals("MOVE"))) {
        resign(game, loser, s.get("version").asInt());
      } else {
        ApiClient actor = turn == loserSeat ? loser : winner;
        JsonNode mine = actor.snapshot(game);
        Resp r = actor.act(game, mine.get("version").asInt(), randomAction(mine, rnd, 0));
        assertThat(r.status()).as("action: %s", r).isEqualTo(200);
      }
    }
    throw new AssertionError("game " + game + " did not end");
  }

  /** The highest resignation the variant allows (a backgammon, else a gammon, else a single game). */
  private static void resign(long game, ApiClient loser, int version) {
    for (int level = 3; level >= 1; level--) {
      Resp r = loser.act(game, version, action("resign").put("level", level));
      if (r.status() == 200) return;
    }
    throw new AssertionError("no resignation was accepted in game " + game);
  }

  /**
   * Random legal actions through the API by the two people of {@code seats} (continuing between games) until the
   * snapshot of the one to act satisfies {@code stop}; returns that snapshot. Fails when the match ends first.
   */
  public static JsonNode playUntil(long gameId, ApiClient[] seats, Random rnd, java.util.function.Predicate<JsonNode> stop) {
    for (int n = 0; ; n++) {
      assertThat(n).as("actions in game %d before the wanted state", gameId).isLessThan(5_000);
      JsonNode s = seats[0].snapshot(gameId);
      assertThat(s.get("status").asText()).as("game %d reaches the wanted state before its end", gameId).isEqualTo("playing");
      if (continueIfBetween(gameId, seats[0], seats[1])) continue;
      ApiClient p = seats[s.get("turn").asInt()];
      JsonNode mine = p.snapshot(gameId);
      if (stop.test(mine)) return mine;
      Resp r = p.act(gameId, mine.get("version").asInt(), randomAction(mine, rnd, 0));
      assertThat(r.status()).as("random action answered %s", r).isEqualTo(200);
    }
  }

  /**
   * Between games each of the two people says "continue" (the second one starts the next game); false, and
   * nothing sent, when the match is not waiting between games.
   */
  public static boolean continueIfBetween(long gameId, ApiClient a, ApiClient b) {
    JsonNode s = a.snapshot(gameId);
    if (!s.get("turn").isNull() || !s.hasNonNull("between")) return false;
    for (ApiClient c : new ApiClient[] {a, b}) {
      JsonNode mine = c.snapshot(gameId);
      if (!mine.hasNonNull("between") || mine.get("between").get("ready").get(mine.get("you").asInt()).asBoolean()) continue;
      Resp r = c.act(gameId, mine.get("version").asInt(), action("continue"));
      assertThat(r.status()).as("continue answered %s", r).isEqualTo(200);
    }
    return true;
  }

  /** Between games: the first seat of a person who has not said "continue" yet. */
  static int notReady(JsonNode snap, ApiClient[] seats) {
    JsonNode ready = snap.get("between").get("ready");
    for (int seat = 0; seat < 2; seat++) {
      if (seats[seat] != null && !ready.get(seat).asBoolean()) return seat;
    }
    throw new AssertionError("between games with everyone ready: " + snap);
  }

  /** Waits (up to 20 s) until the game's version is past {@code version}, as after the computer's turn. */
  public static JsonNode awaitChange(ApiClient c, long gameId, int version) {
    long end = System.nanoTime() + 20_000_000_000L;
    while (true) {
      JsonNode s = c.snapshot(gameId);
      if (s.get("version").asInt() > version) return s;
      assertThat(System.nanoTime()).as("game %d stuck at version %d: %s", gameId, version, s).isLessThan(end);
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /** The "id" of each object in a JSON array (seeks, games). */
  public static List<Long> ids(JsonNode array) {
    List<Long> out = new ArrayList<>();
    array.forEach(n -> out.add(n.get("id").asLong()));
    return out;
  }

  public static String write(Object o) {
    try {
      return JSON.writeValueAsString(o);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
