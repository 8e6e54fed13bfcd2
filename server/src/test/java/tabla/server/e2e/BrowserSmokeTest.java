package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Download;
import com.microsoft.playwright.Page;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every page of the app loads and works without errors in the console; the language switch works; a wrong password
 * and a missing game are told in the page's language.
 */
class BrowserSmokeTest extends E2eTest {
  @Test
  void everyPageLoadsWithoutErrors() {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);

    // login
    page.navigate("/#/login");
    assertThat(page.locator("[data-test=login-submit]")).isVisible();
    assertThat(page.locator("[data-test=register-submit]")).isVisible();
    assertThat(page.locator("[data-test=guest]")).isVisible();

    // lobby
    Pages.register(page, "smoke_e2e");
    for (String part : List.of("match-length", "computer-level", "invitations", "seeks", "my-games", "site-stats")) {
      assertThat(page.locator("[data-test=" + part + "]")).isVisible();
    }

    // game: a 1-point match against the computer (random level), resigned at once to finish it
    page.locator("[data-test=match-length]").selectOption("1");
    page.locator("[data-test=computer-level]").selectOption("random");
    page.locator("[data-test=play-computer]").click();
    page.waitForURL("**/#/game/*");
    String id = page.url().replaceAll(".*#/game/", "");
    Pages.awaitBoard(page);
    assertThat(page.locator("[data-test=board] [data-test=checker]")).hasCount(30);
    assertThat(page.locator("[data-test=score]")).containsText("1-point match");
    page.locator("[data-test=resign]").click(); // waits for the computer to finish its turn
    page.locator("[data-test=resign-1]").click();
    assertThat(page.locator("[data-test=replay-link]")).isVisible();
    assertThat(page.locator("[data-test=game-status]")).hasText("Computer (Random) wins the match.");

    // replay
    page.locator("[data-test=replay-link]").click();
    page.waitForURL("**/#/replay/" + id);
    assertThat(page.locator("[data-test=replay-caption]")).isVisible();
    page.locator("[data-test=replay-first]").click();
    assertThat(page.locator("[data-test=replay-caption]")).hasText("Game 1");
    page.locator("[data-test=replay-next]").click();
    assertThat(page.locator("[data-test=replay-caption]")).containsText(Pattern.compile("^Step 1 of \\d+"));
    assertThat(page.locator("[data-test=board] [data-test=checker]")).hasCount(30);
    Download mat = page.waitForDownload(() -> page.locator("[data-test=export-mat]").click());
    assertThat(mat.failure()).isNull();
    assertThat(mat.suggestedFilename()).endsWith(".mat");

    // dice check: the game is over, so its seed is revealed and the browser recomputes every roll
    page.locator("[data-test=dice-link]").click();
    page.waitForURL("**/#/dice/" + id);
    assertThat(page.locator("[data-test=dice-game]")).hasCount(1);
    assertThat(page.locator("[data-test=seed]")).isVisible();
    // both players gave their seeds (this page and the computer), so the dice are not the server's alone
    for (String p : new String[] {"player-seed-0", "player-seed-1"}) {
      assertThat(page.locator("[data-test=" + p + "]")).hasText(java.util.regex.Pattern.compile("^(?!0{64}$)[0-9a-f]{64}$"));
    }
    page.locator("[data-test=verify-dice]").click();
    assertThat(page.locator("[data-test=verify-result]")).containsText("All checks passed");

    // player page
    page.locator("[data-test=nav-me]").click();
    page.waitForURL("**/#/player/smoke_e2e");
    assertThat(page.locator("[data-test=player-name]")).hasText("smoke_e2e");
    assertThat(page.locator("[data-test=rating]")).hasText(Pattern.compile("^\\d+$"));
    assertThat(page.locator("[data-test=stats-white]")).isVisible();
    assertThat(page.locator("[data-test=stats-black]")).isVisible();

    // the language switch: Bulgarian everywhere, then back to English
    page.locator("[data-test=lang]").selectOption("bg");
    assertThat(page.locator("html")).hasAttribute("lang", "bg");
    assertThat(page.locator("[data-test=nav-lobby]")).hasText("Фоайе");
    assertThat(page.locator("[data-test=nav-me]")).hasText("Моята страница");
    assertThat(page.locator(".player-page")).containsText("Рейтинг");
    page.locator("[data-test=nav-lobby]").click();
    assertThat(page.locator("[data-test=custom-game]")).hasText("Игра по избор…"); // a member's custom form is behind it
    assertThat(page.locator("[data-test=computer-level] option[value=strong]")).hasText("Силен");
    page.locator("[data-test=lang]").selectOption("en");
    assertThat(page.locator("[data-test=nav-lobby]")).hasText("Lobby");

    // signed out: the login page in Bulgarian
    page.locator("[data-test=logout]").click();
    page.waitForURL("**/#/login");
    page.locator("[data-test=lang]").selectOption("bg");
    assertThat(page.locator(".login h2").first()).hasText("Вход");
    assertThat(page.locator("[data-test=guest]")).hasText("Играй като гост");

    assertThat(errors).as("errors seen by the page").isEmpty();

    // a wrong password is told in the page's language (the server's refusal is an English sentence)
    page.locator("[data-test=login-name]").fill("smoke_e2e");
    page.locator("[data-test=login-password]").fill("not-the-password");
    page.locator("[data-test=login-submit]").click();
    assertThat(page.locator("[data-test=login-error]")).hasText("Грешно име или парола.");
    // a game that is not there: said alone (no empty board), and its socket stops asking
    List<String> sockets = new java.util.concurrent.CopyOnWriteArrayList<>();
    page.onWebSocket(ws -> { if (ws.url().contains("/ws/games/")) sockets.add(ws.url()); });
    page.navigate("/#/game/999999");
    assertThat(page.locator("[data-test=error]")).hasText("Няма игра 999999.");
    assertThat(page.locator("[data-test=board]")).hasCount(0);
    page.waitForTimeout(2_500); // the socket retried after 1 s, then 2 s
    org.assertj.core.api.Assertions.assertThat(sockets).as("game sockets opened").hasSizeLessThanOrEqualTo(1);
    // a game's route without its id goes to the lobby (it drew the list of games as a board, and threw)
    errors.clear();
    page.navigate("/#/game/");
    page.waitForURL("**/#/login"); // signed out: the lobby sends to the login
    assertThat(errors).as("errors seen by the page").isEmpty();
    ctx.close();
  }
}
