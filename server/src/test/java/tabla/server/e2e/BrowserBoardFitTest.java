package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import com.microsoft.playwright.options.BoundingBox;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The board sized to the window's height (issue 28): on my turn both names, both clocks, the dice, the action buttons
 * and both halves of the board are inside the window without scrolling, from a 360×640 phone to a 2560×1440 screen.
 * Screenshots: server/target/e2e/e2e-board-fit-WxH.png.
 */
class BrowserBoardFitTest extends E2eTest {
  static final int[][] SIZES = { { 1366, 768 }, { 1280, 900 }, { 390, 844 }, { 360, 640 }, { 2560, 1440 }, { 1024, 600 } };
  static final String[] SHOWN = { ".player-bar.opp .name", ".player-bar.me .name", "[data-test=clock-me]",
      "[data-test=clock-opp]", "[data-test=board] [data-test=dice]", "[data-test=confirm-move]", "[data-test=undo]",
      "[data-test=game-status]", "[data-test=board] [data-test=point-13]", "[data-test=board] [data-test=point-24]",
      "[data-test=board] [data-test=point-1]", "[data-test=board] [data-test=point-12]" };

  @Test
  void onMyTurnEveryControlAndBothClocksFitTheWindow() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    a.navigate("/#/login");
    Pages.register(a, "fit_a_e2e");
    a.locator("[data-test=match-length]").selectOption("1");
    a.locator("[data-test=mode]").selectOption("live");
    a.locator("[data-test=clock]").selectOption("custom");
    a.locator("[data-test=clock-reserve]").fill("600");
    a.locator("[data-test=clock-delay]").fill("12");
    a.locator("[data-test=create-seek]").click();
    String route = Pages.accept(b, Pages.seekOf(b, "fit_b_e2e", "fit_a_e2e"));
    a.waitForURL("**" + route);
    Pages.awaitBoard(a);
    Pages.awaitBoard(b);
    // the opening roll decides who moves first: that page is "my turn" with dice and the play's buttons
    PlaywrightAssertions.assertThat(a.locator("[data-test=my-turn], [data-test=their-turn]")).hasCount(1);
    Page mine = a.locator("[data-test=my-turn]").count() == 1 ? a : b;
    PlaywrightAssertions.assertThat(mine.locator("[data-test=confirm-move]")).isVisible();
    PlaywrightAssertions.assertThat(mine.locator("[data-test=clock-opp]")).not().hasText("");

    List<String> outside = new ArrayList<>();
    for (int[] size : SIZES) {
      int w = size[0];
      int h = size[1];
      mine.setViewportSize(w, h);
      mine.evaluate("() => window.scrollTo(0, 0)");
      // the board's room is measured again on resize: wait until the page no longer scrolls past the buttons
      mine.waitForFunction("h => { const b = document.querySelector('[data-test=confirm-move]');"
          + " return b && b.getBoundingClientRect().bottom <= h; }", h)
          .dispose();
      for (var p : E2e.screenshotTargets("e2e-board-fit-" + w + "x" + h + ".png")) {
        mine.screenshot(new Page.ScreenshotOptions().setPath(p));
      }
      for (String css : SHOWN) {
        Locator l = mine.locator(css).first();
        BoundingBox box = l.boundingBox();
        if (box == null || box.x < 0 || box.y < 0 || box.x + box.width > w + 0.5 || box.y + box.height > h + 0.5) {
          outside.add(w + "x" + h + " " + css + " " + (box == null ? "not shown" : box.x + "," + box.y + " " + box.width + "x" + box.height));
        }
      }
      Number scrolled = (Number) mine.evaluate("() => window.scrollY");
      assertThat(scrolled.doubleValue()).as("scrolled at %dx%d", w, h).isZero();
      // the board is not shrunk for nothing: at least half the window's height, or its whole width, is board
      BoundingBox board = mine.locator("[data-test=board] svg").boundingBox();
      assertThat(board.height >= h * 0.4 || board.width >= w * 0.9).as("board %sx%s at %dx%d", board.width, board.height, w, h).isTrue();
    }
    assertThat(outside).as("parts outside the window").isEmpty();
    assertThat(people.errors()).as("errors seen by the pages").isEmpty();
    people.close();
  }
}
