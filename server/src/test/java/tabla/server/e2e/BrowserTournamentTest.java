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
 * Two people register for a knock-out on the tournament page, in browsers of their own, beside two computer players;
 * the page shows the bracket with links to the boards, and the standings and the winner at the end. (The matches are
 * played by the same two people through the API: the board's own play is tested elsewhere.)
 */
class BrowserTournamentTest extends E2eTest {

  @Test
  void twoPeopleRegisterOnThePageAndFollowTheBracketToTheWinner() throws Exception {
    ApiClient director = new ApiClient(e2e.server.port()).registered("director");
    ApiClient.Resp made = director.post("/api/tournaments", Map.of("name", "Club knock-out", "format", "knockout",
        "rules", Map.of("matchLength", 1), "clock", Map.of("preset", "standard"), "minPlayers", 2, "maxPlayers", 4));
    assertThat(made.status()).as("create: %s", made).isEqualTo(201);
    long id = made.json().get("id").asLong();
    for (int i = 0; i < 2; i++) director.post("/api/tournaments/" + id + "/computer", Map.of("level", "random"));

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
    JsonNode end = TournamentDriver.playOut(director, id, List.of(people), new Random(11));
    p.b().reload();
    assertThat(p.b().locator("[data-test=tournament-winner]"))
        .containsText(end.get("entrants").get(end.get("winner").asInt()).get("name").asText());
    assertThat(p.b().locator("[data-test=tournament-standings] tbody tr")).hasCount(4);
    assertThat(p.b().locator("[data-test=tournament-round]")).hasCount(2);
    shoot(p.b(), "tournament-standings.png");
    assertThat(p.errors()).as("page errors").isEmpty();
    p.close();
  }

  private static void shoot(Page page, String name) throws Exception {
    for (Path file : E2e.screenshotTargets(name)) {
      Files.createDirectories(file.getParent());
      page.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(true));
    }
  }
}
