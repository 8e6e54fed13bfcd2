package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.APIResponse;
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
 * buttons, the Hint button, and a play typed on the keyboard (checked by the server; a refused one explained in the
 * page's language).
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
    markHintRead(page);
    page.locator("[data-test=hint]").click();
    page.waitForCondition(() -> !held.isEmpty());
    oneStep(page);
    held.get(0).resume();
    page.waitForFunction("() => window.hintRead === 1"); // the page has read the answer and judged it
    page.unroute("**/api/games/*/hint");
    PlaywrightAssertions.assertThat(page.locator("[data-test=hint-list]")).hasCount(0);
    page.locator("[data-test=undo]").click();
    // back at the turn's start: nothing to take back, the play to compose from the beginning
    PlaywrightAssertions.assertThat(page.locator("[data-test=undo]")).isDisabled();
    PlaywrightAssertions.assertThat(page.locator("[data-test=pending-move].prompt")).isVisible();

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

    // "swap dice" (BrainKing): with two different dice the right one may be played first, when the position lets it
    // (the dice differ from run to run: the browser adds its own seed to them, so whether it does is asked of the
    // server's legal plays)
    String diceJs = "() => [...document.querySelectorAll('[data-test=board] [data-test=die]')]"
        + ".map((d) => d.querySelectorAll('circle').length)";
    List<?> dice = (List<?>) page.evaluate(diceJs);
    JsonNode snap = snapshot(ctx, page);
    List<Integer> rolled = List.of(snap.get("dice").get(0).asInt(), snap.get("dice").get(1).asInt());
    assertThat(dice.subList(0, 2)).as("the dice on the board (a double shows four)").isEqualTo(rolled);
    boolean swappable = !rolled.get(0).equals(rolled.get(1)) && rightDieFirst(snap);
    PlaywrightAssertions.assertThat(page.locator("[data-test=swap-dice]")).hasCount(swappable ? 1 : 0);
    if (swappable) {
      page.locator("[data-test=swap-dice]").click();
      assertThat(page.evaluate(diceJs)).as("the dice after a swap").isEqualTo(List.of(dice.get(1), dice.get(0)));
    }

    // a typed play the rules refuse: the server says why, nothing changes
    int entries = page.locator("[data-test=history] .entry").count();
    page.locator("[data-test=move-input]").fill("24/1");
    page.locator("[data-test=move-input]").press("Enter");
    // (why depends on the roll, which the player's share of the dice makes differ from run to run: "… the roll 6-5
    // gives 11", or with 6-6 "point 12 is blocked", or a checker on the bar must enter first)
    PlaywrightAssertions.assertThat(page.locator("[data-test=error]"))
        .hasText(Pattern.compile("the roll|is blocked|the bar|no die of|no checker on|further than", Pattern.CASE_INSENSITIVE));
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
        swappable ? " swapped" : " (not swappable: a double, or the right die cannot go first)");
    ctx.close();
  }

  @Test
  void aTypedPlayTheRulesRefuseIsExplainedInThePagesLanguage() {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    page.navigate("/");
    BrowserAccessibilityTest.setLang(page, "it");
    Pages.guestVsComputer(page, "backgammon", 1);
    Pages.rollUntilMyMove(page);
    page.locator("[data-test=move-input]").fill("24/1");
    page.locator("[data-test=move-input]").press("Enter");
    // the engine's reason, which depends on the roll, in the Italian catalogue's words (refusal.game.*), not the
    // server's English sentence
    var error = page.locator("[data-test=error]");
    PlaywrightAssertions.assertThat(error).hasText(Pattern.compile("il tiro|bloccata|barra|Nessun dado|Non c'è una pedina"
        + "|va oltre|Non si entra|Devi usare|un solo dado|Mossa non valida|Non si può giocare|esce"));
    assertThat(error.innerText()).doesNotContain("the roll", "is blocked", "the bar", "no die of", "further than");
    errors.removeIf(e -> e.contains("/actions")); // the refused play answered 400, as it should
    assertThat(errors).as("errors seen by the page").isEmpty();
    ctx.close();
  }

  /**
   * One step of a play on the board: a checker that can move (a tap selects it), then its nearest destination, which
   * one die reaches (a farther one may take both dice, two steps, and Undo takes back one step at a time).
   */
  private static void oneStep(Page page) {
    Object from = page.evaluate("() => document.querySelector('[data-test=board] .movable').getAttribute('data-point')");
    page.locator("[data-test=board] [data-point=\"" + from + "\"]").click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=board] .target").first()).isVisible();
    // the mover's points count down to 0 (off) from 25 (the bar): the nearest destination has the highest number
    Object to = page.evaluate("() => Math.max(...[...document.querySelectorAll('[data-test=board] .target')]"
        + ".map((t) => Number(t.getAttribute('data-point'))))");
    page.locator("[data-test=board] [data-point=\"" + to + "\"]").click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=undo]")).isEnabled();
    PlaywrightAssertions.assertThat(page.locator("[data-test=pending-move]"))
        .hasText(Pattern.compile("^(bar|\\d+)/(off|\\d+)\\*?$"));
  }

  /**
   * Marks in the page when the answer to a hint has been read ({@code window.hintRead} counts them): the page's
   * own handling of it (shown or dropped) runs in the same turn, so once the mark is seen the page has judged it.
   */
  private static void markHintRead(Page page) {
    page.evaluate("() => { const f = window.fetch; window.hintRead = 0; window.fetch = (url, opts) => {"
        + " const sent = f(url, opts); if (!String(url).endsWith('/hint')) return sent;"
        + " return sent.then((res) => { const text = res.text.bind(res);"
        + " res.text = () => text().then((body) => { window.hintRead += 1; return body; }); return res; }); }; }");
  }

  /** The game's snapshot as this browser's player sees it (the same session). */
  private static JsonNode snapshot(BrowserContext ctx, Page page) {
    String url = page.url();
    String id = url.substring(url.lastIndexOf('/') + 1);
    APIResponse r = ctx.request().get("/api/games/" + id);
    assertThat(r.status()).as("snapshot").isEqualTo(200);
    try {
      return new ObjectMapper().readTree(r.text());
    } catch (JsonProcessingException e) {
      throw new AssertionError("snapshot: " + r.text(), e);
    }
  }

  /**
   * Whether some legal play has a step of the right-hand die (or a bear-off it allows that the left one does not) from
   * a point where the player has a checker at the turn's start: BrainKing's condition for "swap dice".
   */
  private static boolean rightDieFirst(JsonNode snap) {
    int left = snap.get("dice").get(0).asInt();
    int right = snap.get("dice").get(1).asInt();
    JsonNode mine = snap.get("board").get("p" + snap.get("you").asInt()); // 1..24, 25 the bar
    for (JsonNode play : snap.get("legalPlays")) {
      for (JsonNode step : play.get("steps")) {
        int from = step.get(0).asInt();
        int to = step.get(1).asInt();
        if (mine.get(from).asInt() == 0) continue;
        if (from - to == right || (to == 0 && from - to < right && from - to > left)) return true;
      }
    }
    return false;
  }
}
