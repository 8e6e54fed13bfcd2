package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;

/**
 * An invitation from the online list: Invite opens a dialog with the rules (the lobby form's preset); Cancel sends
 * nothing, Confirm sends what the dialog says. The invited player, away from the lobby, sees a notice naming who
 * invites them to what, with Accept (to the new board) and Decline.
 */
class BrowserInviteTest extends E2eTest {
  @Test
  void inviteAsksTheRulesAndTheInvitedSeesANoticeAnywhere() {
    TwoPeople p = twoPeople();
    try {
      p.a().navigate("/#/login");
      Pages.register(p.a(), "ivy_invites");
      p.b().navigate("/#/login");
      Pages.register(p.b(), "ted_invited");
      ApiClient ted = new ApiClient(e2e.server.port());
      assertThat(ted.login("ted_invited", E2e.PASSWORD).status()).isEqualTo(200);
      // Ted is away from the lobby, on Ivy's player page
      p.b().navigate("/#/player/ivy_invites");
      Locator row = p.a().locator("[data-test=online-player][data-name=ted_invited]");
      p.a().locator("[data-test=match-length]").selectOption("7");

      // Cancel sends nothing
      row.locator("[data-test=online-invite]").click();
      assertThat(p.a().locator("[data-test=invite-length]")).hasValue("7");
      p.a().locator("[data-test=invite-cancel]").click();
      assertThat(p.a().locator("[data-test=invite-dialog]")).hasCount(0);

      // Confirm sends the dialog's rules, not the form's (and the Cancel before it sent no 7-point one); Ted declines
      row.locator("[data-test=online-invite]").click();
      p.a().locator("[data-test=invite-length]").selectOption("3");
      p.a().locator("[data-test=invite-confirm]").click();
      Locator notice = p.b().locator("[data-test=notice-invited]");
      assertThat(notice).containsText("ivy_invites invites you: 3-point match");
      var sent = ted.get("/api/seeks?limit=100").json().get("seeks");
      assertThat(sent).hasSize(1);
      assertThat(sent.get(0).get("rules").get("matchLength").asInt()).isEqualTo(3);
      notice.locator("[data-test=notice-invited-decline]").click();
      assertThat(notice).hasCount(0);
      assertThat(ted.get("/api/seeks?limit=100").json().get("seeks")).isEmpty();

      // and accepts the second: both go to the new board
      row.locator("[data-test=online-invite]").click();
      p.a().locator("[data-test=invite-confirm]").click();
      assertThat(notice).containsText("7-point match");
      notice.locator("[data-test=notice-invited-accept]").click();
      p.b().waitForURL("**/#/game/*");
      p.a().waitForURL("**/#/game/*");
      assertThat(p.b().url().substring(p.b().url().indexOf("#/game/"))).isEqualTo(p.a().url().substring(p.a().url().indexOf("#/game/")));
      assertThat(p.errors()).isEmpty();
    } finally {
      p.close();
    }
  }
}
