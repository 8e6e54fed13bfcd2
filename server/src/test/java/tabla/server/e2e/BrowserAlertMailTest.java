package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tabla.server.SmtpListener;
import tabla.server.kernel.MailSettings;

/**
 * Alert mails as a person meets them (issue 28): the address and the alerts' choices on the account page, a
 * correspondence turn mailed (to a mail server inside the test), the mail's link for that kind opening a page that
 * asks, its button stopping those mails, and the account page showing that kind off and the others on.
 */
class BrowserAlertMailTest {
  private static final Pattern TURNS_LINK =
      Pattern.compile("http://tabla\\.example(/unsubscribe\\?u=\\d+&k=turns&s=[\\w-]+)");
  @TempDir static Path data;
  static SmtpListener smtp;
  static E2e e2e;

  @BeforeAll
  static void start() throws Exception {
    smtp = new SmtpListener();
    e2e = E2e.start(data, c -> c.withSite(c.site().withPublicUrl("http://tabla.example"))
        .withMail(new MailSettings("127.0.0.1", smtp.port(), null, null, "tabla@tabla.example", MailSettings.Tls.NONE)));
  }

  @AfterAll
  static void stop() throws Exception {
    if (e2e != null) e2e.close();
    if (smtp != null) smtp.close();
  }

  @Test
  void aTurnIsMailedAndTheMailsLinkStopsThatKind() throws Exception {
    assumeTrue(e2e != null, E2e.MISSING);
    BrowserContext ctxA = e2e.newContext();
    BrowserContext ctxB = e2e.newContext();
    Page a = ctxA.newPage();
    Page b = ctxB.newPage();
    List<String> errors = Pages.watchErrors(a);
    Pages.watchErrors(b, errors);
    a.navigate("/#/login");
    Pages.register(a, "abe_mail");
    b.navigate("/#/login");
    Pages.register(b, "bea_mail");
    b.navigate("/account.html");
    b.locator("[data-test=email]").fill("bea@tabla.example");
    b.locator("[data-test=email-password]").fill(E2e.PASSWORD);
    b.locator("[data-test=save-email]").click();
    PlaywrightAssertions.assertThat(b.locator("[data-test=email-status]")).hasText("Address saved.");
    for (String k : List.of("turns", "deadlines", "invitations", "tournaments")) {
      PlaywrightAssertions.assertThat(b.locator("[data-test=alert-" + k + "]")).isChecked();
    }
    PlaywrightAssertions.assertThat(b.locator("[data-test=alerts-note]")).isEmpty();
    for (Path p : E2e.screenshotTargets("e2e-account-alerts.png")) b.screenshot(new Page.ScreenshotOptions().setPath(p));

    long seek = BrowserTurnAlertsTest.post(ctxA, "/api/seeks",
        "{\"rules\":{\"matchLength\":3},\"mode\":\"correspondence\",\"secondsPerMove\":86400}").get("seek").get("id").asLong();
    long game = BrowserTurnAlertsTest.post(ctxB, "/api/seeks/" + seek + "/accept", "{}").get("gameId").asLong();
    JsonNode first = BrowserTurnAlertsTest.json(ctxA.request().get("/api/games/" + game));
    if (first.get("turn").asInt() == first.get("you").asInt()) BrowserTurnAlertsTest.playTurnOverApi(ctxA, game);

    MimeMessage mail = smtp.next(30);
    assertThat(mail).as("the turn's mail").isNotNull();
    assertThat(mail.getAllRecipients()[0].toString()).isEqualTo("bea@tabla.example");
    String body = mail.getContent().toString();
    assertThat(body).contains("Game " + game + " against abe_mail: it is your turn. http://tabla.example/#/game/" + game);
    Matcher link = TURNS_LINK.matcher(body);
    assertThat(link.find()).as(body).isTrue();

    b.navigate(link.group(1));
    PlaywrightAssertions.assertThat(b.locator("h1")).hasText("Alert mails");
    PlaywrightAssertions.assertThat(b.locator("main p").first())
        .hasText("Stop mailing bea_mail about your turn in a correspondence game?");
    b.locator("[data-test=unsubscribe]").click();
    PlaywrightAssertions.assertThat(b.locator("[data-test=unsubscribed]"))
        .hasText("Done: no more mails about your turn in a correspondence game.");
    for (Path p : E2e.screenshotTargets("e2e-unsubscribed.png")) b.screenshot(new Page.ScreenshotOptions().setPath(p));

    b.navigate("/account.html");
    PlaywrightAssertions.assertThat(b.locator("[data-test=alert-turns]")).not().isChecked();
    PlaywrightAssertions.assertThat(b.locator("[data-test=alert-invitations]")).isChecked();
    // and back on from the account page
    b.locator("[data-test=alert-turns]").check();
    b.locator("[data-test=save-alerts]").click();
    PlaywrightAssertions.assertThat(b.locator("[data-test=alerts-status]")).hasText("Alerts saved.");
    b.reload();
    PlaywrightAssertions.assertThat(b.locator("[data-test=alert-turns]")).isChecked();
    assertThat(errors).isEmpty();
    ctxA.close();
    ctxB.close();
  }
}
