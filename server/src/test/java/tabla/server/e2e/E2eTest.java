package tabla.server.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test class's server and browser, started once for the class. Without Chromium the tests are
 * reported as skipped, or fail when TABLA_E2E=1 (see {@link E2e}).
 */
abstract class E2eTest {
  @TempDir static Path data;
  static E2e e2e;

  @BeforeAll
  static void startServerAndBrowser() {
    e2e = E2e.start(data);
  }

  @BeforeEach
  void needsBrowser() {
    assumeTrue(e2e != null, E2e.MISSING);
  }

  /** Two people, each in a browser profile of their own, with the page errors of both collected in one list. */
  record TwoPeople(BrowserContext ctxA, BrowserContext ctxB, Page a, Page b, List<String> errors) {
    void close() {
      ctxA.close();
      ctxB.close();
    }
  }

  static TwoPeople twoPeople() {
    BrowserContext ctxA = e2e.newContext();
    BrowserContext ctxB = e2e.newContext();
    Page a = ctxA.newPage();
    Page b = ctxB.newPage();
    List<String> errors = Pages.watchErrors(a);
    Pages.watchErrors(b, errors);
    return new TwoPeople(ctxA, ctxB, a, b, errors);
  }

  /** A member signed up and signed in, in a browser profile of their own, with the page's errors collected. */
  record Member(BrowserContext ctx, Page page, List<String> errors) {}

  static Member member(String name) {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    page.navigate("/#/login");
    Pages.register(page, name);
    return new Member(ctx, page, errors);
  }

  @AfterAll
  static void stopServerAndBrowser() {
    if (e2e != null) e2e.close();
    e2e = null;
  }
}
