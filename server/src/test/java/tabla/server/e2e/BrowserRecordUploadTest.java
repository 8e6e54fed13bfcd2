package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.LocatorAssertions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.bot.Analysis;
import tabla.core.record.SgfFormat;

/**
 * Issue 27: a member uploads a gnubg .sgf file on the records page and sees the computer's figures for each player
 * (the bot's, at the depth chosen); a broken record pasted is refused with the line it breaks at.
 */
class BrowserRecordUploadTest extends E2eTest {
  static final Path MATCH7 = E2e.repoRoot().resolve("core/src/test/resources/records/gnubg_match7.sgf");

  @Test
  void anUploadedSgfShowsEachPlayersFiguresAndABrokenOneItsLine() throws Exception {
    Member m = member("archivist");
    Page page = m.page();
    List<String> errors = m.errors();

    page.navigate("/records.html");
    page.locator("[data-test=record-text]").fill("(;FF[4]GM[6]MI[length:7]\n;B[21zzzz])");
    page.locator("[data-test=record-upload]").click();
    assertThat(page.locator("[data-test=record-status]")).containsText("line 2");
    assertThat(page.locator("[data-test=records]")).containsText("No records yet.");
    errors.removeIf(e -> e.contains("400") && e.contains("/api/records")); // the broken record refused, as it should

    page.locator("[data-test=record-text]").fill("");
    page.locator("[data-test=record-file]").setInputFiles(MATCH7);
    page.locator("[data-test=record-depth]").selectOption("0");
    page.locator("[data-test=record-upload]").click();
    var r = SgfFormat.read(Files.readString(MATCH7)).get();
    assertThat(page.locator("[data-test=record-title]")).containsText(r.info().player0());
    Locator rates = page.locator("[data-test=record-analysis] [data-test^=error-rate-]");
    assertThat(rates).hasCount(2, new LocatorAssertions.HasCountOptions().setTimeout(60_000));
    Analysis.Report expected = Analysis.analyse(r.match(), 0);
    for (int p = 0; p < 2; p++) {
      double shown = Double.parseDouble(page.locator("[data-test=error-rate-" + p + "]").getAttribute("data-rate"));
      assertThat(shown).isEqualTo(Math.round(expected.errorRate(p) * 10) / 10.0);
    }
    assertThat(page.locator("[data-test=worst-plays] li")).not().hasCount(0);
    assertThat(page.locator("[data-test=records] [data-test=record]")).hasCount(1);
    for (Path p : E2e.screenshotTargets("e2e-record-analysis.png")) page.screenshot(new Page.ScreenshotOptions().setPath(p));

    // the page's address is the record's link: another visitor sees the same figures
    String link = page.url();
    Page other = e2e.newContext().newPage();
    other.navigate(link);
    assertThat(other.locator("[data-test=record-analysis] [data-test=error-rate-0]"))
        .hasAttribute("data-rate", page.locator("[data-test=error-rate-0]").getAttribute("data-rate"));
    assertThat(errors).isEmpty();
  }
}
