package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import org.junit.jupiter.api.Test;

/**
 * A member's lobby opens with the quick pairing, open seeks and live games in view and the long custom-game form
 * behind "Custom game…"; opened, it stays open on the next visit until closed. A guest has the form (to play the
 * computer) with no button. A double click on either form's button sends one request.
 */
class BrowserLobbyCustomFormTest extends E2eTest {
  @Test
  void theCustomFormIsBehindAButtonThatRemembersItsState() {
    BrowserContext ctx = e2e.newContext();
    try {
      Page page = ctx.newPage();
      page.navigate("/#/login");
      page.locator("[data-test=register-name]").fill("cora_custom");
      page.locator("[data-test=register-password]").fill(E2e.PASSWORD);
      page.locator("[data-test=register-submit]").click();
      assertThat(page.locator("[data-test=quick-pairing]")).isVisible();
      assertThat(page.locator("[data-test=seeks]")).isVisible();
      assertThat(page.locator("[data-test=live-games]")).isVisible();
      assertThat(page.locator("[data-test=custom-form]")).isHidden();
      assertThat(page.locator("[data-test=custom-game]")).hasAttribute("aria-expanded", "false");

      page.locator("[data-test=custom-game]").click();
      assertThat(page.locator("[data-test=match-length]")).isVisible();
      assertThat(page.locator("[data-test=create-seek]")).isVisible();
      page.reload();
      assertThat(page.locator("[data-test=create-seek]")).isVisible();
      // a double click makes one seek (it made two: the second request went out before the first was answered)
      java.util.List<String> posts = new java.util.concurrent.CopyOnWriteArrayList<>();
      page.onRequest(r -> { if (r.method().equals("POST") && r.url().endsWith("/api/seeks")) posts.add(r.url().replaceAll("^.*?/api/", "/api/")); });
      page.locator("[data-test=create-seek]").dblclick();
      assertThat(page.locator("[data-test=seeks] [data-test=seek-cancel]")).hasCount(1);
      page.waitForTimeout(300); // a second request would have gone out with the second click
      org.assertj.core.api.Assertions.assertThat(posts).as("requests of a double click").containsExactly("/api/seeks");
      page.locator("[data-test=seek-cancel]").click();
      assertThat(page.locator("[data-test=seeks] [data-test=seek-cancel]")).hasCount(0);
      page.locator("[data-test=custom-game]").click();
      assertThat(page.locator("[data-test=custom-form]")).isHidden();
      page.reload();
      assertThat(page.locator("[data-test=quick-pairing]")).isVisible();
      assertThat(page.locator("[data-test=custom-form]")).isHidden();
    } finally {
      ctx.close();
    }
    BrowserContext guest = e2e.newContext();
    try {
      Page page = guest.newPage();
      page.navigate("/#/login");
      page.locator("[data-test=guest]").click();
      assertThat(page.locator("[data-test=play-computer]")).isVisible();
      assertThat(page.locator("[data-test=custom-game]")).hasCount(0);
      // a double click on "Play the computer" starts one game
      java.util.List<String> posts = new java.util.concurrent.CopyOnWriteArrayList<>();
      page.onRequest(r -> { if (r.method().equals("POST") && r.url().endsWith("/api/games/computer")) posts.add(r.url().replaceAll("^.*?/api/", "/api/")); });
      page.locator("[data-test=match-length]").selectOption("1");
      page.locator("[data-test=play-computer]").dblclick();
      page.waitForURL("**/#/game/*");
      org.assertj.core.api.Assertions.assertThat(posts).as("requests of a double click").containsExactly("/api/games/computer");
    } finally {
      guest.close();
    }
  }
}
