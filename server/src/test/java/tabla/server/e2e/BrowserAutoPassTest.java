package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Route;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;

/**
 * Auto-pass off (issue 13), each person in a browser of his own: alice turns "Pass automatically" off in the
 * board's settings and rolls with the Roll button until a roll has no legal move (her plays and bob's turns
 * go through the API to get there fast); her page says "You have no move" with a Pass button, bob's board waits
 * for her; she clicks Pass, and bob's board moves on to his roll.
 */
class BrowserAutoPassTest extends E2eTest {
  @Test
  void aPlayerWithAutoPassOffSeesYouHaveNoMoveAndPasses() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    a.navigate("/#/login");
    Pages.register(a, "gina_e2e");
    b.navigate("/#/login");
    Pages.register(b, "hugo_e2e");
    ApiClient alice = new ApiClient(e2e.server.port());
    ApiClient bob = new ApiClient(e2e.server.port());
    assertThat(alice.login("gina_e2e", E2e.PASSWORD).status()).isEqualTo(200);
    assertThat(bob.login("hugo_e2e", E2e.PASSWORD).status()).isEqualTo(200);
    long game = bob.accept(alice.seek("{\"matchLength\":25}")); // long: a roll with no move comes in it
    // the dice out of the browsers' hands: each page's share of them (its own random seed, docs/dice.md) is answered
    // here and never reaches the server, so both players count as giving zeros and every run plays the same game
    // (with the browsers' seeds each run took another path: 11 to 287 actions,
    // docs/measurements/2026-11-28-test-time-2.md)
    for (Page p : List.of(a, b)) {
      p.route("**/api/games/*/seed", r -> r.fulfill(new Route.FulfillOptions().setStatus(204)));
    }
    for (Page p : List.of(a, b)) {
      p.navigate("/#/game/" + game);
      Pages.awaitBoard(p);
    }
    a.locator("details.settings summary").click();
    a.locator("[data-test=opt-autopass]").uncheck();

    ApiClient[] seats = {alice, bob};
    Random rnd = new Random(28); // the same game each run: alice's 1-1 has no move 14 actions in (seed 5: 6-5 at 50)
    JsonNode held = null;
    int n = 0;
    for (; held == null; n++) {
      assertThat(n).as("actions before alice's roll with no move").isLessThan(3_000);
      JsonNode s = alice.snapshot(game);
      assertThat(s.get("status").asText()).as("alice meets a roll without a play before the match ends").isEqualTo("playing");
      if (ApiClient.continueIfBetween(game, alice, bob)) continue;
      int turn = s.get("turn").asInt();
      int v = s.get("version").asInt();
      if (turn == 0 && s.get("phase").asText().equals("ROLL")) {
        // her own Roll button, which sends her setting (the page has drawn this version once the button is on)
        PlaywrightAssertions.assertThat(a.locator("[data-test=roll]")).isEnabled();
        a.locator("[data-test=roll]").click();
        JsonNode after = ApiClient.awaitChange(alice, game, v);
        if (after.get("turn").asInt() == 0 && after.get("phase").asText().equals("MOVE") && after.get("legalPlays").isEmpty()) held = after;
        continue;
      }
      ApiClient p = seats[turn];
      JsonNode mine = p.snapshot(game);
      assertThat(p.act(game, v, ApiClient.randomAction(mine, rnd, 0)).status()).isEqualTo(200);
    }

    PlaywrightAssertions.assertThat(a.locator("[data-test=no-move]")).hasText("You have no move.");
    PlaywrightAssertions.assertThat(a.locator("[data-test=pass]")).isVisible();
    // bob waits for her: her turn, nothing for him to do
    PlaywrightAssertions.assertThat(b.locator("[data-test=roll]")).hasCount(0);
    PlaywrightAssertions.assertThat(b.locator("[data-test=pass]")).hasCount(0);
    a.waitForTimeout(1_500); // nothing passes by itself
    assertThat(alice.snapshot(game).get("version").asInt()).isEqualTo(held.get("version").asInt());
    for (var f : E2e.screenshotTargets("e2e-no-move-pass.png")) a.screenshot(new Page.ScreenshotOptions().setPath(f));

    a.locator("[data-test=pass]").click();
    PlaywrightAssertions.assertThat(b.locator("[data-test=roll]")).isEnabled();
    PlaywrightAssertions.assertThat(a.locator("[data-test=no-move]")).hasCount(0);
    JsonNode after = bob.snapshot(game);
    assertThat(after.get("turn").asInt()).isEqualTo(1);
    assertThat(after.get("passed").get("player").asInt()).isEqualTo(0);
    for (var f : E2e.screenshotTargets("e2e-no-move-passed.png")) b.screenshot(new Page.ScreenshotOptions().setPath(f));
    assertThat(people.errors()).isEmpty();
    System.out.printf("e2e auto-pass: alice's roll with no move (%s) after %d actions, in game %d of the match%n",
        held.get("dice"), n, held.get("gameNo").asInt());
  }
}
