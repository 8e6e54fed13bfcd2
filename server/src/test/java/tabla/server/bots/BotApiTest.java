package tabla.server.bots;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.LoggerFactory;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.TestDb;
import tabla.server.TestServers;

/**
 * The bot API over HTTP (issue 27): a bot account is challenged from the lobby, hears it on its event stream, plays
 * the match through its game stream and its actions, and every version it was told is the game's; bad input changes
 * nothing; scopes, bounds, revocation and the logs.
 */
class BotApiTest {
  private static final TestServers SERVERS = new TestServers();
  private static final long WAIT = 10_000;

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  /** A registered account made a bot with a bot-scope token: its client (for its name) and its secret. */
  record Bot(ApiClient account, String secret) {
    Resp post(String path, String body) {
      return account.send(account.request(path).header("Authorization", "Bearer " + secret)
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    Resp get(String path) {
      return account.send(account.request(path).header("Authorization", "Bearer " + secret).GET());
    }

    BotStream stream(String path) {
      return BotStream.open(account.base, path, secret);
    }
  }

  static String token(ApiClient owner, String... scopes) {
    Resp made = owner.post("/api/tokens", Map.of("name", "engine", "scopes", List.of(scopes)));
    assertThat(made.status()).as("%s", made).isEqualTo(201);
    return made.json().get("secret").asText();
  }

  static Bot bot(TestDb db, String prefix) {
    return bot(SERVERS.client(db).registered(prefix));
  }

  /** {@code account} made a bot with a bot-scope token. */
  static Bot bot(ApiClient account) {
    Bot b = new Bot(account, token(account, "bot"));
    Resp up = b.post("/api/bot/account/upgrade", "");
    assertThat(up.status()).as("%s", up).isEqualTo(200);
    return b;
  }

  /** A live 1-point match of {@code bot}, challenged by a new person on the server at {@code port}: its id. */
  static long challengedAndAccepted(int port, Bot bot) {
    ApiClient human = new ApiClient(port).registered("hum");
    Resp invite = human.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1},\"mode\":\"live\",\"invite\":\""
        + bot.account().name() + "\"}", true);
    assertThat(invite.status()).as("%s", invite).isEqualTo(201);
    Resp accepted = bot.post("/api/bot/challenge/" + invite.json().get("seek").get("id").asLong() + "/accept", "");
    assertThat(accepted.status()).as("%s", accepted).isEqualTo(200);
    return accepted.json().get("gameId").asLong();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aBotIsChallengedAndPlaysAMatchThroughItsStreams(TestDb db) {
    Bot bot = bot(db, "bot");
    Resp asPerson = bot.account().postRaw("/api/seeks", "{\"rules\":{},\"mode\":\"live\"}", true);
    assertThat(asPerson.status()).as("a bot never plays as a person on the site: %s", asPerson).isEqualTo(403);
    assertThat(asPerson.error()).contains("bot API");
    ApiClient human = SERVERS.client(db).registered("hum");
    try (BotStream events = bot.stream("/api/bot/stream/event")) {
      assertThat(events.status).isEqualTo(200);
      assertThat(events.contentType).startsWith("application/x-ndjson");
      Resp invite = human.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1,\"cube\":true},\"mode\":\"live\",\"invite\":\""
          + bot.account().name() + "\"}", true);
      assertThat(invite.status()).as("%s", invite).isEqualTo(201);
      long seekId = invite.json().get("seek").get("id").asLong();
      JsonNode challenge = events.json(WAIT);
      assertThat(challenge.get("type").asText()).isEqualTo("challenge");
      assertThat(challenge.get("challenge").get("id").asLong()).isEqualTo(seekId);
      assertThat(challenge.get("challenge").get("from").asText()).isEqualTo(human.name());
      assertThat(challenge.get("challenge").get("rules").get("matchLength").asInt()).isEqualTo(1);

      Resp accepted = bot.post("/api/bot/challenge/" + seekId + "/accept", "");
      assertThat(accepted.status()).as("%s", accepted).isEqualTo(200);
      long gameId = accepted.json().get("gameId").asLong();
      Resp again = bot.post("/api/bot/challenge/" + seekId + "/accept", "");
      assertThat(again.status()).as("%s", again).isEqualTo(404);
      assertThat(again.error()).as("the bot API's own word, not the lobby's 'seek'").isEqualTo("open challenge " + seekId
          + " to this bot not found");
      JsonNode start = events.json(WAIT);
      assertThat(start.get("type").asText()).isEqualTo("gameStart");
      assertThat(start.get("game").get("id").asLong()).isEqualTo(gameId);

      try (BotStream game = bot.stream("/api/bot/game/" + gameId + "/stream")) {
        JsonNode first = game.json(WAIT);
        assertThat(first.get("type").asText()).isEqualTo("snapshot");
        assertThat(first.get("snapshot").get("you").asInt()).isEqualTo(1);
        int version = first.get("snapshot").get("version").asInt();
        badInputChangesNothing(bot, human, gameId);

        int last = play(bot, human, gameId, new Random(27));
        List<Integer> told = new ArrayList<>();
        JsonNode lastEvent = null;
        for (JsonNode e; (e = game.json(WAIT)) != null; ) {
          if (!e.get("type").asText().equals("event")) continue; // a resync's snapshot (the clock's start) says no version
          told.add(e.get("version").asInt());
          lastEvent = e;
        }
        assertThat(told).as("every version after the first state, once, in order").isNotEmpty();
        for (int i = 0; i < told.size(); i++) assertThat(told.get(i)).isEqualTo(version + 1 + i);
        assertThat(told.get(told.size() - 1)).isEqualTo(last);
        assertThat(lastEvent.get("changes").get("status").asText()).isEqualTo("finished");
        assertThat(game.line(0)).as("the stream ended after the match").isNull();
      }
      JsonNode finish = events.json(WAIT);
      assertThat(finish.get("type").asText()).isEqualTo("gameFinish");
      assertThat(finish.get("game").get("id").asLong()).isEqualTo(gameId);
    }
  }

