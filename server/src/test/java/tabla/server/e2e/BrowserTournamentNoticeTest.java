package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;

/**
 * The notice bar's "your tournament match is on" goes when that match ends (here, as the one-point knock-out of two
 * finishes), with no reload: it used to stay, pointing at a finished board, until the page was loaded again.
 */
class BrowserTournamentNoticeTest extends E2eTest {
  @Test
  void theMatchOnNoticeGoesWhenTheMatchEnds() {
    BrowserContext ctx = e2e.newContext();
    try {
      Page page = ctx.newPage();
      List<String> errors = Pages.watchErrors(page);
      page.navigate("/#/login");
      Pages.register(page, "nia_notice");
      ApiClient nia = new ApiClient(e2e.server.port());
      assertThat(nia.login("nia_notice", E2e.PASSWORD).status()).isEqualTo(200);
      JsonNode made = nia.post("/api/tournaments", Map.of("name", "Short cup", "format", "knockout",
          "rules", Map.of("matchLength", 1), "clock", Map.of("preset", "standard"), "minPlayers", 2, "maxPlayers", 2)).json();
      long id = made.get("id").asLong();
      assertThat(nia.post("/api/tournaments/" + id + "/computer", Map.of("level", "random")).status()).isEqualTo(200);
      assertThat(nia.post("/api/tournaments/" + id + "/join", null).status()).isEqualTo(200);
      // the field is full: the match starts (the page is taken to its board); away from it, the notice says it is on
      page.waitForURL("**/#/game/*");
      page.navigate("/#/lobby");
      page.reload();
      assertThat(page.locator("[data-test=notice-tournament-match]")).containsText("Short cup");

      long game = nia.get("/api/tournaments/" + id).json().get("rounds").get(0).get(0).get("gameId").asLong();
      resignWhenMyTurn(nia, game);
      assertThat(page.locator("[data-test=notice-tournament-match]")).hasCount(0);
      assertThat(errors).isEmpty();
    } finally {
      ctx.close();
    }
  }

  /**
   * Resigns the one-point match when it is {@code me}'s turn, until it ends (the computer accepts, or plays on), for up
   * to a minute: a bound of its own, not a count of looks (400 looks were about 12 s, and a computer's moves on a
   * loaded machine may take longer).
   */
  private static void resignWhenMyTurn(ApiClient me, long game) {
    for (long end = System.currentTimeMillis() + 60_000; System.currentTimeMillis() < end; ) {
      JsonNode s = me.snapshot(game);
      if (s.get("status").asText().equals("finished")) return;
      String phase = s.get("phase").asText();
      if (s.get("turn").asInt() == s.get("you").asInt() && (phase.equals("ROLL") || phase.equals("MOVE"))) {
        for (int level = 3; level >= 1; level--) {
          if (me.act(game, s.get("version").asInt(), ApiClient.action("resign").put("level", level)).status() == 200) break;
        }
      }
      try {
        Thread.sleep(25);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    throw new AssertionError("game " + game + " did not end");
  }
}
