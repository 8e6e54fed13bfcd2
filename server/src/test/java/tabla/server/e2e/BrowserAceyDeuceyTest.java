package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tabla.server.ApiAceyDeuceyTest;
import tabla.server.ApiClient;

/**
 * Acey-deucey's 1-2 (issue 13), each person in a browser of his own: the game goes through the API until one
 * has a 1-2 to play; his page offers the doubles, he picks the highest, the board adds its four dice, he plays
 * the 1, the 2 and the double on the board; both histories say which double, and he rolls again.
 */
class BrowserAceyDeuceyTest extends E2eTest {
  @Test
  void theOneTwoPlayerChoosesTheDoubleOnTheBoardAndBothHistoriesNameIt() {
    TwoPeople people = twoPeople();
    Page[] pages = {people.a(), people.b()};
    String[] names = {"ivy_e2e", "jon_e2e"};
    ApiClient[] seats = new ApiClient[2];
    for (int i = 0; i < 2; i++) {
      pages[i].navigate("/#/login");
      Pages.register(pages[i], names[i]);
      seats[i] = new ApiClient(e2e.server.port());
      assertThat(seats[i].login(names[i], E2e.PASSWORD).status()).isEqualTo(200);
    }
    long game = seats[1].accept(seats[0].seek("{\"matchLength\":3,\"variant\":\"acey-deucey\"}"));
    for (Page p : pages) {
      p.navigate("/#/game/" + game);
      Pages.awaitBoard(p);
    }
    JsonNode s = ApiClient.playUntil(game, seats, new Random(4), ApiAceyDeuceyTest::aceyDeuceyToPlay);
    int mover = s.get("turn").asInt();
    Page page = pages[mover];
    Set<Integer> doubles = ApiAceyDeuceyTest.doubles(s);
    int n = doubles.stream().max(Integer::compare).get();
    PlaywrightAssertions.assertThat(page.locator("[data-test=choose-double]")).isVisible();
    PlaywrightAssertions.assertThat(page.locator("[data-test=choose-double]")).containsText("Then choose your double:");
    PlaywrightAssertions.assertThat(page.locator("[data-test^=pick-double-]")).hasCount(doubles.size());
    PlaywrightAssertions.assertThat(page.locator("[data-test=dice] [data-test=die]")).hasCount(2);
    PlaywrightAssertions.assertThat(pages[1 - mover].locator("[data-test=choose-double]")).hasCount(0);

    page.locator("[data-test=pick-double-" + n + "]").click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=dice] [data-test=die]")).hasCount(6);
    for (var f : E2e.screenshotTargets("e2e-acey-deucey-choose-double.png")) page.screenshot(new Page.ScreenshotOptions().setPath(f));
    new BoardPlayer(page, names[mover]).composePlay();

    // the board writes a roll high die first, as .mat does: "21, then 66"
    int d0 = s.get("dice").get(0).asInt();
    int d1 = s.get("dice").get(1).asInt();
    String dice = "" + Math.max(d0, d1) + Math.min(d0, d1);
    String said = dice + ", then " + n + n + ": ";
    for (Page p : pages) {
      PlaywrightAssertions.assertThat(p.locator("[data-test=history] li").last()).containsText(said);
    }
    JsonNode after = seats[0].snapshot(game);
    JsonNode last = after.get("history").get(after.get("history").size() - 1);
    assertThat(last.get("text").asText()).startsWith("" + d0 + d1 + " " + n + n + ": ");
    assertThat(after.get("turn").asInt()).isEqualTo(mover);
    assertThat(after.get("phase").asText()).isEqualTo("ROLL");
    PlaywrightAssertions.assertThat(page.locator("[data-test=roll]")).isEnabled();
    for (var f : E2e.screenshotTargets("e2e-acey-deucey-history.png")) pages[1 - mover].screenshot(new Page.ScreenshotOptions().setPath(f));
    assertThat(people.errors()).isEmpty();
  }
}
