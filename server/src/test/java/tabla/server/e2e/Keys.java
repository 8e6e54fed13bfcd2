package tabla.server.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import com.microsoft.playwright.Page;

/** The keyboard alone: Tab until an element has the focus, then Enter; what a person without a mouse does. */
final class Keys {
  /** More Tab presses than any page here has stops. */
  private static final int MOST_TABS = 120;

  private Keys() {}

  /** Presses Tab until the focused element matches {@code css}. */
  static void tabTo(Page page, String css) {
    for (int i = 0; i < MOST_TABS; i++) {
      if ((Boolean) page.evaluate("css => !!document.activeElement && document.activeElement.matches(css)", css)) return;
      page.keyboard().press("Tab");
    }
    fail("Tab never reached " + css + "; the focus is on "
        + page.evaluate("() => document.activeElement && document.activeElement.outerHTML.slice(0, 200)"));
  }

  /** Tab to {@code css} and Enter. */
  static void press(Page page, String css) {
    tabTo(page, css);
    page.keyboard().press("Enter");
  }
}
