package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.WebSocket;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;
import tabla.server.TablaServer;

/**
 * The CLIP door opens onto the site's own lobby: 'who' lists the web's users and the web's online list the CLIP
 * users; invitations go both ways as the lobby's invitations (seeks with an invitee), and are accepted from either
 * side; shouts are the lobby chat. The web side through the site's HTTP API and its site socket.
 */
class ClipLobbyTest {
  static final String PW = "correct_horse";
  static TablaServer server;

  @BeforeAll
  static void start() {
    server = FibsTestServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** A web page's site socket: its messages, in order. */
  static final class SitePage implements WebSocket.Listener {
    final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
    private final StringBuilder part = new StringBuilder();
    WebSocket ws;

    /**
     * A page on the site, once the server counts it: the client's socket opens when the upgrade's answer comes, before
     * the server has counted it, and what is told to the user meanwhile (an invitation) would miss it; the first
     * message (the lobby chat's history) is sent after.
     */
    static SitePage open(ApiClient c) throws InterruptedException {
      SitePage p = new SitePage();
      p.ws = c.webSocket("/ws/site", p);
      p.next("chatHistory");
      return p;
    }

    @Override
    public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
      part.append(data);
      if (last) {
        try {
          messages.add(ApiClient.JSON.readTree(part.toString()));
        } catch (Exception e) {
          throw new AssertionError(e);
        }
        part.setLength(0);
      }
      w.request(1);
      return null;
    }

    JsonNode next(String type) throws InterruptedException {
      long end = System.currentTimeMillis() + ClipClient.WAIT_MILLIS; // a loaded machine's bound, free when passing
      while (System.currentTimeMillis() < end) {
        JsonNode m = messages.poll(end - System.currentTimeMillis(), TimeUnit.MILLISECONDS);
        if (m != null && m.path("type").asText().equals(type)) return m;
      }
      throw new AssertionError("no '" + type + "' message on the site socket");
    }

    void close() {
      ws.sendClose(WebSocket.NORMAL_CLOSURE, "").join();
    }
  }

  static ApiClient registered(String name) {
    ApiClient c = new ApiClient(server.port());
    assertThat(c.register(name, PW).status()).isEqualTo(201);
    return c;
  }

  @Test
  void whoListsTheWebsUsersAndTheWebListsTheClipUsers() throws Exception {
    ApiClient web = registered("wendy");
    registered("carl");
    SitePage page = SitePage.open(web);
    try (ClipClient carl = new ClipClient("carl", server.fibsPort())) {
      carl.login("carl", PW);
      carl.send("who");
      String line = carl.await("^5 wendy ");
      // name opponent watching ready away rating experience idle login host client email
      assertThat(line).matches("^5 wendy - - 1 0 1500\\.00 0 0 0 - web -$");
      carl.await("^6$");
      carl.send("who wendy");
      carl.await("^5 wendy - - 1 0 ");
      JsonNode online = web.get("/api/online").json();
      assertThat(online.get("players")).anyMatch(p -> p.get("name").asText().equals("carl") && p.get("state").asText().equals("idle"));
      carl.send("away lunch");
      carl.await("^5 carl - - 0 1 ");
      assertThat(web.get("/api/online").json().get("players"))
          .anyMatch(p -> p.get("name").asText().equals("carl") && p.get("state").asText().equals("away"));
    }
    page.close();
  }

  @Test
  void aClipUserInvitesAWebUserWhoAcceptsOnTheWeb() throws Exception {
    ApiClient web = registered("wanda");
    registered("cleo");
    SitePage page = SitePage.open(web);
    try (ClipClient cleo = new ClipClient("cleo", server.fibsPort())) {
      cleo.login("cleo", PW);
      cleo.send("invite wanda 1");
      cleo.await("^\\*\\* Use 'toggle ready' first\\.$"); // as between CLIP users: nothing made
      assertThat(web.get("/api/seeks").json().get("seeks")).isEmpty();
      cleo.send("toggle ready");
      cleo.send("invite wanda 1");
      cleo.await("^\\*\\* You invited wanda to a 1 point match\\.$");
      JsonNode invited = page.next("invited");
      assertThat(invited.get("by").asText()).isEqualTo("cleo");
      JsonNode seeks = web.get("/api/seeks").json().get("seeks");
      assertThat(seeks).hasSize(1);
      assertThat(seeks.get(0).get("creator").asText()).isEqualTo("cleo");
      assertThat(seeks.get(0).get("invitee").asText()).isEqualTo("wanda");
      assertThat(seeks.get(0).get("rules").get("matchLength").asInt()).isEqualTo(1);
      assertThat(seeks.get(0).get("id").asLong()).isEqualTo(invited.get("seekId").asLong());

      long game = web.accept(invited.get("seekId").asLong());
      cleo.await("^\\*\\* Player wanda has joined you for a 1 point match\\.$");
      cleo.await("^board:You:wanda:1:0:0:");
      JsonNode snap = web.snapshot(game);
      assertThat(snap.get("players")).extracting(p -> p.get("name").asText()).containsExactly("cleo", "wanda");
      cleo.send("who cleo");
      cleo.await("^5 cleo wanda - ");
      // a length the lobby would not take is refused before anything is made
      cleo.send("leave");
      cleo.send("invite wanda 99");
      cleo.await("^\\*\\* The match length is 1 to ");
    }
    page.close();
  }

