package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The accessible board (issue 28): a guest plays a whole 1-point match against the computer with the keyboard alone
 * (no mouse: Tab, the arrow keys, Enter), hears the moves through the live region and asks for the position in words;
 * the checkers that move are animated, and are not under prefers-reduced-motion.
 */
class BrowserKeyboardGameTest extends E2eTest {
  @Test
  void aWholeGameWithTheKeyboardAlone() {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    page.navigate("/#/login");
    Keys.press(page, "[data-test=guest]");
    Keys.tabTo(page, "[data-test=match-length]");
    page.keyboard().press("Home"); // money play, the first option
    page.keyboard().press("ArrowDown"); // the next: a 1-point match
    PlaywrightAssertions.assertThat(page.locator("[data-test=match-length]")).hasValue("1");
    Keys.tabTo(page, "[data-test=computer-level]");
    page.keyboard().press("b"); // Beginner: the quickest computer
    PlaywrightAssertions.assertThat(page.locator("[data-test=computer-level]")).hasValue("beginner");
    Keys.press(page, "[data-test=play-computer]");
    page.waitForURL("**/#/game/*");
    Pages.awaitBoard(page);

    // the board is one group of labelled places behind one Tab stop
    PlaywrightAssertions.assertThat(page.locator("[data-test=board] svg")).hasAttribute("role", "group");
    PlaywrightAssertions.assertThat(page.locator("[data-test=board] [data-nav][tabindex='0']")).hasCount(1);
    PlaywrightAssertions.assertThat(page.locator("[data-test=point-24]")).hasAttribute("aria-label",
        java.util.regex.Pattern.compile("^Point 24: .+"));

    BoardPlayer me = BoardPlayer.byKeyboard(page, "guest");
    long deadline = System.currentTimeMillis() + 180_000;
    boolean described = false;
    // a checker that arrives is animated, and is not once the system asks for reduced motion
    String arrivedAnimation = "() => { const c = document.querySelector('[data-test=board] .checker.arrived');"
        + " return c ? getComputedStyle(c).animationName : null; }";
    boolean animated = false;
    boolean still = false;
    for (int i = 0; i < 5_000 && !me.finished(); i++) {
      if (System.currentTimeMillis() > deadline) fail("the game did not end in time: " + me.plays + " plays; " + me.describe());
      if (!described && "move".equals(me.state())) {
        // the position in words, on demand; the dice said through the live region
        Keys.press(page, "[data-test=describe]");
        PlaywrightAssertions.assertThat(page.locator("[data-test=position-text]")).containsText("pips");
        PlaywrightAssertions.assertThat(page.locator("[data-test=announce]")).containsText("Dice");
        described = true;
      }
      if (!me.act()) page.waitForTimeout(20);
      Object animation = page.evaluate(arrivedAnimation);
      if (!animated && "checker-arrive".equals(animation)) {
        animated = true;
        page.emulateMedia(new Page.EmulateMediaOptions().setReducedMotion(com.microsoft.playwright.options.ReducedMotion.REDUCE));
      } else if (animated && "none".equals(animation)) {
        still = true;
      }
    }
    if (animated && !still) {
      // the game ended before another checker arrived under the reduced motion: one of the board's checkers is
      // marked as arrived, as the page marks one, and the stylesheet must still not animate it
      still = "none".equals(page.evaluate("() => { const c = document.querySelector('[data-test=board] .checker');"
          + " c.classList.add('arrived'); return getComputedStyle(c).animationName; }"));
    }
    assertThat(me.finished()).as("the page shows the game over").isTrue();
    assertThat(me.plays).as("plays sent with the keyboard").isGreaterThan(5);
    assertThat(me.steps).as("checkers moved with the arrow keys and Enter").isGreaterThan(10);
    assertThat(described).isTrue();
    assertThat(animated).as("a checker's arrival animated").isTrue();
    assertThat(still).as("no animation under prefers-reduced-motion").isTrue();
    assertThat(errors).as("errors seen by the page").isEmpty();
    // the live region said the end, as the status line does
    PlaywrightAssertions.assertThat(page.locator("[data-test=announce]")).containsText(me.status());
    assertThat(me.checkers()).isEqualTo(BrowserMatchTest.FIFTEEN_EACH);
    System.out.printf("e2e keyboard game: %s; %d plays, %d steps%n", me.status(), me.plays, me.steps);
    ctx.close();
  }
}
