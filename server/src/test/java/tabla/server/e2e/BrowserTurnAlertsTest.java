package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.LocatorAssertions;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import com.microsoft.playwright.options.RequestOptions;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tabla.server.RunsAlone;

/**
 * Turn alerts (issue 28): a correspondence game between two browser profiles; when the player on the board moves,
 * the other, away from the board on the lobby, sees within 2 s the header's badge count the game, "My games" say
 * "Your turn" and the tab's title start with "(1)", with no reload; once he has moved the badge goes.
 */
@RunsAlone // ann's move in ben's lobby within 2 s
class BrowserTurnAlertsTest extends E2eTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** How soon the other page must show the turn: pushed, not waiting for the lobby's 5-second poll. */
  private static final LocatorAssertions.HasTextOptions SOON = new LocatorAssertions.HasTextOptions().setTimeout(2_000);

  static JsonNode json(APIResponse r) {
    assertThat(r.status()).as(r.text()).isLessThan(300);
    try {
      return JSON.readTree(r.text());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static JsonNode post(BrowserContext ctx, String path, String body) {
    String csrf = json(ctx.request().get("/api/me")).get("csrf").asText();
    return json(ctx.request().post(path, RequestOptions.create().setHeader("X-CSRF-Token", csrf)
        .setHeader("Content-Type", "application/json").setData(body)));
  }

  /** Plays one whole turn over the API (roll, then the first legal play) until the turn passes. */
  static void playTurnOverApi(BrowserContext ctx, long game) {
    for (int i = 0; i < 4; i++) {
      JsonNode s = json(ctx.request().get("/api/games/" + game));
      if (s.get("turn").asInt() != s.get("you").asInt()) return;
      String action = "ROLL".equals(s.get("phase").asText()) ? "{\"type\":\"roll\""
          : "{\"type\":\"move\",\"move\":\"" + s.get("legalPlays").get(0).get("move").asText() + "\"";
      post(ctx, "/api/games/" + game + "/actions", action + ",\"version\":" + s.get("version").asInt() + "}");
    }
    throw new AssertionError("the turn did not pass");
  }

  @Test
  void aMoveOnTheBoardShowsOnTheOtherPlayersLobbyAtOnce() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    a.navigate("/#/login");
    Pages.register(a, "ann_turns");
    b.navigate("/#/login");
    Pages.register(b, "ben_turns");
    PlaywrightAssertions.assertThat(b.locator("[data-test=turn-badge]")).isHidden();

    long seek = post(people.ctxA(), "/api/seeks",
        "{\"rules\":{\"matchLength\":3},\"mode\":\"correspondence\",\"secondsPerMove\":86400}").get("seek").get("id").asLong();
    long game = post(people.ctxB(), "/api/seeks/" + seek + "/accept", "{}").get("gameId").asLong();
    // the seek was made over the API, not by ann's page, so no page of hers claims it (BrowserTabsTest): she opens
    // the board herself; the acceptor stays on the lobby, away from it
    a.navigate("/#/game/" + game);
    Pages.awaitBoard(a);
    JsonNode first = json(people.ctxB().request().get("/api/games/" + game));
    if (first.get("turn").asInt() == first.get("you").asInt()) {
      // ben begins: the new game is counted as soon as it starts, and no longer once he has played
      PlaywrightAssertions.assertThat(b.locator("[data-test=turn-badge]")).hasText("1", SOON);
      playTurnOverApi(people.ctxB(), game);
      PlaywrightAssertions.assertThat(b.locator("[data-test=turn-badge]")).isHidden();
    }

    // ann plays her turn on the board: a roll if she must, then a typed move
    PlaywrightAssertions.assertThat(a.locator("[data-test=roll], [data-test=move-input]").first()).isVisible();
    if (a.locator("[data-test=roll]").count() > 0) a.locator("[data-test=roll]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=move-input]")).isVisible();
    JsonNode mine = json(people.ctxA().request().get("/api/games/" + game));
    assertThat(mine.get("phase").asText()).isEqualTo("MOVE");
    a.locator("[data-test=move-input]").fill(mine.get("legalPlays").get(0).get("move").asText());
    a.locator("[data-test=move-input]").press("Enter");
    long moved = System.currentTimeMillis();

    PlaywrightAssertions.assertThat(b.locator("[data-test=turn-badge]")).hasText("1", SOON);
    PlaywrightAssertions.assertThat(b.locator("[data-test=my-games] tr", new Page.LocatorOptions()
        .setHasText("ann_turns")).locator("[data-test=your-turn]")).isVisible(new LocatorAssertions.IsVisibleOptions().setTimeout(2_000));
    assertThat(System.currentTimeMillis() - moved).as("ms from ann's move to ben's lobby showing it").isLessThan(2_000);
    assertThat(b.title()).startsWith("(1) ");
    assertThat(b.locator("[data-test=turn-badge]").getAttribute("aria-label")).isEqualTo("Games waiting on you: 1");
    for (var p : E2e.screenshotTargets("e2e-turn-badge.png")) b.screenshot(new Page.ScreenshotOptions().setPath(p));

    // ben plays his turn (over the API, his page still on the lobby): the badge and the title's count go
    playTurnOverApi(people.ctxB(), game);
    PlaywrightAssertions.assertThat(b.locator("[data-test=turn-badge]")).isHidden();
    PlaywrightAssertions.assertThat(b).hasTitle(Pattern.compile("^(?!\\(\\d).*"));
    // this site sends no mail: the account page says so above the alerts' choices
    b.navigate("/account.html");
    PlaywrightAssertions.assertThat(b.locator("[data-test=alerts-note]")).hasText(
        "This site sends no mail at present; the address is kept for when it does.");
    assertThat(people.errors()).isEmpty();
    people.close();
  }

  @Test
  void theBadgeWaitsForNoOneSignedOut() {
    Page p = e2e.newContext().newPage();
    List<String> errors = Pages.watchErrors(p);
    p.navigate("/#/login");
    PlaywrightAssertions.assertThat(p.locator("[data-test=nav-login]")).isVisible();
    assertThat(p.locator("[data-test=turn-badge]").count()).isZero();
    assertThat(errors).isEmpty();
  }
}
