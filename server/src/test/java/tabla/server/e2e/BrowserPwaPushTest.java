package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tabla.server.alerts.PushEndpoint;

/**
 * The installable site and Web Push in Chromium (issue 28): the account page's "Alerts on this device" asks the
 * notification permission (granted by the context), subscribes with the site's key and hands the subscription to the
 * server, whose push for a correspondence turn a push endpoint started by the test decrypts; off forgets it. Chromium
 * finds the manifest with no installability error, the service worker registers for the whole site, and with the
 * server stopped a navigation shows the offline page. Headless Chromium has no push service of its own (Google's,
 * out of reach here): its PushManager is replaced by one that hands out the test endpoint's subscription.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BrowserPwaPushTest extends E2eTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A PushManager whose subscription is the test endpoint's (kept in localStorage, as a browser keeps its own). */
  private static String fakePushManager(Map<String, Object> sub) throws Exception {
    return "(() => { const sub = " + JSON.writeValueAsString(sub) + ";\n"
        + "const made = () => ({ endpoint: sub.endpoint, toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, "
        + "keys: sub.keys }), unsubscribe: async () => { localStorage.removeItem('test.push'); return true; } });\n"
        + "PushManager.prototype.subscribe = async function (o) {\n"
        + "  localStorage.setItem('test.pushKey', btoa(String.fromCharCode(...new Uint8Array(o.applicationServerKey))));\n"
        + "  localStorage.setItem('test.push', '1'); return made(); };\n"
        + "PushManager.prototype.getSubscription = async function () {\n"
        + "  return localStorage.getItem('test.push') ? made() : null; }; })();";
  }

  @Test
  @Order(1)
  void theDeviceToggleSubscribesThisBrowserAndAMoveIsPushedToIt() throws Exception {
    try (PushEndpoint endpoint = new PushEndpoint()) {
      BrowserContext ctxA = e2e.newContext();
      BrowserContext ctxB = e2e.newContext();
      ctxB.grantPermissions(List.of("notifications"));
      ctxB.addInitScript(fakePushManager(endpoint.subscription()));
      Page a = ctxA.newPage();
      Page b = ctxB.newPage();
      List<String> errors = Pages.watchErrors(a);
      Pages.watchErrors(b, errors);
      a.navigate("/#/login");
      Pages.register(a, "abe_push");
      b.navigate("/#/login");
      Pages.register(b, "bea_push");
      b.navigate("/account.html");
      PlaywrightAssertions.assertThat(b.locator("[data-test=push-device]")).isEnabled();
      PlaywrightAssertions.assertThat(b.locator("[data-test=push-device]")).not().isChecked();
      b.locator("[data-test=push-device]").check();
      PlaywrightAssertions.assertThat(b.locator("[data-test=push-status]")).hasText("This device gets the alerts.");
      JsonNode mine = BrowserTurnAlertsTest.json(ctxB.request().get("/api/me/push"));
      assertThat(mine.get("devices").asInt()).isEqualTo(1);
      // the browser subscribed with the site's own key (base64 here, base64url from the server)
      String key = (String) b.evaluate("localStorage.getItem('test.pushKey')");
      assertThat(java.util.Base64.getDecoder().decode(key))
          .isEqualTo(java.util.Base64.getUrlDecoder().decode(mine.get("key").asText()));
      for (Path p : E2e.screenshotTargets("e2e-account-push.png")) b.screenshot(new Page.ScreenshotOptions().setPath(p));

      long seek = BrowserTurnAlertsTest.post(ctxA, "/api/seeks",
          "{\"rules\":{\"matchLength\":3},\"mode\":\"correspondence\",\"secondsPerMove\":86400}").get("seek").get("id").asLong();
      long game = BrowserTurnAlertsTest.post(ctxB, "/api/seeks/" + seek + "/accept", "{}").get("gameId").asLong();
      JsonNode first = BrowserTurnAlertsTest.json(ctxA.request().get("/api/games/" + game));
      if (first.get("turn").asInt() == first.get("you").asInt()) BrowserTurnAlertsTest.playTurnOverApi(ctxA, game);
      PushEndpoint.Received pushed = endpoint.next(30);
      assertThat(pushed).as("the turn's push").isNotNull();
      JsonNode m = JSON.readTree(pushed.text());
      assertThat(m.get("body").asText()).isEqualTo("Game " + game + " against abe_push: it is your turn.");
      assertThat(m.get("url").asText()).isEqualTo("/#/game/" + game);

      b.navigate("/account.html");
      PlaywrightAssertions.assertThat(b.locator("[data-test=push-device]")).isChecked();
      b.locator("[data-test=push-device]").uncheck();
      PlaywrightAssertions.assertThat(b.locator("[data-test=push-status]")).hasText("No more alerts on this device.");
      assertThat(BrowserTurnAlertsTest.json(ctxB.request().get("/api/me/push")).get("devices").asInt()).isZero();
      assertThat(errors).isEmpty();
      ctxA.close();
      ctxB.close();
    }
  }

  /** Last: it stops the server. */
  @Test
  @Order(2)
  void chromiumFindsTheManifestAndTheWorkerAndShowsTheOfflinePage() throws Exception {
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    page.navigate("/");
    Object scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope + ' ' + r.active.scriptURL)");
    assertThat(scope).isEqualTo(e2e.base + "/ " + e2e.base + "/sw.js");
    CDPSession cdp = ctx.newCDPSession(page);
    JsonNode manifest = JSON.readTree(cdp.send("Page.getAppManifest").toString());
    assertThat(manifest.get("url").asText()).isEqualTo(e2e.base + "/manifest.json");
    assertThat(manifest.get("errors")).as("%s", manifest).isEmpty();
    assertThat(manifest.get("data").asText()).contains("\"name\": \"Tabla backgammon\"");
    JsonNode installable = JSON.readTree(cdp.send("Page.getInstallabilityErrors").toString());
    // Chromium's own install check, every criterion in its debug mode; "in-incognito" is the test's browser profile
    List<String> notInstallable = new java.util.ArrayList<>();
    installable.get("installabilityErrors").forEach(e -> notInstallable.add(e.get("errorId").asText()));
    assertThat(notInstallable).as("%s", installable).isSubsetOf("in-incognito");
    // …and the check can fail: a page of the site without the manifest's link is not installable
    Page bare = ctx.newPage();
    bare.navigate("/reset.html");
    JsonNode noManifest = JSON.readTree(ctx.newCDPSession(bare).send("Page.getInstallabilityErrors").toString());
    assertThat(noManifest.toString()).contains("no-manifest");
    bare.close();
    for (String icon : List.of("/icons/icon-192.png", "/icons/icon-512.png")) {
      assertThat(ctx.request().get(icon).headers().get("content-type")).isEqualTo("image/png");
    }
    page.reload(); // now the worker controls the page
    assertThat(page.evaluate("!!navigator.serviceWorker.controller")).isEqualTo(true);

    page.navigate("about:blank"); // no socket of the lobby's left to complain when the server goes
    e2e.server.close();
    page.navigate(e2e.base + "/account.html");
    PlaywrightAssertions.assertThat(page.locator("[data-test=offline-title]")).hasText("Tabla cannot be reached");
    PlaywrightAssertions.assertThat(page.locator("[data-test=offline-retry]")).hasAttribute("href", "/");
    // its script and the messages came from the worker's cache too: the title is the translated one
    PlaywrightAssertions.assertThat(page).hasTitle("Tabla · Tabla cannot be reached");
    for (Path p : E2e.screenshotTargets("e2e-offline.png")) page.screenshot(new Page.ScreenshotOptions().setPath(p));
    errors.removeIf(e -> e.contains("ERR_CONNECTION_REFUSED") || e.contains("Failed to fetch"));
    assertThat(errors).isEmpty();
    e2e.failedLoads.clear(); // the server is gone on purpose
    ctx.close();
  }
}
