package tabla.server;

import tabla.server.kernel.ServerConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;
import tabla.server.ApiWebSocketTest.Socket;
import tabla.server.chat.ChatRate;
import tabla.server.chat.ChatText;

/**
 * Chat over HTTP and its delivery over the sockets: who reads which channel, the limits (length, rate), hostile
 * text (stored as written and given back as text, or refused with the reason and nothing stored), a player's mute,
 * and a moderator's delete and mute.
 */
class ChatApiTest {
  private static final String MODERATOR = "chatmod";
  private static final Map<TestDb, TablaServer> SERVERS = new EnumMap<>(TestDb.class);

  @AfterAll
  static void stop() {
    SERVERS.values().forEach(TablaServer::close);
  }

  /** A server per database whose settings make {@link #MODERATOR} an admin (staff may moderate chat). */
  private static synchronized int port(TestDb db) {
    db.assume();
    return SERVERS.computeIfAbsent(db, d -> {
      ServerConfig c = d.freshConfig(TestServers.DICE_SEED);
      TablaServer s = TablaServer.start(c.withSite(c.site().withAdmins(Set.of(MODERATOR))));
      assertThat(new ApiClient(s.port()).register(MODERATOR, ApiClient.PASSWORD).status()).isEqualTo(201);
      return s;
    }).port();
  }

  private static ApiClient user(TestDb db, String prefix) {
    return new ApiClient(port(db)).registered(prefix);
  }

  private static ApiClient moderator(TestDb db) {
    ApiClient m = new ApiClient(port(db));
    assertThat(m.login(MODERATOR, ApiClient.PASSWORD).status()).isEqualTo(200);
    return m;
  }

  private static Socket chatSocket(ApiClient c, long game) {
    Socket s = new Socket();
    s.ws = c.webSocket("/ws/games/" + game + "?chat=1", s);
    return s;
  }

  private static Socket lobbySocket(ApiClient c) {
    Socket s = new Socket();
    s.ws = c.webSocket("/ws/site", s);
    return s;
  }

  /**
   * The chat lines of {@code s}: the first {@code n} waited for (a line reaches a socket after its post's answer, later
   * than a quiet moment on a loaded machine), then what else comes in a quiet moment.
   */
  private static List<String> chats(Socket s, int n) throws InterruptedException {
    List<JsonNode> got = new ArrayList<>();
    while (texts(got).size() < n) got.add(s.next());
    got.addAll(drain(s));
    return texts(got);
  }

