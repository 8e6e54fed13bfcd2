package tabla.server.e2e;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;

/**
 * Ratings in the lobby. A seek with a rating range, from both sides: the creator fills the two fields of the seek form; a newcomer
 * (rated 1500) sees the range in the list and that seek greyed out with its Accept disabled, while an open seek of
 * the same creator stays acceptable.
 */
class BrowserSeekRatingRangeTest extends E2eTest {
  @Test
  void aSeekOutsideMyRatingIsGreyedOut() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    a.navigate("/#/login");
    Pages.register(a, "rangeA_e2e");
    a.locator("[data-test=match-length]").selectOption("1");
    a.locator("[data-test=create-seek]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=seeks] [data-test=seek-cancel]")).hasCount(1);
    a.locator("[data-test=rating-min]").fill("1600");
    a.locator("[data-test=rating-max]").fill("1800");
    for (var p : E2e.screenshotTargets("e2e-seek-rating-form.png")) {
      a.locator(".new-game").screenshot(new Locator.ScreenshotOptions().setPath(p));
    }
    a.locator("[data-test=create-seek]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=seeks] [data-test=seek-cancel]")).hasCount(2);
    PlaywrightAssertions.assertThat(a.locator("[data-test=seeks] [data-test=seek-range]").first()).hasText("1600–1800");

    Pages.seekOf(b, "rangeB_e2e", "rangeA_e2e");
    Locator rows = b.locator("[data-test=seeks] tr");
    PlaywrightAssertions.assertThat(rows).hasCount(2);
    Locator ranged = rows.filter(new Locator.FilterOptions().setHasText("1600–1800"));
    PlaywrightAssertions.assertThat(ranged).hasClass("out-of-range");
    PlaywrightAssertions.assertThat(ranged.locator("[data-test=seek-accept]")).isDisabled();
    PlaywrightAssertions.assertThat(ranged.locator("[data-test=seek-accept]"))
        .hasAttribute("title", "Your rating in this variant is outside the range this seek asks for");
    Locator open = rows.filter(new Locator.FilterOptions().setHasNotText("1600–1800"));
    PlaywrightAssertions.assertThat(open.locator("[data-test=seek-accept]")).isEnabled();
    for (var p : E2e.screenshotTargets("e2e-lobby-rating-range.png")) {
      b.locator("[data-test=seeks]").locator("xpath=..").screenshot(new Locator.ScreenshotOptions().setPath(p));
    }
    org.assertj.core.api.Assertions.assertThat(people.errors()).isEmpty();
    people.close();
  }

  /**
   * The online list shows each player's rating in the variant the viewer picks: after a rated 1-point Portes match
   * (played over the API by the same two accounts) the winner is 1510 in Portes and still 1500 in backgammon.
   */
  @Test
  void theOnlineListShowsTheRatingOfThePickedVariant() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    a.navigate("/#/login");
    Pages.register(a, "onlineA_e2e");
    b.navigate("/#/login");
    Pages.register(b, "onlineB_e2e");
    ApiClient winner = new ApiClient(e2e.server.port());
    ApiClient loser = new ApiClient(e2e.server.port());
    winner.login("onlineA_e2e", E2e.PASSWORD);
    loser.login("onlineB_e2e", E2e.PASSWORD);
    // the loser's seek, so that the winner's page (which the test looks at) is not taken to the board
    ApiClient.loserResigns(winner.accept(loser.seek("{\"matchLength\":1,\"variant\":\"portes\"}")), winner, loser,
        new Random(5));
    a.navigate("/#/lobby");
    Locator me = a.locator("[data-test=online-player][data-name=onlineA_e2e] [data-test=online-rating]");
    Locator other = a.locator("[data-test=online-player][data-name=onlineB_e2e] [data-test=online-rating]");
    PlaywrightAssertions.assertThat(me).hasText("1500?");
    a.locator("[data-test=online-variant]").selectOption("portes");
    PlaywrightAssertions.assertThat(me).hasText("1510?");
    PlaywrightAssertions.assertThat(other).hasText("1490?");
    for (var p : E2e.screenshotTargets("e2e-online-variant-ratings.png")) {
      a.locator("[data-test=online]").locator("xpath=..").screenshot(new Locator.ScreenshotOptions().setPath(p));
    }
    a.locator("[data-test=online-variant]").selectOption("backgammon");
    PlaywrightAssertions.assertThat(other).hasText("1500?");
    org.assertj.core.api.Assertions.assertThat(people.errors()).isEmpty();
    people.close();
  }
}