  @Test
  void aWebUsersInvitationReachesAClipUserWhoJoins() throws Exception {
    ApiClient web = registered("walter");
    registered("chloe");
    registered("colin");
    SitePage page = SitePage.open(web);
    // made while colin is away: he hears it when he logs in
    assertThat(web.post("/api/seeks", Map.of("rules", Map.of("matchLength", 5), "mode", "live", "invite", "colin")).status())
        .isEqualTo(201);
    try (ClipClient chloe = new ClipClient("chloe", server.fibsPort());
        ClipClient colin = new ClipClient("colin", server.fibsPort())) {
      chloe.login("chloe", PW);
      assertThat(web.post("/api/seeks", Map.of("rules", Map.of("matchLength", 3), "mode", "live", "invite", "chloe")).status())
          .isEqualTo(201);
      chloe.await("^walter wants to play a 3 point match with you\\.$");
      chloe.await("^Type 'join walter' to accept\\.$");
      // an invitation to a variant FIBS does not have is not told
      assertThat(web.post("/api/seeks", Map.of("rules", Map.of("matchLength", 1, "variant", "nackgammon"), "mode", "live",
          "invite", "chloe")).status()).isEqualTo(201);
      colin.login("colin", PW);
      colin.await("^walter wants to play a 5 point match with you\\.$");

      chloe.send("join walter");
      chloe.await("^\\*\\* You are now playing a 3 point match with walter$");
      JsonNode accepted = page.next("seekAccepted");
      assertThat(accepted.get("by").asText()).isEqualTo("chloe");
      JsonNode snap = web.snapshot(accepted.get("gameId").asLong());
      assertThat(snap.get("players")).extracting(p -> p.get("name").asText()).containsExactly("walter", "chloe");
      assertThat(snap.get("rules").get("matchLength").asInt()).isEqualTo(3);
      // the invitation is taken: a second join finds none
      chloe.send("leave");
      chloe.send("join walter");
      chloe.await("^You are now playing with walter\\. Your running match was loaded\\.$"); // the saved match
      assertThat(chloe.transcript).noneMatch(l -> l.contains("nackgammon") || l.contains("1 point match"));

      colin.send("join");
      colin.await("^\\*\\* You are now playing a 5 point match with walter$");
    }
    page.close();
  }

  @Test
  void shoutsAreTheLobbyChat() throws Exception {
    ApiClient web = registered("wilma");
    registered("cass");
    registered("cody");
    try (ClipClient cass = new ClipClient("cass", server.fibsPort());
        ClipClient cody = new ClipClient("cody", server.fibsPort())) {
      cass.login("cass", PW);
      cody.login("cody", PW);
      cass.send("shout hello from the door");
      cass.await("^17 hello from the door$");
      cody.await("^13 cass hello from the door$");
      JsonNode history = web.get("/api/chat/lobby").json().get("messages");
      assertThat(history).anyMatch(m -> m.get("author").asText().equals("cass") && m.get("text").asText().equals("hello from the door"));

      assertThat(web.post("/api/chat/lobby", Map.of("text", "hi CLIP")).status()).isEqualTo(201);
      cass.await("^13 wilma hi CLIP$");
      cody.await("^13 wilma hi CLIP$");
      // cody gags wilma, toggles silent for shouts: he hears neither
      cody.send("gag wilma");
      cody.await("^\\*\\* You gag wilma\\.$"); // the gag holds before the next message is said
      assertThat(web.post("/api/chat/lobby", Map.of("text", "second")).status()).isEqualTo(201);
      cass.await("^13 wilma second$");
      cody.send("shout cody here");
      cass.await("^13 cody cody here$");
      assertThat(cass.transcript).noneMatch(l -> l.equals("13 cass hello from the door")); // no echo of one's own
      assertThat(cody.transcript).noneMatch(l -> l.startsWith("13 wilma second"));
    }
  }
}
