package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Page;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;
import tabla.server.TournamentDriver;

/**
 * A director makes a knock-out on the tournament page and enters two computer players; two people register there, in
 * browsers of their own;
 * the page shows the bracket with links to the boards, and the standings and the winner at the end. (The matches are
 * played by the same two people through the API: the board's own play is tested elsewhere.)
 */
class BrowserTournamentTest extends E2eTest {

  @Test
  void twoPeopleRegisterOnThePageAndFollowTheBracketToTheWinner() throws Exception {
    // the director makes it on the page, and enters two computer players there
    com.microsoft.playwright.BrowserContext directorCtx = e2e.newContext();
    Page director = directorCtx.newPage();
    java.util.List<String> directorErrors = Pages.watchErrors(director);
    director.navigate("/#/login");
    Pages.register(director, "director_tour");
    director.navigate("/tournament.html");
    director.locator("[data-test=tournament-new-name]").fill("Club knock-out");
    director.locator("[data-test=tournament-new-format]").selectOption("knockout");
    director.locator("[data-test=tournament-new-length]").selectOption("1");
    director.locator("[data-test=tournament-new-max]").fill("4");
    director.locator("[data-test=tournament-create]").click();
    assertThat(director.locator("[data-test=tournament-name]")).hasText("Club knock-out");
    long id = Long.parseLong(director.url().substring(director.url().indexOf("id=") + 3));
    director.locator("[data-test=tournament-level]").selectOption("random");
    director.locator("[data-test=tournament-add-computer]").click();
    assertThat(director.locator("main ol li")).hasCount(1);
    director.locator("[data-test=tournament-level]").selectOption("random");
    director.locator("[data-test=tournament-add-computer]").click();
    assertThat(director.locator("main ol li")).hasCount(2);
    shoot(director, "tournament-registration.png");

    TwoPeople p = twoPeople();
    String[] names = {"ann_tour", "ben_tour"};
    Page[] pages = {p.a(), p.b()};
    for (int i = 0; i < 2; i++) {
      pages[i].navigate("/#/login");
      Pages.register(pages[i], names[i]);
      pages[i].navigate("/tournament.html?id=" + id);
      assertThat(pages[i].locator("[data-test=tournament-name]")).hasText("Club knock-out");
      pages[i].locator("[data-test=tournament-join]").click();
    }
    // Ben's registration filled it: it started, and his page shows round 1 with both people's boards
    assertThat(p.b().locator("[data-test=tournament-round]")).hasCount(1);
    assertThat(p.b().locator("[data-test=tournament-game]")).hasCount(2);
    shoot(p.b(), "tournament-bracket.png");
    p.a().reload();
    p.a().locator("[data-test=tournament-game]").first().click();
    p.a().waitForURL("**/#/game/*");

    ApiClient[] people = new ApiClient[2];
    for (int i = 0; i < 2; i++) {
      people[i] = new ApiClient(e2e.server.port());
      assertThat(people[i].login(names[i], E2e.PASSWORD).status()).isEqualTo(200);
    }
    JsonNode end = TournamentDriver.playOut(people[0], id, List.of(people), new Random(11));
    p.b().reload();
    assertThat(p.b().locator("[data-test=tournament-winner]"))
        .containsText(end.get("entrants").get(end.get("winner").asInt()).get("name").asText());
    assertThat(p.b().locator("[data-test=tournament-standings] tbody tr")).hasCount(4);
    assertThat(p.b().locator("[data-test=tournament-round]")).hasCount(2);
    shoot(p.b(), "tournament-standings.png");
    assertThat(p.errors()).as("page errors").isEmpty();
    assertThat(directorErrors).as("the director's page errors").isEmpty();
    p.close();
    directorCtx.close();
  }

  private static void shoot(Page page, String name) throws Exception {
    for (Path file : E2e.screenshotTargets(name)) {
      Files.createDirectories(file.getParent());
      page.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(true));
    }
  }
}