  private static void badInputChangesNothing(Bot bot, ApiClient human, long gameId) {
    int before = human.snapshot(gameId).get("version").asInt();
    List<Resp> refused = List.of(
        bot.post("/api/bot/game/" + gameId + "/move", "{\"move\":\"nonsense\"}"),
        bot.post("/api/bot/game/" + gameId + "/fly", "{}"),
        bot.post("/api/bot/game/" + gameId + "/resign", "{\"level\":\"all\"}"),
        bot.post("/api/bot/game/" + gameId + "/roll", "{\"version\":\"x\"}"),
        bot.post("/api/bot/game/" + gameId + "/roll", "not json"));
    for (Resp r : refused) {
      assertThat(r.status()).as("%s", r).isBetween(400, 409);
      assertThat(r.error()).as("%s", r).isNotBlank();
    }
    // a version the bot did not see: its sentence says "here is the current state", so the state comes with it
    Resp stale = bot.post("/api/bot/game/" + gameId + "/roll", "{\"version\":" + (before + 7) + "}");
    assertThat(stale.status()).as("%s", stale).isEqualTo(409);
    assertThat(stale.json().path("snapshot").path("version").asInt(-1)).as("%s", stale).isEqualTo(before);
    assertThat(stale.json().path("snapshot").path("you").asInt(-1)).as("the bot's own view: %s", stale).isEqualTo(1);
    assertThat(human.snapshot(gameId).get("version").asInt()).as("nothing changed").isEqualTo(before);
  }

  /** Plays the match to its end with legal random actions, the bot through the bot API; the last version. */
  private static int play(Bot bot, ApiClient human, long gameId, Random rnd) {
    for (int step = 0; step < 3000; step++) {
      JsonNode asBot = bot.get("/api/games/" + gameId).json();
      if (asBot.get("status").asText().equals("finished")) return asBot.get("version").asInt();
      if (asBot.get("actions").size() > 0) {
        ObjectNode a = between(asBot) ? ApiClient.action("continue") : ApiClient.randomAction(asBot, rnd, 0.1);
        String type = a.remove("type").asText();
        a.put("version", asBot.get("version").asInt());
        Resp r = bot.post("/api/bot/game/" + gameId + "/" + type, ApiClient.write(a));
        assertThat(r.status()).as("%s %s", type, r).isEqualTo(200);
        continue;
      }
      JsonNode asHuman = human.snapshot(gameId);
      if (asHuman.get("actions").size() > 0) {
        ObjectNode a = between(asHuman) ? ApiClient.action("continue") : ApiClient.randomAction(asHuman, rnd, 0.1);
        Resp r = human.act(gameId, asHuman.get("version").asInt(), a);
        assertThat(r.status()).as("%s", r).isEqualTo(200);
      } else {
        pause(); // the server's own step (the next game's opening roll) is on its way
      }
    }
    throw new AssertionError("the match did not end");
  }

