package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;

/**
 * Issue 14's acceptance, each person in a browser profile of their own: two players chat and one mutes the other;
 * a third user finds the game in "Live games", watches the moves arrive and chats with another spectator (who
 * writes through the API), and the players do not see that chat until the match is over; the online list shows
 * both players as playing; the waiting player's tab title changes on his turn; at the end one offers a rematch and
 * the other accepts it with one click.
 */
class BrowserMeetingTest extends E2eTest {
  // after the badge's "(N) ", the count of games waiting on this player
  private static final Pattern YOUR_TURN = Pattern.compile("^(\\(\\d+\\) )?▶ Your turn");

  private static void shoot(Page p, String file) {
    for (var path : E2e.screenshotTargets(file)) p.screenshot(new Page.ScreenshotOptions().setPath(path));
  }

  private static Locator chat(Page p, String side) {
    return p.locator("[data-test=chat-list-" + side + "]");
  }

  private static void say(Page p, String side, String text) {
    p.locator("[data-test=chat-input-" + side + "]").fill(text);
    p.locator("[data-test=chat-input-" + side + "]").press("Enter");
    PlaywrightAssertions.assertThat(chat(p, side)).containsText(text);
  }

  @Test
  void playersChatASpectatorWatchesAndTheyPlayARematch() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    List<String> errors = people.errors();
    BrowserContext ctxC = e2e.newContext();
    Page c = ctxC.newPage();
    Pages.watchErrors(c, errors);
    try {
      a.navigate("/#/login");
      Pages.register(a, "ann_e2e");
      b.navigate("/#/login");
      Pages.register(b, "ben_e2e");
      c.navigate("/#/login");
      Pages.register(c, "cat_e2e");
      ApiClient dot = new ApiClient(e2e.server.port()).registered("dot");

      // a 1-point live match: ann offers, ben accepts, both reach the board
      a.locator("[data-test=match-length]").selectOption("1");
      a.locator("[data-test=create-seek]").click();
      var row = b.locator("[data-test=seeks] tr", new Page.LocatorOptions().setHasText("ann_e2e"));
      row.locator("[data-test=seek-accept]").click();
      b.waitForURL("**/#/game/*");
      String route = b.url().substring(b.url().indexOf("#/game/"));
      long game = Long.parseLong(route.substring("#/game/".length()));
      a.waitForURL("**" + route);
      Pages.awaitBoard(a);
      Pages.awaitBoard(b);

      // the third user sees both playing in the online list and the game in Live games, and opens it
      Locator annOnline = c.locator("[data-test=online-player][data-name=ann_e2e]");
      PlaywrightAssertions.assertThat(annOnline).hasAttribute("data-state", "playing");
      PlaywrightAssertions.assertThat(c.locator("[data-test=online-player][data-name=ben_e2e]")).hasAttribute("data-state", "playing");
      Locator liveRow = c.locator("[data-test=live-game][data-game-id=\"" + game + "\"]");
      PlaywrightAssertions.assertThat(liveRow).containsText("ann_e2e");
      PlaywrightAssertions.assertThat(liveRow).containsText("ben_e2e");
      for (var path : E2e.screenshotTargets("e2e-lobby-live-online.png")) c.screenshot(new Page.ScreenshotOptions().setPath(path).setFullPage(true));
      liveRow.locator("[data-test=watch-game]").click();
      c.waitForURL("**" + route);
      Pages.awaitBoard(c);
      PlaywrightAssertions.assertThat(a.locator("[data-test=spectator-count]")).hasText("1 watching");
      PlaywrightAssertions.assertThat(c.locator("[data-test=chat-players]")).hasCount(0);

      // the players chat; ben mutes ann, and her next message does not reach him
      say(a, "players", "good luck");
      PlaywrightAssertions.assertThat(chat(b, "players")).containsText("good luck");
      chat(b, "players").locator("[data-test=chat-mute]").first().click();
      PlaywrightAssertions.assertThat(chat(b, "players").locator("[data-test=chat-muted]")).containsText("ann_e2e");
      say(a, "players", "are you there?");
      say(b, "players", "thanks");
      PlaywrightAssertions.assertThat(chat(a, "players")).containsText("thanks");
      // ann's message was sent before ben's reply reached her: had it been delivered to ben, it would be here by now
      PlaywrightAssertions.assertThat(chat(b, "players")).not().containsText("are you there?");
      PlaywrightAssertions.assertThat(chat(b, "players")).not().containsText("good luck");

      // the spectators talk among themselves; hostile text is shown as text
      say(c, "spectators", "what a game");
      assertThat(dot.post("/api/games/" + game + "/chat/spectators", Map.of("text", "<b>bold</b> indeed")).status()).isEqualTo(201);
      PlaywrightAssertions.assertThat(chat(c, "spectators")).containsText("<b>bold</b> indeed");
      PlaywrightAssertions.assertThat(chat(c, "spectators").locator("b")).hasCount(0);
      PlaywrightAssertions.assertThat(a.locator("[data-test=chat-spectators]")).hasCount(0);
      PlaywrightAssertions.assertThat(b.locator("[data-test=chat-spectators]")).hasCount(0);

      // moves: the spectator sees each one arrive; the waiting player's title says when it is his turn
      BoardPlayer pa = new BoardPlayer(a, "ann");
      BoardPlayer pb = new BoardPlayer(b, "ben");
      int seen = c.locator("[data-test=history] li").count();
      boolean benTitleChecked = false;
      for (int i = 0; i < 400 && c.locator("[data-test=history] li").count() < seen + 6; i++) {
        boolean benToAct = !"wait".equals(pb.state());
        boolean annToAct = !"wait".equals(pa.state());
        if (benToAct) {
          PlaywrightAssertions.assertThat(b).hasTitle(YOUR_TURN);
          if (!benTitleChecked) shoot(b, "e2e-chat-your-turn.png");
          benTitleChecked = true;
          pb.act();
        } else if (annToAct) {
          PlaywrightAssertions.assertThat(b).not().hasTitle(YOUR_TURN);
          pa.act();
        } else {
          b.waitForTimeout(100);
        }
      }
      assertThat(benTitleChecked).as("ben had a turn").isTrue();
      int arrived = c.locator("[data-test=history] li").count();
      assertThat(arrived).as("moves arrived on the spectator's board").isGreaterThanOrEqualTo(seen + 6);
      PlaywrightAssertions.assertThat(a.locator("[data-test=history] li")).hasCount(a.locator("[data-test=history] li").count());
      shoot(c, "e2e-spectator.png");

      // the player to act resigns; the other accepts; the match is over. Who acts is the server's word, once that
      // player's page offers the resign button: the loop ends when the spectator's page shows the last move, and a
      // player's page may not show it yet (asking it, the one to act seemed to wait, and the other resigned, whose
      // page never offers the button)
      Page resigner = null;
      for (long until = System.currentTimeMillis() + E2e.ACTION_TIMEOUT_MILLIS; resigner == null; ) {
        JsonNode now = dot.snapshot(game);
        Page toAct = now.get("players").get(now.get("turn").asInt()).get("name").asText().equals("ann_e2e") ? a : b;
        if (toAct.locator("[data-test=resign]").count() == 1
            && dot.snapshot(game).get("version").asInt() == now.get("version").asInt()) {
          resigner = toAct;
        } else {
          assertThat(System.currentTimeMillis()).as("the page of the player to act offers resigning").isLessThan(until);
          toAct.waitForTimeout(100);
        }
      }
      Page other = resigner == a ? b : a;
      resigner.locator("[data-test=resign]").click();
      resigner.locator("[data-test=resign-1]").click();
      other.locator("[data-test=accept-resign]").click();
      PlaywrightAssertions.assertThat(a.locator("[data-test=replay-link]")).isVisible();
      // now the players read the spectators' chat
      PlaywrightAssertions.assertThat(chat(a, "spectators")).containsText("what a game");

      // ann offers a rematch; ben accepts with one click; both reach the new board, colours swapped
      a.locator("[data-test=rematch]").click();
      PlaywrightAssertions.assertThat(a.locator("[data-test=rematch-waiting]")).isVisible();
      PlaywrightAssertions.assertThat(b.locator("[data-test=rematch-accept]")).isVisible();
      shoot(b, "e2e-rematch-offered.png");
      b.locator("[data-test=rematch-accept]").click();
      b.waitForURL(Pattern.compile(".*#/game/(?!" + game + "$)\\d+$"));
      String next = b.url().substring(b.url().indexOf("#/game/"));
      a.waitForURL("**" + next);
      Pages.awaitBoard(a);
      Pages.awaitBoard(b);
      long fresh = Long.parseLong(next.substring("#/game/".length()));
      var players = dot.get("/api/games/" + fresh).json().get("players");
      assertThat(players.get(0).get("name").asText()).as("colours swapped").isEqualTo("ben_e2e");
      assertThat(players.get(1).get("name").asText()).isEqualTo("ann_e2e");

      // the finished match is rated: both are on the backgammon list, provisional after one match
      c.navigate("/#/ratings/backgammon");
      Locator annRated = c.locator("[data-test=ratings-row][data-name=ann_e2e] [data-test=ratings-rating]");
      Locator benRated = c.locator("[data-test=ratings-row][data-name=ben_e2e] [data-test=ratings-rating]");
      PlaywrightAssertions.assertThat(annRated).hasText(Pattern.compile("^\\d+\\?$"));
      PlaywrightAssertions.assertThat(benRated).hasText(Pattern.compile("^\\d+\\?$"));
      assertThat(Integer.parseInt(annRated.innerText().replace("?", "")) + Integer.parseInt(benRated.innerText().replace("?", "")))
          .as("equal ratings and experience: what one gains the other loses").isBetween(2999, 3001);
      shoot(c, "e2e-ratings.png");
      c.navigate("/#/player/ann_e2e");
      PlaywrightAssertions.assertThat(c.locator("[data-test=player-rating][data-variant=backgammon]")).isVisible();
      assertThat(errors).isEmpty();
    } finally {
      ctxC.close();
      people.close();
    }
  }
}
