package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A signed-out first load logs no error (the page asks /api/session, which answers 200 for nobody), and the footer
 * follows the language switch without a reload (issue 28, defect 8).
 */
class BrowserFooterLanguageTest extends E2eTest {
  @Test
  void theFooterFollowsTheLanguageSwitchAndASignedOutLoadLogsNothing() {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    page.navigate("/");
    page.waitForURL("**/#/login");
    PlaywrightAssertions.assertThat(page.locator("[data-test=link-account]")).hasText("Account");
    page.locator("[data-test=lang]").selectOption("cs");
    PlaywrightAssertions.assertThat(page.locator("[data-test=nav-ratings]")).hasText("Žebříčky");
    PlaywrightAssertions.assertThat(page.locator("[data-test=link-account]")).hasText("Účet");
    PlaywrightAssertions.assertThat(page.locator("[data-test=link-tournaments]")).hasText("Turnaje");
    PlaywrightAssertions.assertThat(page.locator("[data-test=site-footer]")).hasCount(1);
    assertThat(errors).as("errors seen by the page").isEmpty();
    ctx.close();
  }
}
