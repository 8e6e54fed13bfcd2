package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient.Resp;
import tabla.server.kernel.MailSettings;
import tabla.server.kernel.ServerConfig;

/**
 * Alert mails through a mail server started by the test (issue 28): a correspondence game waiting on a player with an
 * address mails them (an invitation too), with a one-click unsubscribe link that asks first (GET) and stops the mails (POST, no session);
 * a player who turned turns off, and a live game, mail nobody; the choices per kind over the API.
 */
@Timeout(120)
class AlertMailApiTest {
  private static final Pattern ONE_CLICK =
      Pattern.compile("^<http://tabla\\.example(/unsubscribe\\?u=\\d+&k=all&s=[\\w-]+)>$");
  private static SmtpListener smtp;
  private static TablaServer server;

  @BeforeAll
  static void start() throws Exception {
    smtp = new SmtpListener();
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    server = TablaServer.start(c.withSite(c.site().withPublicUrl("http://tabla.example"))
        .withMail(new MailSettings("127.0.0.1", smtp.port(), null, null, "tabla@tabla.example", MailSettings.Tls.NONE)));
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) server.close();
    if (smtp != null) smtp.close();
  }

  private static ApiClient withEmail(String prefix) {
    ApiClient p = new ApiClient(server.port()).registered(prefix);
    assertThat(p.post("/api/me/email", Map.of("password", ApiClient.PASSWORD, "email", p.name() + "@tabla.example"))
        .status()).isEqualTo(204);
    return p;
  }

  private static Resp put(ApiClient c, Object body) throws Exception {
    return c.send(c.request("/api/me/alerts").header("Content-Type", "application/json").header("X-CSRF-Token", c.csrf)
        .PUT(java.net.http.HttpRequest.BodyPublishers.ofString(ApiClient.JSON.writeValueAsString(body))));
  }

  /** What a mail program's unsubscribe button sends (RFC 8058): a form post, no cookie, no token. */
  private static Resp oneClick(String path) {
    ApiClient nobody = new ApiClient(server.port());
    return nobody.send(nobody.request(path).header("Content-Type", "application/x-www-form-urlencoded")
        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("List-Unsubscribe=One-Click")));
  }

  static long correspondence(ApiClient creator, ApiClient acceptor) {
    Resp r = creator.post("/api/seeks", Map.of("rules", Map.of("matchLength", 3), "mode", "correspondence",
        "secondsPerMove", 86400));
    assertThat(r.status()).as("seek: %s", r).isEqualTo(201);
    return acceptor.accept(r.json().get("seek").get("id").asLong());
  }

  /** Plays until it is {@code second}'s turn (seat 1). */
  static void untilTurnOf(long game, ApiClient first, ApiClient second, Random rnd) {
    var s = second.snapshot(game);
    if (s.get("turn").asInt() == s.get("you").asInt()) return;
    assertThat(TurnAlertsApiTest.passTurn(game, first, second, rnd)).isTrue();
  }

  private static MimeMessage next() throws Exception {
    MimeMessage m = smtp.next(20);
    assertThat(m).as("a mail within 20 s").isNotNull();
    return m;
  }

  private static String to(MimeMessage m) throws Exception {
    return m.getRecipients(Message.RecipientType.TO)[0].toString();
  }

  @Test
  void aCorrespondenceTurnIsMailedAndTheLinkStopsTheMails() throws Exception {
    ApiClient ann = new ApiClient(server.port()).registered("ann"); // no address: never mailed
    ApiClient ben = withEmail("ben");
    Random rnd = new Random(28);
    long game = correspondence(ann, ben);
    untilTurnOf(game, ann, ben, rnd);
    MimeMessage m = next();
    assertThat(to(m)).isEqualTo(ben.name() + "@tabla.example");
    assertThat(m.getContent().toString()).contains("Game " + game + " against " + ann.name()
        + ": it is your turn. http://tabla.example/#/game/" + game);
    Matcher link = ONE_CLICK.matcher(m.getHeader("List-Unsubscribe")[0]);
    assertThat(link.matches()).as(m.getHeader("List-Unsubscribe")[0]).isTrue();
    assertThat(m.getHeader("List-Unsubscribe-Post")[0]).isEqualTo("List-Unsubscribe=One-Click");

    // the link, with no session: GET asks and changes nothing, POST stops every alert mail of ben's
    ApiClient nobody = new ApiClient(server.port());
    Resp ask = nobody.get(link.group(1));
    assertThat(ask.status()).isEqualTo(200);
    assertThat(ask.body()).contains("Stop mailing " + ben.name() + " about every alert?", "data-test=\"unsubscribe\"");
    assertThat(ben.get("/api/me/alerts").json().get("kinds").get("turns").asBoolean()).isTrue();
    Resp forged = oneClick(link.group(1).replaceAll("s=[\\w-]+$", "s=forged"));
    assertThat(forged.status()).isEqualTo(400);
    assertThat(ben.get("/api/me/alerts").json().get("kinds").get("turns").asBoolean()).isTrue();
    Resp stop = oneClick(link.group(1));
    assertThat(stop.status()).as("%s", stop).isEqualTo(200);
    assertThat(stop.body()).contains("Done: no more mails about every alert.");
    assertThat(ben.get("/api/me/alerts").json().get("kinds").toString())
        .isEqualTo("{\"turns\":false,\"deadlines\":false,\"invitations\":false,\"tournaments\":false}");
  }

  @Test
  void turnsTurnedOffAndLiveGamesMailNobody() throws Exception {
    ApiClient ann = new ApiClient(server.port()).registered("ann"); // no address: never mailed
    ApiClient cid = withEmail("cid");
    ApiClient eve = withEmail("eve");
    ApiClient dan = withEmail("dan");
    Random rnd = new Random(29);
    assertThat(put(cid, Map.of("turns", false, "deadlines", true, "invitations", true,
        "tournaments", true)).status()).isEqualTo(204);
    assertThat(cid.get("/api/me/alerts").json().get("kinds").get("turns").asBoolean()).isFalse();
    assertThat(cid.get("/api/me/alerts").json().get("mail").asBoolean()).isTrue();
    untilTurnOf(correspondence(ann, cid), ann, cid, rnd);
    untilTurnOf(ApiClient.newGame(ann, eve, 3), ann, eve, rnd);
    // one sending thread, in order: had cid or eve been mailed, theirs would come before dan's
    untilTurnOf(correspondence(ann, dan), ann, dan, rnd);
    assertThat(to(next())).isEqualTo(dan.name() + "@tabla.example");
    assertThat(smtp.waiting()).isZero();
  }

  @Test
  void anInvitationIsMailedToTheInvited() throws Exception {
    ApiClient hal = new ApiClient(server.port()).registered("hal");
    ApiClient gus = withEmail("gus");
    Resp r = hal.post("/api/seeks", Map.of("rules", Map.of("matchLength", 1), "mode", "correspondence",
        "invite", gus.name()));
    assertThat(r.status()).as("invitation: %s", r).isEqualTo(201);
    MimeMessage m = next();
    assertThat(to(m)).isEqualTo(gus.name() + "@tabla.example");
    assertThat(m.getContent().toString()).contains(hal.name() + " invites you to a game: http://tabla.example/#/lobby",
        "No more mails about invitations to a game: http://tabla.example/unsubscribe?u=" + gus.id() + "&k=invitations&s=");
  }

  @Test
  void theChoicesAreCheckedAndGuestsHaveNone() throws Exception {
    ApiClient fay = withEmail("fay");
    assertThat(put(fay, Map.of("turns", false)).status()).isEqualTo(400);
    assertThat(put(fay, Map.of("turns", "no", "deadlines", true, "invitations", true,
        "tournaments", true)).status()).isEqualTo(400);
    assertThat(put(fay, Map.of("turns", true, "deadlines", true, "invitations", true,
        "tournaments", true, "birthdays", true)).status()).isEqualTo(400);
    assertThat(fay.get("/api/me/alerts").json().get("kinds").get("turns").asBoolean()).isTrue();
    assertThat(new ApiClient(server.port()).guest().get("/api/me/alerts").status()).isEqualTo(403);
    assertThat(new ApiClient(server.port()).get("/unsubscribe?u=1&k=all&s=x").status()).isEqualTo(400);
  }
}
