package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Route;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Against the computer: the Position ID:Match ID and XGID lines under the board and their copy
 * buttons, the Hint button, and a play typed on the keyboard (checked by the server).
 */
class BrowserBoardToolsTest extends E2eTest {
  @Test
  void idLineCopiedHintShownAndATypedMovePlayed() {
    BrowserContext ctx = e2e.newContext();
    ctx.grantPermissions(List.of("clipboard-read", "clipboard-write"));
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    Pages.guestVsComputer(page, "backgammon", 3);

    Pages.rollUntilMyMove(page);

    // the IDs under the board, copied with their buttons
    var gnubg = page.locator("[data-test=gnubg-id]");
    PlaywrightAssertions.assertThat(gnubg).hasText(Pattern.compile("^[A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12}$"));
    PlaywrightAssertions.assertThat(page.locator("[data-test=xgid]")).hasText(Pattern.compile("^XGID=[-a-oA-O]{26}:\\d+:-?\\d:-?1:\\d\\d:\\d+:\\d+:\\d:3:\\d+$"));
    page.locator("[data-test=copy-gnubg-id]").click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=copy-gnubg-id]")).hasText("Copied");
    assertThat(page.evaluate("navigator.clipboard.readText()")).isEqualTo(gnubg.innerText());
    page.locator("[data-test=copy-xgid]").click();
    assertThat(page.evaluate("navigator.clipboard.readText()")).isEqualTo(page.locator("[data-test=xgid]").innerText());

    // a hint answered after a checker moved is for a position the board no longer shows: it is dropped
    List<Route> held = new CopyOnWriteArrayList<>();
    page.route("**/api/games/*/hint", held::add);
    page.locator("[data-test=hint]").click();
    page.waitForCondition(() -> !held.isEmpty());
    oneStep(page);
    page.waitForResponse("**/hint", () -> held.get(0).resume());
    page.unroute("**/api/games/*/hint");
    page.waitForTimeout(300); // the page reads the answer
    PlaywrightAssertions.assertThat(page.locator("[data-test=hint-list]")).hasCount(0);
    page.locator("[data-test=undo]").click();

    // the hint: the computer's best plays for this roll. The controls are drawn anew with them: what the player had
    // typed stays in its box
    page.locator("[data-test=move-input]").fill("24/1");
    page.locator("[data-test=hint]").click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=hint-list]")).isVisible();
    PlaywrightAssertions.assertThat(page.locator("[data-test=move-input]")).hasValue("24/1");
    int hints = page.locator("[data-test=hint-play]").count();
    assertThat(hints).isBetween(1, 5);
    String best = page.locator("[data-test=hint-play]").first().innerText();
    for (var p : E2e.screenshotTargets("e2e-hint-and-ids.png")) page.screenshot(new Page.ScreenshotOptions().setPath(p).setFullPage(true));

    // "swap dice" (BrainKing): with two different dice the right one may be played first; the one builder offers it
    String diceJs = "() => [...document.querySelectorAll('[data-test=board] [data-test=die]')]"
        + ".map((d) => d.querySelectorAll('circle').length)";
    List<?> dice = (List<?>) page.evaluate(diceJs);
    boolean swapped = dice.size() == 2 && !dice.get(0).equals(dice.get(1));
    if (swapped) {
      page.locator("[data-test=swap-dice]").click();
      assertThat(page.evaluate(diceJs)).as("the dice after a swap").isEqualTo(List.of(dice.get(1), dice.get(0)));
    }

    // a typed play the rules refuse: the server says why, nothing changes
    int entries = page.locator("[data-test=history] .entry").count();
    page.locator("[data-test=move-input]").fill("24/1");
    page.locator("[data-test=move-input]").press("Enter");
    // (why depends on the roll, which the player's share of the dice makes differ from run to run: "… the roll 6-5",
    // or "point 12 is blocked" with 6-6)
    PlaywrightAssertions.assertThat(page.locator("[data-test=error]")).hasText(Pattern.compile("the roll|is blocked"));
    assertThat(page.locator("[data-test=history] .entry").count()).isEqualTo(entries);
    // the best play, typed: played
    page.locator("[data-test=move-input]").fill(best);
    page.locator("[data-test=move-send]").click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=history] .entry.move",
        new Page.LocatorOptions().setHasText(best)).first()).isVisible();
    PlaywrightAssertions.assertThat(page.locator("[data-test=hint]")).hasCount(0);
    errors.removeIf(e -> e.contains("/actions")); // the refused play answered 400, as it should
    assertThat(errors).as("errors seen by the page").isEmpty();
    System.out.printf("e2e board tools: %d hints, best %s, id %s, dice %s%s%n", hints, best, gnubg.innerText(), dice,
        swapped ? " swapped" : " (a double: nothing to swap)");
    ctx.close();
  }

  /** One step of a play on the board: a checker that can move (a tap selects it), then its first destination. */
  private static void oneStep(Page page) {
    Object from = page.evaluate("() => document.querySelector('[data-test=board] .movable').getAttribute('data-point')");
    page.locator("[data-test=board] [data-point=\"" + from + "\"]").click();
    page.locator("[data-test=board] .target").first().click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=undo]")).isEnabled();
  }
}
