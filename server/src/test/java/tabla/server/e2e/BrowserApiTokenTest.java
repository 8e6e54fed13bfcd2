package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;

/**
 * Issue 27: a personal API token made on the account page works for a program (an HTTP client with no cookie), and
 * once revoked on the page the program's next request is refused. The API page draws /openapi.json.
 */
class BrowserApiTokenTest extends E2eTest {
  @Test
  void aTokenMadeOnTheAccountPageServesAProgramUntilRevokedThere() {
    Member m = member("engineer");
    Page page = m.page();
    List<String> errors = m.errors();

    page.navigate("/account.html");
    assertThat(page.locator("[data-test=tokens]")).containsText("No tokens.");
    page.locator("[data-test=token-name]").fill("my engine");
    page.locator("[data-test=token-scope-play]").check();
    page.locator("[data-test=create-token]").click();
    assertThat(page.locator("[data-test=token-secret-box]")).containsText("shown only this once");
    String secret = page.locator("[data-test=token-secret]").textContent().trim();
    assertThat(secret).startsWith("tabla_");
    assertThat(page.locator("[data-test=token]")).containsText("my engine · read, play");
    for (Path p : E2e.screenshotTargets("e2e-api-tokens.png")) page.screenshot(new Page.ScreenshotOptions().setPath(p));

    ApiClient program = new ApiClient(e2e.server.port());
    ApiClient.Resp me = program.send(program.request("/api/me").header("Authorization", "Bearer " + secret).GET());
    assertThat(me.status()).as("%s", me).isEqualTo(200);
    assertThat(me.json().get("user").get("name").asText()).isEqualTo("engineer");

    page.locator("[data-test=revoke-token]").click();
    assertThat(page.locator("[data-test=tokens]")).containsText("No tokens.");
    ApiClient.Resp after = program.send(program.request("/api/me").header("Authorization", "Bearer " + secret).GET());
    assertThat(after.status()).as("%s", after).isEqualTo(401);

    page.navigate("/api.html");
    assertThat(page.locator("main h1")).hasText("The HTTP API");
    assertThat(page.locator("[data-test=api-op]").filter(new com.microsoft.playwright.Locator.FilterOptions()
        .setHasText("DELETE /api/tokens/{id}"))).hasCount(1);
    assertThat(page.locator("[data-test=api-op]").count()).isGreaterThan(70);
    assertThat(errors).isEmpty();
  }
}
