package tabla.server.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.internet.MimeMessage;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient;
import tabla.server.kernel.ServerConfig;
import tabla.server.SmtpListener;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.MailSettings;

/**
 * Issue 15, "forgot password": an account's e-mail address, and a single-use, expiring link mailed through the
 * configured SMTP server (here a listener inside the test), in the account's language.
 */
class PasswordResetMailTest {
  private static final Pattern LINK = Pattern.compile("http://tabla\\.example/reset\\.html#([0-9a-f]{64})");
  private static SmtpListener smtp;
  private static TablaServer server;

  @BeforeAll
  static void start() throws Exception {
    smtp = new SmtpListener();
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    server = TablaServer.start(c.withSite(c.site().withPublicUrl("http://tabla.example") /* http: the test client keeps no Secure cookie */)
        .withMail(new MailSettings("127.0.0.1", smtp.port(), null, null, "tabla@tabla.example", MailSettings.Tls.NONE)));
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) server.close();
    if (smtp != null) smtp.close();
  }

  private static ApiClient withEmail(String email) {
    ApiClient p = new ApiClient(server.port()).registered("mail");
    assertThat(p.post("/api/me/email", Map.of("password", ApiClient.PASSWORD, "email", email)).status()).isEqualTo(204);
    return p;
  }

  private static ApiClient anonymous() {
    return new ApiClient(server.port());
  }

  @Test
  void anAddressNeedsThePassword_andLooksLikeOne() {
    ApiClient p = new ApiClient(server.port()).registered("mail");
    assertThat(p.post("/api/me/email", Map.of("password", "wrong one", "email", "a@b.example")).status()).isEqualTo(403);
    assertThat(p.post("/api/me/email", Map.of("password", ApiClient.PASSWORD, "email", "not an address")).status())
        .isEqualTo(400);
    assertThat(p.post("/api/me/email", Map.of("password", ApiClient.PASSWORD, "email", "a".repeat(250) + "@b.example"))
        .status()).isEqualTo(400);
    assertThat(p.get("/api/me/email").json().get("email").asText()).isEmpty();
    assertThat(p.post("/api/me/email", Map.of("password", ApiClient.PASSWORD, "email", "me@b.example")).status())
        .isEqualTo(204);
    assertThat(p.get("/api/me/email").json().get("email").asText()).isEqualTo("me@b.example");
    assertThat(p.get("/api/me/email").json().get("mail").asBoolean()).isTrue();
  }

  @Test
  @Timeout(60)
  void theMailedLink_setsANewPasswordOnce_andEndsEverySession() throws Exception {
    ApiClient p = withEmail("owner@tabla.example");
    ApiClient.Resp asked = anonymous().post("/api/password/forgot", Map.of("name", p.name()));
    assertThat(asked.status()).isEqualTo(202);
    // a stranger learns nothing: an unknown name gets the same answer, and no mail
    ApiClient.Resp unknown = anonymous().post("/api/password/forgot", Map.of("name", "nobody-" + p.name()));
    assertThat(unknown.status()).isEqualTo(202);
    assertThat(unknown.body()).isEqualTo(asked.body());

    MimeMessage mail = smtp.next(30);
    assertThat(mail).as("the reset mail").isNotNull();
    assertThat(mail.getAllRecipients()[0].toString()).isEqualTo("owner@tabla.example");
    assertThat(mail.getSubject()).isEqualTo("Tabla: a new password for " + p.name());
    Matcher m = LINK.matcher(mail.getContent().toString());
    assertThat(m.find()).as("the link in %s", mail.getContent()).isTrue();
    String token = m.group(1);

    // asked again at once: the mailbox is not flooded (one mail per account per 5 minutes)
    assertThat(anonymous().post("/api/password/forgot", Map.of("name", p.name())).status()).isEqualTo(202);

    ApiClient.Resp tooShort = anonymous().post("/api/password/reset", Map.of("token", token, "password", "short"));
    assertThat(tooShort.status()).isEqualTo(400);
    ApiClient.Resp done = anonymous().post("/api/password/reset", Map.of("token", token, "password", "a fresh secret"));
    assertThat(done.status()).isEqualTo(200);
    assertThat(done.json().get("name").asText()).isEqualTo(p.name());
    assertThat(p.get("/api/me").status()).as("the old session ends").isEqualTo(401);
    assertThat(anonymous().login(p.name(), ApiClient.PASSWORD).status()).isEqualTo(401);
    assertThat(anonymous().login(p.name(), "a fresh secret").status()).isEqualTo(200);
    ApiClient.Resp again = anonymous().post("/api/password/reset", Map.of("token", token, "password", "another secret"));
    assertThat(again.status()).as("a link works once").isEqualTo(400);
    assertThat(again.error()).contains("not valid");
    assertThat(anonymous().post("/api/password/reset", Map.of("token", "0".repeat(64), "password", "another secret"))
        .status()).isEqualTo(400);
    assertThat(smtp.waiting()).as("no second mail").isZero();
  }

  @Test
  @Timeout(60)
  void theMail_isInTheAccountsLanguage_andFoundByTheAddressToo() throws Exception {
    ApiClient p = withEmail("jana@tabla.example");
    assertThat(p.post("/api/me/lang", Map.of("lang", "cs")).status()).isEqualTo(204);
    assertThat(anonymous().post("/api/password/forgot", Map.of("name", "JANA@tabla.example")).status()).isEqualTo(202);
    MimeMessage mail = smtp.next(30);
    assertThat(mail).isNotNull();
    assertThat(mail.getSubject()).isEqualTo("Tabla: nové heslo pro " + p.name());
    assertThat(mail.getContent().toString()).contains("60 minut");
  }

  @Test
  void withoutAMailServer_forgotSaysSo_andTheSiteRuns() {
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    try (TablaServer plain = TablaServer.start(c)) {
      ApiClient.Resp r = new ApiClient(plain.port()).post("/api/password/forgot", Map.of("name", "anyone"));
      assertThat(r.status()).isEqualTo(503);
      assertThat(r.error()).contains("sends no mail");
    }
  }
}
