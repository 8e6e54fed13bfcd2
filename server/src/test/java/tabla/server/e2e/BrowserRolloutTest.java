package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.LocatorAssertions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 item 3: on a record's analysis a member rolls out the position before one of the worst plays (a few
 * trials, truncated, so it is quick) and sees the equity and the chances with their standard errors.
 */
class BrowserRolloutTest extends E2eTest {
  @Test
  void aMemberRollsOutAPositionOfTheAnalysisAndSeesItsFigures() throws Exception {
    Member m = member("roller");
    Page page = m.page();
    List<String> errors = m.errors();
    page.navigate("/records.html");
    page.locator("[data-test=record-file]").setInputFiles(BrowserRecordUploadTest.MATCH7);
    page.locator("[data-test=record-depth]").selectOption("0");
    page.locator("[data-test=record-upload]").click();
    Locator worst = page.locator("[data-test=worst-plays] li").first();
    assertThat(worst).isVisible(new LocatorAssertions.IsVisibleOptions().setTimeout(60_000));

    worst.locator("[data-test=rollout-open]").click();
    worst.locator("[data-test=rollout-trials-input]").fill("36");
    worst.locator("[data-test=rollout-truncate]").fill("2");
    worst.locator("[data-test=rollout-start]").click();
    Locator result = worst.locator("[data-test=rollout-result]");
    assertThat(result).isVisible(new LocatorAssertions.IsVisibleOptions().setTimeout(60_000));
    assertThat(result.locator("[data-test=ro-equity]")).containsText("±");
    assertThat(result.locator("[data-test=ro-win]")).containsText("%");
    assertThat(result.locator("[data-test=ro-loseBackgammon]")).containsText("±");
    assertThat(result.locator("[data-test=rollout-trials]")).containsText("36");
    for (Path p : E2e.screenshotTargets("e2e-rollout.png")) page.screenshot(new Page.ScreenshotOptions().setPath(p));

    // listed among the member's rollouts on a fresh visit
    page.reload();
    assertThat(page.locator("[data-test=rollouts] [data-test=rollout-item]")).hasCount(1);
    assertThat(page.locator("[data-test=rollouts] [data-test=rollout-item]")).hasAttribute("data-state", "done");
    assertThat(errors).isEmpty();
  }
}
