package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A signed-out first load logs no error (the page asks /api/session, which answers 200 for nobody), and the footer
 * follows the language switch without a reload (issue 28, defect 8) and has no link to the moderation page; the tournament page has the site's header, its
 * navigation and language (defect 7).
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
    // the way to the moderation page is shown to moderators and admins only (a player's and an admin's: BrowserOpsTest)
    PlaywrightAssertions.assertThat(page.locator("[data-test=link-admin]")).hasCount(0);
    // a short refusal (.err: a rollout's on the replay, an invitation's in a notice) is red on every page, not only on
    // the operator pages
    assertThat(page.evaluate("() => { const p = document.createElement('p'); p.className = 'err';"
        + " document.getElementById('main').append(p); const c = getComputedStyle(p).color; p.remove(); return c; }"))
        .as("the colour of .err on the single-page app").isEqualTo("rgb(179, 38, 30)");
    page.locator("[data-test=lang]").selectOption("cs");
    PlaywrightAssertions.assertThat(page.locator("[data-test=nav-ratings]")).hasText("Žebříčky");
    PlaywrightAssertions.assertThat(page.locator("[data-test=link-account]")).hasText("Účet");
    PlaywrightAssertions.assertThat(page.locator("[data-test=link-tournaments]")).hasText("Turnaje");
    PlaywrightAssertions.assertThat(page.locator("[data-test=site-footer]")).hasCount(1);
    assertThat(errors).as("errors seen by the page").isEmpty();
    ctx.close();
  }

  @Test
  void theTournamentPageHasTheSiteHeaderAndItsLanguage() {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    page.navigate("/tournament.html");
    PlaywrightAssertions.assertThat(page.locator("header [data-test=nav-ratings]")).hasAttribute("href", "/#/ratings/backgammon");
    PlaywrightAssertions.assertThat(page.locator("header [data-test=nav-tournaments]")).hasText("Tournaments");
    PlaywrightAssertions.assertThat(page.locator("header [data-test=nav-login]")).isVisible();
    page.locator("header [data-test=lang]").selectOption("it");
    PlaywrightAssertions.assertThat(page.locator("header [data-test=nav-tournaments]")).hasText("Tornei");
    PlaywrightAssertions.assertThat(page.locator("header [data-test=nav-ratings]")).hasText("Classifiche");
    PlaywrightAssertions.assertThat(page.locator("[data-test=link-tournaments]")).hasText("Tornei");
    PlaywrightAssertions.assertThat(page.locator("html")).hasAttribute("lang", "it");
    assertThat(errors).as("errors seen by the page").isEmpty();
    ctx.close();
  }
}
