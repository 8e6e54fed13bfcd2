package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * One person with three tabs open (issue 28, defect 4): when their seek is accepted only the tab that made it goes to
 * the board, while a second lobby tab and a ratings tab stay where they are; with two tabs on the board, the player's
 * share of the dice is sent once and never refused.
 */
class BrowserTabsTest extends E2eTest {
  @Test
  void onlyTheTabThatMadeTheSeekGoesToTheBoardAndOneTabSendsTheSeed() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    List<String> errors = people.errors();
    BrowserContext ctxA = people.ctxA();
    List<String> seeds = new CopyOnWriteArrayList<>();
    ctxA.onResponse(r -> {
      if (r.request().method().equals("POST") && r.url().endsWith("/seed")) seeds.add(r.status() + " " + r.url());
    });
    a.navigate("/#/login");
    Pages.register(a, "tabs_e2e");
    Page lobby2 = ctxA.newPage();
    Pages.watchErrors(lobby2, errors);
    lobby2.navigate("/#/lobby");
    Page ratings = ctxA.newPage();
    Pages.watchErrors(ratings, errors);
    ratings.navigate("/#/ratings/backgammon");
    PlaywrightAssertions.assertThat(lobby2.locator("[data-test=create-seek]")).isVisible();

    a.bringToFront();
    a.locator("[data-test=match-length]").selectOption("1");
    a.locator("[data-test=create-seek]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=seeks] [data-test=seek-cancel]")).isVisible();
    // the other lobby tab lists the seek as mine too, at its next poll (every 5 s while it has no seek of its own)
    PlaywrightAssertions.assertThat(lobby2.locator("[data-test=seeks] [data-test=seek-cancel]"))
        .isVisible();

    String route = Pages.accept(b, Pages.seekOf(b, "tabs_other_e2e", "tabs_e2e"));
    a.waitForURL("**" + route);
    Pages.awaitBoard(a);
    // longer than both ways a tab learns of it: the site socket at once, a lobby's poll every 2 s while a seek is mine
    lobby2.waitForTimeout(5_000);
    assertThat(lobby2.url()).as("a second lobby tab stays in the lobby").endsWith("#/lobby");
    assertThat(ratings.url()).as("a ratings tab stays on the ratings").endsWith("#/ratings/backgammon");

    // the player opens the board in a second tab as well: still one share of the dice from this browser
    lobby2.navigate("/" + route);
    Pages.awaitBoard(lobby2);
    Pages.awaitBoard(b);
    PlaywrightAssertions.assertThat(a.locator("[data-test=game-status]")).not().hasText("");
    lobby2.waitForTimeout(1_000);
    assertThat(seeds).as("the seed answers to this player's tabs").hasSize(1).allMatch(s -> s.startsWith("204 "));
    assertThat(errors).as("errors seen by the pages").isEmpty();
    people.close();
  }
}
