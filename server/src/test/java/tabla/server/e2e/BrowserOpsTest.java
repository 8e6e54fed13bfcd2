package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import tabla.server.kernel.ServerConfig;
import tabla.server.ops.SecurityHeaders;

/** The pages pass their Content Security Policy; the moderation page bans a player and posts a message of the day. */
class BrowserOpsTest extends E2eTest {

  /** Every console line about the policy (Chromium: "Refused to … because it violates … Content Security Policy"). */
  private static List<String> watchCsp(Page page) {
    List<String> violations = new CopyOnWriteArrayList<>();
    page.onConsoleMessage(m -> {
      if (m.text().contains("Content Security Policy") || m.text().startsWith("Refused to")) violations.add(m.text());
    });
    return violations;
  }

  @Test
  void noPageViolatesItsContentSecurityPolicy() {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> csp = watchCsp(page);
    List<String> errors = Pages.watchErrors(page);
    Response doc = page.navigate("/#/login");
    assertThat(doc.headers().get("content-security-policy")).isEqualTo(SecurityHeaders.CSP);
    Pages.register(page, "csp_e2e");
    // a game against the computer: the board, its SVG, the WebSocket
    page.locator("[data-test=match-length]").selectOption("1");
    page.locator("[data-test=computer-level]").selectOption("random");
    page.locator("[data-test=play-computer]").click();
    page.waitForURL("**/#/game/*");
    Pages.awaitBoard(page);
    page.navigate("/account.html");
    assertThat(page.locator("[data-test=change-password]")).isVisible();
    page.navigate("/invite.html?code=abc");
    assertThat(page.locator("[data-test=invite-register]")).isVisible();
    page.navigate("/#/lobby");
    assertThat(page.locator("[data-test=create-seek]")).isVisible();
    page.waitForTimeout(500);
    assertThat(csp).as("CSP violations").isEmpty();
    assertThat(errors).as("errors").isEmpty();

    // The watcher sees a violation when there is one: an inline script is refused.
    page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.inlineRan = true'; document.body.append(s); }");
    page.waitForTimeout(300);
    assertThat(page.evaluate("() => window.inlineRan === true")).isEqualTo(false);
    assertThat(csp).as("the policy blocks inline script and the console says so").isNotEmpty();
    ctx.close();
  }

  @Test
  void theModerationPageBansAPlayerAndPostsAMessageOfTheDay() throws Exception {
    BrowserContext adminCtx = e2e.newContext();
    Page admin = adminCtx.newPage();
    List<String> adminCsp = watchCsp(admin);
    admin.navigate("/#/login");
    Pages.register(admin, "boss_e2e");
    makeAdmin("boss_e2e");

    BrowserContext playerCtx = e2e.newContext();
    Page player = playerCtx.newPage();
    player.navigate("/#/login");
    Pages.register(player, "pest_e2e");
    // the footer's way to the moderation page: not for a player, there for the admin (signed out: BrowserFooterLanguageTest)
    assertThat(player.locator("[data-test=link-records]")).isVisible();
    assertThat(player.locator("[data-test=link-admin]")).hasCount(0);

    admin.navigate("/admin.html");
    assertThat(admin.locator("main h1")).hasText("Moderation");
    assertThat(admin.locator("[data-test=link-admin]")).hasAttribute("href", "/admin.html");
    admin.locator("[data-test=user-search]").fill("pest");
    assertThat(admin.locator("[data-test=user-row]")).hasCount(1);
    admin.locator("[data-test=user-row] [data-test=ban-reason]").fill("spamming the lobby");
    admin.locator("[data-test=user-row] [data-test=ban]").click();
    assertThat(admin.locator("[data-test=users-status]")).hasText("pest_e2e banned");
    assertThat(admin.locator("[data-test=user-row]")).containsText("banned: spamming the lobby");

    // The banned player's session is gone: a reload lands on the login page, and logging in is refused.
    player.reload();
    player.waitForURL("**/#/login");
    player.locator("[data-test=login-name]").fill("pest_e2e");
    player.locator("[data-test=login-password]").fill(E2e.PASSWORD);
    player.locator("[data-test=login-submit]").click();
    assertThat(player.locator("[data-test=login-error]")).containsText("banned: spamming the lobby");

    admin.locator("[data-test=motd-text]").fill("Club night on Friday at 19:00");
    admin.locator("[data-test=motd-save]").click();
    assertThat(admin.locator("[data-test=notices-status]")).hasText("Message of the day saved");
    for (Path file : E2e.screenshotTargets("admin-page.png")) {
      Files.createDirectories(file.getParent());
      admin.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(true));
    }

    // Any visitor sees it atop the page.
    BrowserContext visitorCtx = e2e.newContext();
    Page visitor = visitorCtx.newPage();
    visitor.navigate("/#/login");
    assertThat(visitor.locator("[data-test=notice-motd]")).containsText("Club night on Friday at 19:00");
    assertThat(adminCsp).isEmpty();
    adminCtx.close();
    playerCtx.close();
    visitorCtx.close();
  }

  private static void makeAdmin(String name) throws Exception {
    try (Connection c = DriverManager.getConnection(ServerConfig.h2Url(data), "tabla", "");
        PreparedStatement st = c.prepareStatement("UPDATE users SET role = 'admin' WHERE name = ?")) {
      st.setString(1, name);
      assertThat(st.executeUpdate()).isEqualTo(1);
    }
  }
}