  private static void pause() {
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static boolean between(JsonNode snap) {
    for (JsonNode a : snap.get("actions")) if (a.asText().equals("continue")) return true;
    return false;
  }

  @Test
  void onlyABotsTokenWithTheBotScopeReachesTheBotApiAndAPlayedAccountCannotBecomeOne() {
    TestDb db = TestDb.H2;
    ApiClient person = SERVERS.client(db).registered("per");
    Bot notBot = new Bot(person, token(person, "bot"));
    BotStream s = notBot.stream("/api/bot/stream/event");
    assertThat(s.status).isEqualTo(403);
    assertThat(s.errorBody).contains("not a bot");

    ApiClient played = SERVERS.client(db).registered("pla");
    ApiClient.newGame(played, SERVERS.client(db).registered("opp"), 1);
    Resp up = new Bot(played, token(played, "bot")).post("/api/bot/account/upgrade", "");
    assertThat(up.status()).as("%s", up).isEqualTo(409);
    assertThat(played.login(played.name(), ApiClient.PASSWORD).status()).as("still a person").isEqualTo(200);

    Bot bot = bot(db, "bsc");
    Resp challenged = bot.post("/api/bot/challenge", "{\"invite\":\"" + person.name() + "\",\"rules\":{\"matchLength\":1}}");
    assertThat(challenged.status()).as("%s", challenged).isEqualTo(201);
    JsonNode listed = person.get("/api/seeks").json().get("seeks").get(0);
    assertThat(listed.get("creator").asText()).isEqualTo(bot.account().name());
    assertThat(listed.get("creatorBot").asBoolean()).as("the lobby marks a bot's seek").isTrue();
    assertThat(person.get("/api/seeks").json().get("seeks").findValuesAsText("creatorBot")).hasSize(1);
    Bot reader = new Bot(bot.account(), token(person, "read", "play"));
    assertThat(reader.post("/api/bot/challenge", "{\"invite\":\"" + person.name() + "\",\"rules\":{}}").status())
        .isEqualTo(403);
    Resp cookie = person.post("/api/bot/account/upgrade", null);
    assertThat(cookie.status()).as("the site's session is no token: %s", cookie).isEqualTo(401);
  }

  /** A bot holds at most so many streams; a revoked token is refused at once and its open stream ends. */
  @Test
  void streamsAreBoundedAndEndWithTheirToken() {
    Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    ListAppender<ILoggingEvent> log = new ListAppender<>();
    log.start();
    root.addAppender(log);
    List<BotStream> open = new ArrayList<>();
    try {
      Bot bot = bot(TestDb.H2, "bnd");
      for (int i = 0; i < BotRoutes.MAX_STREAMS_PER_ACCOUNT; i++) {
        open.add(bot.stream("/api/bot/stream/event"));
        assertThat(open.get(i).status).isEqualTo(200);
      }
      BotStream oneMore = bot.stream("/api/bot/stream/event");
      assertThat(oneMore.status).isEqualTo(429);
      assertThat(oneMore.errorBody).contains("at most " + BotRoutes.MAX_STREAMS_PER_ACCOUNT);

      long tokenId = bot.account().get("/api/tokens").json().get("tokens").get(0).get("id").asLong();
      // the owner revokes it on the site, where a bot's account still signs in to manage its tokens
      assertThat(bot.account().delete("/api/tokens/" + tokenId).status()).isEqualTo(204);
      assertThat(bot.get("/api/me").status()).as("refused at once").isEqualTo(401);
      String last = null;
      // a keep-alive's period and a generous margin: a loaded CI machine can hold the server's timer for seconds
      long until = System.currentTimeMillis() + BotRoutes.KEEP_ALIVE_MILLIS + 20_000;
      while (System.currentTimeMillis() < until && !BotStream.END.equals(last)) {
        last = open.get(0).line(until - System.currentTimeMillis());
      }
      assertThat(last).as("the open stream ended at its next keep-alive").isEqualTo(BotStream.END);

      String secretPart = bot.secret().substring("tabla_".length());
      List<ILoggingEvent> seen;
      synchronized (log) { // the server's threads still log: read a copy, taken under the lock the appender appends with
        seen = new ArrayList<>(log.list);
      }
      assertThat(seen).as("the access log saw the bot's requests")
          .anyMatch(e -> e.getLoggerName().equals("tabla.access") && e.getFormattedMessage().contains("/api/bot/stream/event"));
      for (ILoggingEvent e : seen) assertThat(e.getFormattedMessage()).doesNotContain(secretPart);
    } finally {
      root.detachAppender(log);
      open.forEach(BotStream::close);
    }
  }
}