  /** Every message left on the socket now, after a quiet moment. */
  private static List<JsonNode> drain(Socket s) throws InterruptedException {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode m; (m = s.messages.poll(400, java.util.concurrent.TimeUnit.MILLISECONDS)) != null; ) out.add(m);
    return out;
  }

  private static List<String> texts(List<JsonNode> messages) {
    List<String> t = new ArrayList<>();
    for (JsonNode m : messages) if (m.path("type").asText().equals("chat")) t.add(m.get("message").get("text").asText());
    return t;
  }

  private static Resp say(ApiClient c, String path, String text) {
    return c.post(path, Map.of("text", text));
  }

  private static List<String> history(ApiClient c, String path) {
    Resp r = c.get(path);
    assertThat(r.status()).as("history %s: %s", path, r).isEqualTo(200);
    List<String> t = new ArrayList<>();
    r.json().get("messages").forEach(m -> t.add(m.get("text").asText()));
    return t;
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void playersAndSpectatorsEachHaveTheirOwnChannel(TestDb db) throws Exception {
    ApiClient alice = user(db, "alice");
    ApiClient bob = user(db, "bob");
    ApiClient carol = user(db, "carol");
    ApiClient dave = user(db, "dave");
    long game = ApiClient.newGame(alice, bob, 3);
    String players = "/api/games/" + game + "/chat/players";
    String spectators = "/api/games/" + game + "/chat/spectators";
    Socket a = chatSocket(alice, game);
    Socket b = chatSocket(bob, game);
    Socket c = chatSocket(carol, game);
    Socket d = chatSocket(dave, game);
    Socket plain = ApiWebSocketTest.Socket.open(bob, game); // a socket that did not ask for chat
    try {
      MeetingApiTest.awaitCount(d, 2); // each socket's join reaches the server on its own: the count may pass through 1 first
      // the players' sockets are counted once their snapshot came (chat history and counts come before it)
      MeetingApiTest.next(a, "snapshot");
      MeetingApiTest.next(b, "snapshot");
      drain(a);
      drain(b);
      drain(c);
      drain(d);
      drain(plain);

      assertThat(say(alice, players, "good luck").status()).isEqualTo(201);
      assertThat(chats(b, 1)).containsExactly("good luck");
      assertThat(chats(a, 1)).containsExactly("good luck");
      assertThat(texts(drain(c))).as("spectators do not hear the players").isEmpty();
      assertThat(drain(plain)).as("a socket that did not ask gets no chat").isEmpty();

      assertThat(say(carol, spectators, "nice opening").status()).isEqualTo(201);
      assertThat(chats(d, 1)).containsExactly("nice opening");
      assertThat(texts(drain(a))).as("the players do not hear the spectators during the game").isEmpty();
      assertThat(texts(drain(b))).isEmpty();

      assertThat(say(carol, players, "psst").status()).as("a spectator in the players' chat").isEqualTo(403);
      assertThat(say(alice, spectators, "hi").status()).as("a player in the spectators' chat").isEqualTo(403);
      assertThat(alice.get(spectators).status()).as("a player reading the spectators during the game").isEqualTo(403);
      assertThat(carol.get(players).status()).isEqualTo(403);
      assertThat(new ApiClient(port(db)).get(players).status()).isEqualTo(403);
      assertThat(history(dave, spectators)).containsExactly("nice opening");
      assertThat(history(bob, players)).containsExactly("good luck");
      assertThat(alice.get("/api/games/" + game + "/chat/elsewhere").status()).isEqualTo(404);
      assertThat(alice.get("/api/games/999999/chat/players").status()).isEqualTo(404);

      // the spectator count goes down when one leaves, and the players are told
      d.close();
      MeetingApiTest.awaitCount(a, 1);

      // after the match the players may read what the spectators said
      JsonNode s = alice.snapshot(game);
      ApiClient loser = s.get("turn").asInt() == 0 ? alice : bob;
      assertThat(loser.act(game, s.get("version").asInt(), ApiClient.action("resign").put("level", 3)).status()).isEqualTo(200);
      ApiClient winner = loser == alice ? bob : alice;
      JsonNode after = winner.snapshot(game);
      assertThat(winner.act(game, after.get("version").asInt(), "accept").status()).isEqualTo(200);
      assertThat(history(alice, spectators)).containsExactly("nice opening");
    } finally {
      for (Socket x : List.of(a, b, c, d, plain)) x.close();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void limitsRefuseWithTheReasonAndStoreNothing(TestDb db) {
    ApiClient ann = user(db, "ann");
    ApiClient guest = new ApiClient(port(db)).guest();
    String lobby = "/api/chat/lobby";
    Resp tooLong = say(ann, lobby, "x".repeat(ChatText.MAX_CHARS + 1));
    assertThat(tooLong.status()).isEqualTo(400);
    assertThat(tooLong.error()).contains("at most " + ChatText.MAX_CHARS);
    assertThat(say(ann, lobby, "   ").status()).isEqualTo(400);
    assertThat(ann.post(lobby, Map.of("text", 5)).status()).isEqualTo(400);
    assertThat(say(guest, lobby, "hello").status()).as("guests read but do not write").isEqualTo(403);
    assertThat(new ApiClient(port(db)).postRaw(lobby, "{\"text\":\"hi\"}", false).status()).isEqualTo(401);

    // the longest message fits (counted in characters: each of these is two UTF-16 units)
    String dice = "🎲".repeat(ChatText.MAX_CHARS);
    List<String> sent = new ArrayList<>();
    assertThat(say(ann, lobby, dice).status()).isEqualTo(201);
    sent.add(dice);
    for (int i = 1; i < ChatRate.MAX_MESSAGES; i++) {
      assertThat(say(ann, lobby, "line " + i).status()).isEqualTo(201);
      sent.add("line " + i);
    }
    Resp fast = say(ann, lobby, "one too many");
    assertThat(fast.status()).isEqualTo(429);
    assertThat(fast.error()).contains("at most " + ChatRate.MAX_MESSAGES + " messages");
    List<String> stored = history(ann, lobby);
    assertThat(stored).containsSubsequence(sent).doesNotContain("one too many");
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void hostileTextIsStoredAsWrittenOrRefused(TestDb db) throws Exception {
    ApiClient eve = user(db, "eve");
    ApiClient reader = user(db, "reader");
    Socket lobby = lobbySocket(reader);
    try {
      MeetingApiTest.next(lobby, "chatHistory");
      // kept exactly as written: the pages show them as text, never as markup
      List<String> asText = List.of("<script>alert('x')</script>", "<img src=x onerror=alert(1)>",
          "\u05E9\u05DC\u05D5\u05DD \u200Fworld\u200E", "\"quotes\" & 'apostrophes' \\ backslash");
      for (String t : asText) {
        Resp r = say(eve, "/api/chat/lobby", t);
        assertThat(r.status()).as("%s: %s", t, r).isEqualTo(201);
        assertThat(r.json().get("message").get("text").asText()).isEqualTo(t);
        assertThat(MeetingApiTest.next(lobby, "chat").get("message").get("text").asText()).isEqualTo(t);
      }
      assertThat(history(reader, "/api/chat/lobby")).containsSubsequence(asText);
      // refused: they change how the text around them reads, or are not text at all
      for (String t : List.of("abc\u202Egnp.exe", "x\u2066y", "bell\u0007", "nul\u0000", "two\nlines", "sep\u2028x",
          "c1\u0085")) {
        Resp r = say(eve, "/api/chat/lobby", t);
        assertThat(r.status()).as("%s: %s", t, r).isEqualTo(400);
        assertThat(r.error()).isNotBlank();
      }
      assertThat(drain(lobby)).as("nothing refused was delivered").isEmpty();
      assertThat(history(reader, "/api/chat/lobby")).hasSize(asText.size());
    } finally {
      lobby.close();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aPlayerMutesAnotherAndAModeratorDeletesAndMutes(TestDb db) throws Exception {
    ApiClient rude = user(db, "rude");
    ApiClient kind = user(db, "kind");
    ApiClient other = user(db, "other");
    Socket kindSocket = lobbySocket(kind);
    Socket otherSocket = lobbySocket(other);
    try {
      MeetingApiTest.next(kindSocket, "chatHistory");
      MeetingApiTest.next(otherSocket, "chatHistory");
      assertThat(kind.post("/api/me/mutes", Map.of("name", rude.name())).json().get("mutes").toString()).contains(rude.name());
      assertThat(kind.post("/api/me/mutes", Map.of("name", kind.name())).status()).isEqualTo(400);
      assertThat(kind.post("/api/me/mutes", Map.of("name", "nobody_at_all")).status()).isEqualTo(404);
      assertThat(say(rude, "/api/chat/lobby", "you lot are bad").status()).isEqualTo(201);
      assertThat(chats(otherSocket, 1)).containsExactly("you lot are bad");
      assertThat(texts(drain(kindSocket))).as("the muter does not receive it").isEmpty();
      assertThat(history(kind, "/api/chat/lobby")).doesNotContain("you lot are bad");
      assertThat(history(other, "/api/chat/lobby")).contains("you lot are bad");
      assertThat(kind.delete("/api/me/mutes/" + rude.name()).status()).isEqualTo(200);
      assertThat(history(kind, "/api/chat/lobby")).contains("you lot are bad");

      // a moderator deletes the message: gone from the history, the pages told, still stored for the record
      long id = other.get("/api/chat/lobby").json().get("messages").findValues("id").stream()
          .mapToLong(JsonNode::asLong).max().orElseThrow();
      assertThat(other.post("/api/admin/chat/delete", Map.of("id", id)).status()).as("a player cannot").isEqualTo(403);
      ApiClient mod = moderator(db);
      assertThat(mod.post("/api/admin/chat/delete", Map.of("id", id)).status()).isEqualTo(200);
      JsonNode deleted = MeetingApiTest.next(otherSocket, "chatDeleted");
      assertThat(deleted.get("id").asLong()).isEqualTo(id);
      assertThat(history(other, "/api/chat/lobby")).doesNotContain("you lot are bad");
      assertThat(mod.post("/api/admin/chat/delete", Map.of("id", id)).status()).isEqualTo(400);
      Resp all = mod.get("/api/admin/chat");
      assertThat(all.status()).as("every author: %s", all).isEqualTo(200);
      assertThat(all.json().get("messages").findValues("text").stream().map(JsonNode::asText).toList())
          .contains("you lot are bad");
      JsonNode kept = mod.get("/api/admin/chat?name=" + rude.name()).json().get("messages").get(0);
      assertThat(kept.get("message").get("text").asText()).isEqualTo("you lot are bad");
      assertThat(kept.get("deleted").asBoolean()).isTrue();
      assertThat(kept.get("deletedBy").asText()).isEqualTo(MODERATOR);

      // a moderator mutes the user in every chat, then unmutes
      assertThat(mod.post("/api/admin/chat/mute", Map.of("name", rude.name(), "reason", "insults")).status()).isEqualTo(200);
      Resp refused = say(rude, "/api/chat/lobby", "still here");
      assertThat(refused.status()).isEqualTo(403);
      assertThat(refused.error()).contains("muted you").contains("insults");
      assertThat(mod.post("/api/admin/chat/unmute", Map.of("name", rude.name())).status()).isEqualTo(200);
      assertThat(say(rude, "/api/chat/lobby", "sorry").status()).isEqualTo(201);
    } finally {
      kindSocket.close();
      otherSocket.close();
    }
  }
}
