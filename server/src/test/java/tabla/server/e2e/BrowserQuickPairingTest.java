package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import org.junit.jupiter.api.Test;

/**
 * Quick pairing in the lobby (issue 28): the first person's click on "Blitz · 3-point match" opens a seek with those
 * settings; the second person's click on the same button joins it, and both are at the board of a 3-point match on
 * the blitz clock.
 */
class BrowserQuickPairingTest extends E2eTest {
  @Test
  void oneClickSeeksAndTheSameClickJoins() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    a.navigate("/#/login");
    Pages.register(a, "quick_a_e2e");
    a.locator("[data-test=quick-blitz-3]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=seeks] [data-test=seek-cancel]")).isVisible();
    PlaywrightAssertions.assertThat(a.locator("[data-test=seeks] [data-test=seek-clock]")).hasText("1 minute a point + 8 s a move");

    b.navigate("/#/login");
    Pages.register(b, "quick_b_e2e");
    // a seek of another length is not joined: the same click opens one of its own
    b.locator("[data-test=quick-blitz-1]").click();
    PlaywrightAssertions.assertThat(b.locator("[data-test=seeks] [data-test=seek-cancel]")).isVisible();
    assertThat(b.url()).endsWith("#/lobby");
    b.locator("[data-test=quick-blitz-3]").click();
    b.waitForURL("**/#/game/*");
    String route = b.url().substring(b.url().indexOf("#/game/"));
    a.waitForURL("**" + route);
    Pages.awaitBoard(a);
    Pages.awaitBoard(b);
    PlaywrightAssertions.assertThat(b.locator("[data-test=score]")).containsText("3-point match");
    PlaywrightAssertions.assertThat(b.locator("[data-test=clock-me]")).containsText("3:00");
    assertThat(people.errors()).as("errors seen by the pages").isEmpty();
    people.close();
  }
}
