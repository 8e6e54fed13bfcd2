package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Two people in two browser profiles: register, seek, accept, and play a 1-point match to the end. */
class BrowserMatchTest extends E2eTest {
  static final Map<String, Integer> FIFTEEN_EACH = Map.of("white", 15, "black", 15);

  @Test
  void twoUsersRegisterSeekAcceptAndPlayAOnePointMatchToTheEnd() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    List<String> errors = people.errors();
    a.navigate("/#/login");
    Pages.register(a, "alice_e2e");

    // A offers a 1-point match in the lobby
    a.locator("[data-test=match-length]").selectOption("1");
    a.locator("[data-test=create-seek]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=seeks] [data-test=seek-cancel]")).isVisible();

    // B registers, finds the seek in the lobby and accepts it: B's page opens the game
    b.navigate("/#/login");
    Pages.register(b, "bob_e2e");
    b.locator("[data-test=seeks] tr", new Page.LocatorOptions().setHasText("alice_e2e"))
        .locator("[data-test=seek-accept]").click();
    b.waitForURL("**/#/game/*");
    String route = b.url().substring(b.url().indexOf("#/game/"));

    // A's lobby sees the seek accepted (it polls every 2 seconds while a seek waits) and takes A to the board
    a.waitForURL("**" + route);

    BoardPlayer pa = new BoardPlayer(a, "alice_e2e");
    BoardPlayer pb = new BoardPlayer(b, "bob_e2e");
    Pages.awaitBoard(a);
    Pages.awaitBoard(b);
    // two new players: the board's rating line says both are at the provisional start
    PlaywrightAssertions.assertThat(a.locator("[data-test=board-ratings]")).containsText("alice_e2e 1500?");

    boolean midShot = false;
    long deadline = System.currentTimeMillis() + 150_000;
    for (int i = 0; i < 20_000; i++) {
      if (pa.finished() && pb.finished()) break;
      if (System.currentTimeMillis() > deadline) fail("the match did not end in time: " + pa.status() + " / " + pb.status());
      // the mid-game picture: a few plays in, A to move, dice showing
      if (!midShot && pa.plays + pb.plays >= 8 && "move".equals(pa.state())) {
        PlaywrightAssertions.assertThat(a.locator("[data-test=board] [data-test=dice]")).isVisible();
        assertThat(pa.checkers()).isEqualTo(FIFTEEN_EACH);
        assertThat(pb.checkers()).isEqualTo(FIFTEEN_EACH);
        pa.screenshot(E2e.screenshotTargets("e2e-board-midgame.png"));
        midShot = true;
      }
      boolean acted = pa.act();
      acted |= pb.act();
      if (!acted) a.waitForTimeout(20); // a short poll while the other page catches up
    }
    assertThat(pa.finished() && pb.finished()).as("both pages show the game over").isTrue();
    // the rated match changed both ratings: the rating line says so without a reload
    for (Page p : List.of(a, b)) {
      PlaywrightAssertions.assertThat(p.locator("[data-test=board-ratings]")).not().containsText("alice_e2e 1500?");
      PlaywrightAssertions.assertThat(p.locator("[data-test=board-ratings]")).not().containsText("bob_e2e 1500?");
    }
    assertThat(midShot).as("a mid-game screenshot was taken").isTrue();
    assertThat(pa.plays + pb.plays).as("plays sent through the page").isGreaterThan(10);

    // one page says "You win the match!", the other names the winner; both show the same final score
    String sa = pa.status();
    String sb = pb.status();
    boolean aWon = sa.equals("You win the match!");
    assertThat(aWon ? sb : sa).isEqualTo((aWon ? "alice_e2e" : "bob_e2e") + " wins the match.");
    assertThat(aWon ? sa : sb).isEqualTo("You win the match!");
    assertThat(pa.scoreLine()).isEqualTo(pb.scoreLine());
    Pages.Score score = Pages.score(pa.scoreLine());
    assertThat(score.white()).isEqualTo("bob_e2e".equals(score.black()) ? "alice_e2e" : "bob_e2e");
    assertThat(score.points(aWon ? "alice_e2e" : "bob_e2e")).isPositive();
    assertThat(score.points(aWon ? "bob_e2e" : "alice_e2e")).isZero();
    PlaywrightAssertions.assertThat(a.locator("[data-test=history] .entry.result")).hasCount(1);
    PlaywrightAssertions.assertThat(b.locator("[data-test=history] .entry.result")).hasCount(1);
    assertThat(errors).as("errors seen by the pages").isEmpty();
    assertThat(pa.checkers()).isEqualTo(FIFTEEN_EACH);
    assertThat(pb.checkers()).isEqualTo(FIFTEEN_EACH);
    pa.screenshot(E2e.screenshotTargets("e2e-board-final.png"));
    // the replay steps through the whole game, from either side
    a.locator("[data-test=replay-link]").click();
    a.locator("[data-test=replay-first]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=replay-caption]")).hasText("Game 1");
    PlaywrightAssertions.assertThat(a.locator("[data-test=replay-hint]")).isDisabled(); // a game's heading is no play
    assertThat(pa.checkers()).isEqualTo(FIFTEEN_EACH); // the boards are the server's, one per history line
    for (int i = 0; i < 6; i++) a.locator("[data-test=replay-next]").click();
    // the slider's arrow keys step once (the page's own arrow keys stepped too: two steps a press)
    a.locator("[data-test=replay-slider]").focus();
    a.keyboard().press("ArrowLeft");
    PlaywrightAssertions.assertThat(a.locator("[data-test=replay-slider]")).hasValue("5");
    a.locator("[data-test=replay-next]").click();
    assertThat(pa.checkers()).isEqualTo(FIFTEEN_EACH);
    PlaywrightAssertions.assertThat(a.locator("[data-test=board] [data-test=dice]")).isVisible();
    // the analysis page's hint: the computer's best plays for this step's roll (the match is over). It is offered on
    // plays only: a game's heading, a roll or a dance has none (the button asked, and the page showed the server's
    // "line N of the history is no play to hint at"). The dice differ from run to run (both players' seeds), so the
    // test steps on to the first play
    for (int i = 0; i < 12 && !a.locator("[data-test=replay-hint]").isEnabled(); i++) a.locator("[data-test=replay-next]").click();
    com.microsoft.playwright.Response hinted = a.waitForResponse(res -> res.url().contains("/hint"),
        () -> a.locator("[data-test=replay-hint]").click());
    assertThat(hinted.status()).as("a hint for one of the first plays").isEqualTo(200);
    PlaywrightAssertions.assertThat(a.locator("[data-test=hint-list] li").first()).isVisible();
    for (java.nio.file.Path p : E2e.screenshotTargets("e2e-analysis-hint.png")) {
      a.screenshot(new com.microsoft.playwright.Page.ScreenshotOptions().setPath(p));
    }
    // the analysis: each side's error rate, the cube's beside it, and the cube errors (none in a match without the cube)
    a.locator("[data-test=analyse]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=error-rate-0]")).isVisible(
        new com.microsoft.playwright.assertions.LocatorAssertions.IsVisibleOptions().setTimeout(60_000));
    PlaywrightAssertions.assertThat(a.locator("[data-test=cube-rate-0]")).hasText("–");
    PlaywrightAssertions.assertThat(a.locator("[data-test=cube-errors]")).hasText("No cube errors.");
    a.locator("[data-test=replay-last]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=replay-hint]")).isDisabled(); // nor is the match's result
    PlaywrightAssertions.assertThat(a.locator("[data-test=replay-caption]"))
        .hasText(Pattern.compile("^Step \\d+ of \\d+ — " + (aWon ? "alice_e2e" : "bob_e2e") + " wins \\d+ points?"));
    PlaywrightAssertions.assertThat(a.locator(".replay .notice")).hasCount(0);
    System.out.printf("e2e match: %s; %d + %d plays, %d + %d checker steps clicked%n",
        pa.scoreLine(), pa.plays, pb.plays, pa.steps, pb.steps);
    people.close();
  }
}
