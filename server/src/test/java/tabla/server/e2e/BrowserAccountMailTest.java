package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
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
 * Issue 15, a forgotten password as a person lives it, in Bulgarian: the address saved on the account page, "Forgot
 * your password?" on the login page, the mailed link (caught by a mail server inside the test) opening the page that
 * sets the new password, and logging in with it. The moderation page speaks Czech.
 */
class BrowserAccountMailTest {
  private static final Pattern TOKEN = Pattern.compile("/reset\\.html#([0-9a-f]{64})");
  @TempDir static Path data;
  static SmtpListener smtp;
  static E2e e2e;

  @BeforeAll
  static void start() throws Exception {
    smtp = new SmtpListener();
    e2e = E2e.start(data, c -> c.withSite(c.site().withPublicUrl("http://tabla.example").withAdmins(java.util.Set.of("spravce")))
        .withMail(new MailSettings("127.0.0.1", smtp.port(), null, null, "tabla@tabla.example", MailSettings.Tls.NONE)));
  }

  @AfterAll
  static void stop() throws Exception {
    if (e2e != null) e2e.close();
    if (smtp != null) smtp.close();
  }

  @Test
  void aForgottenPassword_isSetAgainThroughTheMailedLink_inThePlayersLanguage() throws Exception {
    assumeTrue(e2e != null, E2e.MISSING);
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    page.navigate("/#/login");
    Pages.register(page, "zaboravil");
    page.locator("[data-test=lang]").selectOption("bg");

    page.navigate("/account.html");
    assertThat(page.locator("main h1")).hasText("Профил: zaboravil");
    page.locator("[data-test=email]").fill("zaboravil@tabla.example");
    page.locator("[data-test=email-password]").fill(E2e.PASSWORD);
    page.locator("[data-test=save-email]").click();
    assertThat(page.locator("[data-test=email-status]")).hasText("Адресът е запазен.");
    for (Path p : E2e.screenshotTargets("e2e-account-bg.png")) page.screenshot(new Page.ScreenshotOptions().setPath(p));

    // signed out, the login page offers the way back in
    page.navigate("/#/lobby");
    page.locator("[data-test=logout]").click();
    page.locator("[data-test=forgot]").click();
    assertThat(page.locator("main h1")).hasText("Забравена парола");
    page.locator("[data-test=reset-name]").fill("zaboravil");
    page.locator("[data-test=reset-send]").click();
    assertThat(page.locator("[data-test=reset-status]")).containsText("връзката е на път");

    MimeMessage mail = smtp.next(30);
    assertThat(mail).as("the reset mail").isNotNull();
    assertThat(mail.getSubject()).isEqualTo("Tabla: нова парола за zaboravil");
    Matcher m = TOKEN.matcher(mail.getContent().toString());
    assertThat(m.find()).isTrue();

    page.navigate("/reset.html#" + m.group(1));
    assertThat(page.locator("main h1")).hasText("Изберете нова парола");
    page.locator("[data-test=reset-password]").fill("a brand new secret");
    page.locator("[data-test=reset-save]").click();
    assertThat(page.locator("[data-test=reset-status]")).containsText("Паролата на zaboravil е зададена");
    for (Path p : E2e.screenshotTargets("e2e-password-reset-bg.png")) page.screenshot(new Page.ScreenshotOptions().setPath(p));
    assertThat(page.url()).doesNotContain(m.group(1));
    page.locator("[data-test=reset-login]").click();
    page.locator("[data-test=login-name]").fill("zaboravil");
    page.locator("[data-test=login-password]").fill("a brand new secret");
    page.locator("[data-test=login-submit]").click();
    assertThat(page.locator("[data-test=user-name]")).hasText("zaboravil");
    assertThat(errors).isEmpty();
    ctx.close();
  }

  @Test
  void theModerationPage_speaksTheAdminsLanguage() {
    assumeTrue(e2e != null, E2e.MISSING);
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    page.navigate("/#/login");
    Pages.register(page, "spravce");
    page.locator("[data-test=lang]").selectOption("cs");
    page.navigate("/admin.html");
    assertThat(page.locator("main h1")).hasText("Moderování");
    assertThat(page.locator("main")).containsText("Přihlášen(a) jako spravce (správce).");
    page.locator("[data-test=motd-text]").fill("Klubový večer v pátek");
    page.locator("[data-test=motd-save]").click();
    assertThat(page.locator("[data-test=notices-status]")).hasText("Zpráva dne uložena");
    for (Path p : E2e.screenshotTargets("e2e-admin-cs.png")) page.screenshot(new Page.ScreenshotOptions().setPath(p));
    ctx.close();
  }
}
