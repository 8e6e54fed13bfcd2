package tabla.server.e2e;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Steps through the pages that several tests share. */
final class Pages {
  private Pages() {}

  /** Registers through the login page's form; ends on the lobby, signed in. */
  static Page register(Page page, String name) {
    page.locator("[data-test=register-name]").fill(name);
    page.locator("[data-test=register-password]").fill(E2e.PASSWORD);
    page.locator("[data-test=register-submit]").click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=user-name]")).hasText(name);
    PlaywrightAssertions.assertThat(page.locator("[data-test=quick-pairing]")).isVisible();
    openCustomGame(page);
    return page;
  }

  /**
   * Opens the lobby's custom-game form (a member's is behind "Custom game…"); it stays open in this browser profile
   * on later visits, so the tests that fill it after signing up find it open.
   */
  static void openCustomGame(Page page) {
    Locator open = page.locator("[data-test=custom-game]");
    if ("false".equals(open.getAttribute("aria-expanded"))) open.click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=create-seek]")).isVisible();
  }

  /** The other person signs up and finds the creator's open seek in the lobby's list. */
  static Locator seekOf(Page acceptor, String acceptorName, String creator) {
    acceptor.navigate("/#/login");
    register(acceptor, acceptorName);
    return acceptor.locator("[data-test=seeks] tr", new Page.LocatorOptions().setHasText(creator));
  }

  /** Accepts the seek of {@code row}; returns the game's route ("#/game/ID") once the acceptor's page is there. */
  static String accept(Page acceptor, Locator row) {
    row.locator("[data-test=seek-accept]").click();
    acceptor.waitForURL("**/#/game/*");
    return acceptor.url().substring(acceptor.url().indexOf("#/game/"));
  }

  /**
   * Collects what a person would see as broken: uncaught script errors, console errors and failed
   * requests (a signed-out first load among them: the page asks {@code GET /api/session}, which answers 200).
   */
  static List<String> watchErrors(Page page) {
    return watchErrors(page, new CopyOnWriteArrayList<>());
  }

  /** As above, into a list that several pages may share. */
  static List<String> watchErrors(Page page, List<String> errors) {
    page.onPageError(e -> errors.add("page error: " + e));
    page.onConsoleMessage(m -> {
      if (!"error".equals(m.type())) return;
      if (m.text().contains("status of 409") && m.location().endsWith("/seed:0:0")) return; // a late seed: below
      errors.add("console: " + m.text() + " at " + m.location());
    });
    page.onResponse(r -> {
      if (r.status() < 400) return;
      // the board sends its share of the dice as soon as it sees a game; the game may already be decided (the
      // other player resigned, the dice were fixed): "too late" is an answer the board expects and ignores
      if (r.status() == 409 && r.request().method().equals("POST") && r.url().endsWith("/seed")) return;
      errors.add("HTTP " + r.status() + " " + r.request().method() + " " + r.url());
    });
    page.onRequestFailed(r -> {
      com.microsoft.playwright.Response answer;
      try {
        answer = r.response();
      } catch (com.microsoft.playwright.PlaywrightException closing) {
        // the page (or its browser context) is being closed: its requests end with it, no fault of the site; asking
        // for the answer then throws, and from a listener that would fail whatever the test was doing at that moment
        return;
      }
      // Chromium reports a fetch answered 204 (logout) as aborted: the answer itself was seen above
      if (answer != null) return;
      errors.add("request failed: " + r.method() + " " + r.url() + " " + r.failure());
    });
    return errors;
  }

  /** The score line of the game page: "WHITE a : b BLACK 1-point match". */
  record Score(String white, int whitePoints, int blackPoints, String black) {
    int points(String name) {
      if (name.equals(white)) return whitePoints;
      if (name.equals(black)) return blackPoints;
      throw new AssertionError(name + " is not in the score line");
    }
  }

  static Score score(String line) {
    Matcher m = Pattern.compile("^(.+) (\\d+) : (\\d+) (.+?) \\d+-point match$").matcher(line);
    if (!m.matches()) throw new AssertionError("not a score line: " + line);
    return new Score(m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), m.group(4));
  }

  /** A press of the mouse held {@code millis} on {@code target} before its release, as a slow hand clicks. */
  static void heldPress(Page page, Locator target, int millis) {
    target.scrollIntoViewIfNeeded();
    com.microsoft.playwright.options.BoundingBox box = target.boundingBox();
    page.mouse().move(box.x + box.width / 2, box.y + box.height / 2);
    page.mouse().down();
    page.waitForTimeout(millis);
    page.mouse().up();
  }

  /** Waits until the game page has drawn its board and status from the first snapshot. */
  static void awaitBoard(Page page) {
    PlaywrightAssertions.assertThat(page.locator("[data-test=board] [data-test=point-24]")).hasCount(1);
    PlaywrightAssertions.assertThat(page.locator("[data-test=game-status]")).isVisible();
  }

  /**
   * Against the computer: rolls, or lets a pass or the computer's turn go by, until it is my move with a
   * roll that can be played (the Hint button is there); at most 60 s.
   */
  static void rollUntilMyMove(Page page) {
    long deadline = System.currentTimeMillis() + 60_000;
    while (page.locator("[data-test=hint]").count() == 0) {
      org.assertj.core.api.Assertions.assertThat(System.currentTimeMillis()).as("my move came").isLessThan(deadline);
      // the controls are drawn anew with each snapshot: click whichever button is there now, in the page
      Object clicked = page.evaluate("() => { const b = document.querySelector("
          + "'[data-test=roll]:enabled, [data-test=pass]:enabled'); if (b) b.click(); return !!b; }");
      if (!Boolean.TRUE.equals(clicked)) page.waitForTimeout(100);
    }
  }

  /** As a guest, a match of {@code variant} against the random computer from the lobby, up to its board. */
  static void guestVsComputer(Page page, String variant, int length) {
    page.navigate("/#/login");
    page.locator("[data-test=guest]").click();
    // the lobby's variants come from GET /api/variants
    PlaywrightAssertions.assertThat(page.locator("[data-test=variant] option[value=" + variant + "]")).hasCount(1);
    page.locator("[data-test=variant]").selectOption(variant);
    page.locator("[data-test=match-length]").selectOption(String.valueOf(length));
    page.locator("[data-test=computer-level]").selectOption("random");
    page.locator("[data-test=play-computer]").click();
    page.waitForURL("**/#/game/*");
    awaitBoard(page);
  }
}
