package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Against the computer in Plakoto: the Hint button is there (its own network judges), and its best play is played. */
class BrowserVariantHintTest extends E2eTest {
  @Test
  void aPlakotoHintFromItsNetworkIsPlayed() {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    Pages.guestVsComputer(page, "plakoto", 1);

    Pages.rollUntilMyMove(page);
    page.locator("[data-test=hint]").click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=hint-list]")).isVisible();
    int hints = page.locator("[data-test=hint-play]").count();
    assertThat(hints).isBetween(1, 5);
    String best = page.locator("[data-test=hint-play]").first().innerText();
    for (var p : E2e.screenshotTargets("e2e-plakoto-hint.png")) page.screenshot(new Page.ScreenshotOptions().setPath(p).setFullPage(true));
    page.locator("[data-test=hint-play]").first().click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=history] .entry.move",
        new Page.LocatorOptions().setHasText(best)).first()).isVisible();
    assertThat(errors).as("errors seen by the page").isEmpty();
    ctx.close();
  }
}
