package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;
import tabla.server.kernel.ServerConfig;

/**
 * A moderator deletes a lobby chat message from the lobby itself (everyone's page drops it), then finds it on the
 * admin page, kept and marked deleted, and mutes its author in every chat, who is then refused with the reason — on
 * the author's own Bulgarian page in Bulgarian (the refusal's code, docs/api.md).
 */
class BrowserChatModerationTest extends E2eTest {
  @Test
  void aModeratorDeletesAMessageAndMutesItsAuthor() throws Exception {
    BrowserContext ctx = e2e.newContext();
    Page mod = ctx.newPage();
    List<String> errors = Pages.watchErrors(mod);
    try {
      mod.navigate("/#/login");
      Pages.register(mod, "mod_e2e");
      setRole("mod_e2e", "moderator");
      mod.reload(); // the page learns the role when it loads
      ApiClient pest = new ApiClient(e2e.server.port()).registered("pest");
      assertThat(mod.locator("[data-test=chat-lobby]")).isVisible();
      org.assertj.core.api.Assertions.assertThat(pest.post("/api/chat/lobby", Map.of("text", "buy cheap dice <here>")).status())
          .isEqualTo(201);
      var line = mod.locator("[data-test=chat-list-lobby] [data-test=chat-message]", new Page.LocatorOptions().setHasText("buy cheap dice"));
      assertThat(line).containsText("buy cheap dice <here>");
      line.locator("[data-test=chat-delete]").click();
      assertThat(line).hasCount(0);

      mod.navigate("/admin.html");
      var row = mod.locator("[data-test=chat-mod-row]", new Page.LocatorOptions().setHasText("buy cheap dice"));
      assertThat(row).containsText("deleted by mod_e2e");
      mod.locator("[data-test=chat-author-filter]").fill(pest.name());
      mod.locator("[data-test=chat-mute-reason]").fill("advertising");
      mod.locator("[data-test=chat-mod-mute]").click();
      assertThat(mod.locator("[data-test=chat-mod-status]")).hasText(pest.name() + " is muted in chat");
      var refused = pest.post("/api/chat/lobby", Map.of("text", "hello?"));
      org.assertj.core.api.Assertions.assertThat(refused.status()).isEqualTo(403);
      org.assertj.core.api.Assertions.assertThat(refused.error()).contains("advertising");
      org.assertj.core.api.Assertions.assertThat(refused.json().get("code").asText()).isEqualTo("chat.muted_because");
      mutedInBulgarian(pest);
      for (Path file : E2e.screenshotTargets("admin-chat.png")) {
        mod.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(true));
      }
      org.assertj.core.api.Assertions.assertThat(errors).isEmpty();
    } finally {
      ctx.close();
    }
  }

  /** The muted author's own page, in Bulgarian: the refusal says so in its words, with the moderator's reason. */
  private void mutedInBulgarian(ApiClient pest) {
    BrowserContext ctx = e2e.newContext();
    try {
      Page page = ctx.newPage();
      List<String> errors = Pages.watchErrors(page);
      page.navigate("/#/login");
      page.locator("[data-test=lang]").selectOption("bg");
      page.locator("[data-test=login-name]").fill(pest.name());
      page.locator("[data-test=login-password]").fill(ApiClient.PASSWORD);
      page.locator("[data-test=login-submit]").click();
      assertThat(page.locator("[data-test=user-name]")).hasText(pest.name());
      page.locator("[data-test=chat-input-lobby]").fill("hello?");
      page.locator("[data-test=chat-send-lobby]").click();
      assertThat(page.locator("[data-test=chat-error-lobby]")).hasText("Модератор ви заглуши в чата: advertising");
      org.assertj.core.api.Assertions.assertThat(errors).as("the refused POST is the only error").allMatch(e -> e.contains("403"));
    } finally {
      ctx.close();
    }
  }

  private static void setRole(String name, String role) throws Exception {
    try (Connection c = DriverManager.getConnection(ServerConfig.h2Url(data), "tabla", "");
        PreparedStatement st = c.prepareStatement("UPDATE users SET role = ? WHERE name = ?")) {
      st.setString(1, role);
      st.setString(2, name);
      org.assertj.core.api.Assertions.assertThat(st.executeUpdate()).isEqualTo(1);
    }
  }
}
