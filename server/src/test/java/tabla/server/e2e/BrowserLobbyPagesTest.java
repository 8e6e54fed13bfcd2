package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import com.microsoft.playwright.options.RequestOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lobby shows the first page of my games and grows it with "Show more"; a refresh with nothing new keeps the focus. */
class BrowserLobbyPagesTest extends E2eTest {
  @Test
  void theLobbyShowsTwentyGamesThenMoreOnRequest() throws Exception {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    page.navigate("/#/login");
    page.locator("[data-test=guest]").click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=play-computer]")).isVisible();
    // 25 games through the API with the page's own session (the cookie is the context's)
    JsonNode me = new ObjectMapper().readTree(ctx.request().get("/api/me").text());
    String csrf = me.get("csrf").asText();
    for (int i = 0; i < 25; i++) {
      APIResponse r = ctx.request().post("/api/games/computer", RequestOptions.create().setHeader("X-CSRF-Token", csrf)
          .setHeader("Content-Type", "application/json").setData("{\"rules\":{\"matchLength\":1},\"level\":\"random\"}"));
      assertThat(r.status()).as(r.text()).isEqualTo(201);
    }
    page.reload();
    var rows = page.locator("[data-test=my-games] tr");
    PlaywrightAssertions.assertThat(rows).hasCount(20);
    var more = page.locator("[data-test=my-games] [data-test=show-more]");
    PlaywrightAssertions.assertThat(more).hasText("Show more");
    for (var p : E2e.screenshotTargets("e2e-lobby-show-more.png")) page.screenshot(new Page.ScreenshotOptions().setPath(p).setFullPage(true));
    // a refresh that finds the same games draws nothing anew: the keyboard's focus stays on the link it was on (the
    // lists, read every few seconds, were drawn anew each time, which dropped the focus to the page and swallowed a
    // press held across the redraw)
    var link = rows.first().locator("[data-test=game-link]");
    link.focus();
    String focused = "() => document.activeElement.getAttribute('data-game-id')";
    String id = link.getAttribute("data-game-id");
    page.waitForResponse(r -> r.url().contains("/api/games?"),
        () -> page.evaluate("() => window.dispatchEvent(new CustomEvent('tabla-site', { detail: { type: 'myGames' } }))"));
    page.waitForTimeout(300); // the answer is drawn (or not)
    assertThat(page.evaluate(focused)).as("the focus after a refresh").isEqualTo(id);
    PlaywrightAssertions.assertThat(more).hasCount(1);
    more.click();
    PlaywrightAssertions.assertThat(rows).hasCount(25);
    PlaywrightAssertions.assertThat(more).hasCount(0);
    assertThat(errors).as("errors seen by the page").isEmpty();
    ctx.close();
  }
}
