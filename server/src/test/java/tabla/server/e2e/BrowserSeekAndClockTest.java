package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.LocatorAssertions;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Two people in two browser profiles: the one who creates a seek is taken to the board (with a notice)
 * when the other accepts it; in a 1-point live match with a short custom match clock (5 s reserve a point, 2 s
 * delay) both clocks show, nobody moves, the flag of the player to act falls, and both pages, the history, the
 * .tabla record and the player page say so.
 */
class BrowserSeekAndClockTest extends E2eTest {
  @Test
  void theCreatorReachesTheBoardAndAFallenFlagIsSaidEverywhere() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    List<String> errors = people.errors();
    a.navigate("/#/login");
    Pages.register(a, "carol_e2e");
    a.locator("[data-test=match-length]").selectOption("1");
    // a 1-point match has no cube (no double can matter), so neither the cube nor Crawford is ticked
    PlaywrightAssertions.assertThat(a.locator("[data-test=rule-cube]")).not().isChecked();
    PlaywrightAssertions.assertThat(a.locator("[data-test=rule-crawford]")).not().isChecked();
    PlaywrightAssertions.assertThat(a.locator("[data-test=rule-jacoby]")).not().isChecked();
    a.locator("[data-test=mode]").selectOption("live");
    a.locator("[data-test=clock]").selectOption("custom");
    a.locator("[data-test=clock-reserve]").fill("5");
    a.locator("[data-test=clock-delay]").fill("2");
    for (var p : E2e.screenshotTargets("e2e-lobby-clock.png")) {
      a.locator(".new-game").screenshot(new com.microsoft.playwright.Locator.ScreenshotOptions().setPath(p));
    }
    a.locator("[data-test=create-seek]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=seeks] [data-test=seek-cancel]")).isVisible();

    var row = Pages.seekOf(b, "dave_e2e", "carol_e2e");
    PlaywrightAssertions.assertThat(row).containsText("no cube");
    PlaywrightAssertions.assertThat(row.locator("[data-test=seek-clock]")).hasText("5 s a point + 2 s a move");
    String route = Pages.accept(b, row);
    long accepted = System.currentTimeMillis();

    // the creator is taken to the same board by the lobby, and told who accepted
    a.waitForURL("**" + route);
    long reached = System.currentTimeMillis() - accepted;
    PlaywrightAssertions.assertThat(a.locator("[data-test=accepted-notice]")).hasText("dave_e2e accepted your game: it is on!");
    Pages.awaitBoard(a);
    Pages.awaitBoard(b);
    // both clocks on both pages: the reserve of each (5 s for a 1-point match), the delay of the one to act first
    for (Page p : List.of(a, b)) {
      PlaywrightAssertions.assertThat(p.locator("[data-test=clock-me]")).hasText(Pattern.compile("0:0\\d$"));
      PlaywrightAssertions.assertThat(p.locator("[data-test=clock-opp]")).hasText(Pattern.compile("0:0\\d$"));
    }
    for (var p : E2e.screenshotTargets("e2e-seek-accepted.png")) a.screenshot(new Page.ScreenshotOptions().setPath(p));

    // nobody moves: the player to act loses the match on time, and both pages say so
    var slow = new LocatorAssertions.HasTextOptions().setTimeout(30_000);
    Pattern over = Pattern.compile("ran out of time|Your time ran out");
    PlaywrightAssertions.assertThat(a.locator("[data-test=game-status]")).hasText(over, slow);
    PlaywrightAssertions.assertThat(b.locator("[data-test=game-status]")).hasText(over, slow);
    String sa = a.locator("[data-test=game-status]").innerText();
    String sb = b.locator("[data-test=game-status]").innerText();
    boolean aLost = sa.startsWith("Your time ran out");
    assertThat(aLost ? sa : sb).isEqualTo("Your time ran out: " + (aLost ? "dave_e2e" : "carol_e2e") + " wins the match.");
    assertThat(aLost ? sb : sa).isEqualTo((aLost ? "carol_e2e" : "dave_e2e") + " ran out of time: you win the match!");
    String loser = aLost ? "carol_e2e" : "dave_e2e";
    // the clocks stay where they stopped: the loser's reserve is gone, on both pages
    PlaywrightAssertions.assertThat((aLost ? a : b).locator("[data-test=clock-me]")).hasText("0:00");
    PlaywrightAssertions.assertThat((aLost ? b : a).locator("[data-test=clock-opp]")).hasText("0:00");
    PlaywrightAssertions.assertThat(a.locator("[data-test=history] .entry.timeout")).hasText(loser + " ran out of time and loses the match");
    PlaywrightAssertions.assertThat(b.locator("[data-test=history] .entry.timeout")).hasText(loser + " ran out of time and loses the match");
    // the score panel says why the match ended, beside a score that alone would not explain it
    for (Page p : List.of(a, b)) {
      PlaywrightAssertions.assertThat(p.locator("[data-test=score-forfeit]")).hasText(loser + " ran out of time and loses the match");
    }
    for (var p : E2e.screenshotTargets("e2e-lost-on-time.png")) b.screenshot(new Page.ScreenshotOptions().setPath(p));

    // the record says it, and the player pages
    String id = route.substring("#/game/".length());
    APIResponse rec = a.request().get("/api/games/" + id + "/export.tabla");
    assertThat(rec.status()).isEqualTo(200);
    assertThat(rec.text()).contains("Player0: carol_e2e").endsWith("Forfeit: player " + (aLost ? 0 : 1) + " loses on time\n");
    PlaywrightAssertions.assertThat(a.locator("[data-test=export-tabla]")).isVisible();
    a.navigate("/#/player/" + loser);
    PlaywrightAssertions.assertThat(a.locator("[data-test=player-result]").first()).hasText("Lost on time");
    a.navigate("/#/player/" + (aLost ? "dave_e2e" : "carol_e2e"));
    PlaywrightAssertions.assertThat(a.locator("[data-test=player-result]").first()).hasText("Won on time");
    assertThat(errors).as("errors seen by the pages").isEmpty();
    System.out.printf("e2e seek: the creator reached the board %d ms after the acceptance%n", reached);
    people.close();
  }
}
