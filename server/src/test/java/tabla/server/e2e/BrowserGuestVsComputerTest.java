package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A guest plays the computer at its strongest level (the neural network) to the end of a 1-point match. */
class BrowserGuestVsComputerTest extends E2eTest {
  @Test
  void guestPlaysTheStrongComputerToTheEndOfAOnePointMatch() {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    page.navigate("/#/login");
    page.locator("[data-test=guest]").click();
    PlaywrightAssertions.assertThat(page.locator("[data-test=play-computer]")).isVisible();
    // guests may not seek people; the computer's level offers "strong" and starts on it
    PlaywrightAssertions.assertThat(page.locator("[data-test=create-seek]")).hasCount(0);
    PlaywrightAssertions.assertThat(page.locator("[data-test=computer-level]")).hasValue("strong");
    page.locator("[data-test=match-length]").selectOption("1");
    page.locator("[data-test=play-computer]").click();
    page.waitForURL("**/#/game/*");
    Pages.awaitBoard(page);
    PlaywrightAssertions.assertThat(page.locator(".player-bar.opp .name")).hasText("Computer (Strong)");

    BoardPlayer me = new BoardPlayer(page, "guest");
    long deadline = System.currentTimeMillis() + 120_000;
    for (int i = 0; i < 20_000 && !me.finished(); i++) {
      if (System.currentTimeMillis() > deadline) {
        fail("the match did not end in time: " + me.rolls() + " rolls, " + me.plays + " plays; " + me.describe()
            + "; history: " + page.locator("[data-test=history]").innerText());
      }
      if (!me.act()) page.waitForTimeout(20); // the computer's turn: a short poll
    }
    assertThat(me.finished()).as("the page shows the game over").isTrue();
    assertThat(me.plays).as("plays sent through the page").isGreaterThan(5);
    String status = me.status();
    String score = me.scoreLine();
    String guest = page.locator("[data-test=user-name]").innerText().trim();
    Pages.Score sc = Pages.score(score);
    assertThat(List.of(sc.white(), sc.black())).containsExactlyInAnyOrder(guest, "Computer (Strong)");
    if (status.equals("You win the match!")) {
      assertThat(sc.points(guest)).isPositive();
      assertThat(sc.points("Computer (Strong)")).isZero();
    } else {
      assertThat(status).isEqualTo("Computer (Strong) wins the match.");
      assertThat(sc.points("Computer (Strong)")).isPositive();
      assertThat(sc.points(guest)).isZero();
    }
    PlaywrightAssertions.assertThat(page.locator("[data-test=history] .entry.result")).hasCount(1);
    assertThat(me.checkers()).isEqualTo(BrowserMatchTest.FIFTEEN_EACH);
    assertThat(errors).as("errors seen by the page").isEmpty();
    System.out.printf("e2e guest vs computer: %s; %s; %d plays%n", status, score, me.plays);
    ctx.close();
  }
}
