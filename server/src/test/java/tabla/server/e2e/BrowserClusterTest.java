package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TwoNodes;

/**
 * The lobby across two nodes of a cluster (on PostgreSQL), each person in a browser profile of their own and on a
 * node of their own: the seek's creator on node a is taken to the board when the acceptor on node b takes it, and
 * the two chat at the board, each line reaching the other node.
 */
class BrowserClusterTest {
  @Test
  void theCreatorOnOneNodeReachesTheBoardWhenTheAcceptorOnTheOtherTakesTheSeek() {
    TestDb.POSTGRES.assume();
    assumeTrue(Files.isExecutable(E2e.chromiumPath()) || "1".equals(System.getenv("TABLA_E2E")), E2e.MISSING);
    try (TwoNodes nodes = TwoNodes.start(E2e.DICE_SEED, c -> c);
        Playwright pw = Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        Browser browser = pw.chromium().launch(new BrowserType.LaunchOptions()
            .setExecutablePath(E2e.chromiumPath()).setHeadless(true).setArgs(E2e.CHROMIUM_ARGS));
        BrowserContext onA = context(browser, nodes.a());
        BrowserContext onB = context(browser, nodes.b())) {
      Page creator = onA.newPage();
      Page acceptor = onB.newPage();
      List<String> errors = Pages.watchErrors(creator);
      Pages.watchErrors(acceptor, errors);
      creator.navigate("/#/login");
      Pages.register(creator, "erin_e2e");
      creator.locator("[data-test=match-length]").selectOption("1");
      creator.locator("[data-test=mode]").selectOption("live");
      creator.locator("[data-test=create-seek]").click();
      PlaywrightAssertions.assertThat(creator.locator("[data-test=seeks] [data-test=seek-cancel]")).isVisible();

      String route = Pages.accept(acceptor, Pages.seekOf(acceptor, "finn_e2e", "erin_e2e"));
      creator.waitForURL("**" + route, new Page.WaitForURLOptions().setTimeout(30_000));
      PlaywrightAssertions.assertThat(creator.locator("[data-test=accepted-notice]"))
          .hasText("finn_e2e accepted your game: it is on!");
      Pages.awaitBoard(creator);
      Pages.awaitBoard(acceptor);

      say(acceptor, "hello from node b");
      PlaywrightAssertions.assertThat(creator.locator("[data-test=chat-list-players]")).containsText("hello from node b");
      say(creator, "and from node a");
      PlaywrightAssertions.assertThat(acceptor.locator("[data-test=chat-list-players]")).containsText("and from node a");
      for (var p : E2e.screenshotTargets("e2e-cluster-seek-accepted.png")) creator.screenshot(new Page.ScreenshotOptions().setPath(p));
      assertThat(errors).as("errors seen by the pages").isEmpty();
    }
  }

  private static BrowserContext context(Browser browser, TablaServer node) {
    BrowserContext c = browser.newContext(new Browser.NewContextOptions()
        .setBaseURL("http://localhost:" + node.port()).setViewportSize(1280, 960).setLocale("en-GB"));
    c.setDefaultTimeout(30_000);
    return c;
  }

  private static void say(Page p, String text) {
    p.locator("[data-test=chat-input-players]").fill(text);
    p.locator("[data-test=chat-input-players]").press("Enter");
    PlaywrightAssertions.assertThat(p.locator("[data-test=chat-list-players]")).containsText(text);
  }
}
