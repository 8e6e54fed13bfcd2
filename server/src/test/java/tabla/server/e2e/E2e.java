package tabla.server.e2e;

import tabla.server.kernel.SiteSettings;
import static org.junit.jupiter.api.Assertions.fail;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import tabla.server.kernel.ServerConfig;
import tabla.server.TablaServer;

/**
 * One end-to-end fixture: the server in-process (H2 in a temporary folder, seeded dice) and Debian's
 * headless Chromium driven by Playwright.
 *
 * <p>The contract with the environment: the browser is {@code /usr/bin/chromium} (or {@code
 * $TABLA_CHROMIUM}). When it is missing, the tests are skipped, unless {@code TABLA_E2E=1}, which
 * makes a missing browser a failure ({@code ./tabla test} sets it). Playwright never downloads a
 * browser: the driver is started with {@code PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1} whatever the
 * environment says.
 */
final class E2e implements AutoCloseable {
  /** The test dice seed: every game's dice follow from it and the game id, so a run repeats. */
  static final long DICE_SEED = 7L;
  static final String PASSWORD = "e2e-secret-pw";
  static final List<String> CHROMIUM_ARGS = List.of("--no-sandbox", "--disable-gpu", "--disable-quic",
      "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync");

  /** Why the tests are skipped when there is no browser. */
  static final String MISSING = "Chromium is not installed at " + chromiumPath()
      + " (apt-get install -y chromium): browser tests skipped (TABLA_E2E=1 makes this a failure)";

  final TablaServer server;
  final Playwright playwright;
  final Browser browser;
  final String base;
  /**
   * Scripts, styles and message files whose loading failed in a page: a moved file or a wrong import path, or only a
   * page that navigated on before they came (Chromium reports both as aborted): {@link #close} asks the server again.
   */
  final java.util.Set<String> failedLoads = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private E2e(TablaServer server, Playwright playwright, Browser browser) {
    this.server = server;
    this.playwright = playwright;
    this.browser = browser;
    this.base = "http://localhost:" + server.port();
  }

  /**
   * Starts the server on a random port and the browser; null when Chromium is missing (the tests
   * then skip), or a failure when TABLA_E2E=1.
   */
  static E2e start(Path dataDir) {
    return start(dataDir, c -> c);
  }

  /** {@link #start(Path)} with the server's configuration changed first (mail, site settings). */
  static E2e start(Path dataDir, java.util.function.UnaryOperator<ServerConfig> change) {
    Path chromium = chromiumPath();
    if (!Files.isExecutable(chromium)) {
      if ("1".equals(System.getenv("TABLA_E2E"))) {
        fail("Chromium is not installed at " + chromium + " (apt-get install -y chromium): TABLA_E2E=1 requires the browser tests to run");
      }
      return null;
    }
    TablaServer server = TablaServer.start(change.apply(new ServerConfig(0, ServerConfig.h2Url(dataDir), "tabla", "",
        DICE_SEED, tabla.server.kernel.SiteSettings.defaults().withDataDir(dataDir))
        .withLimits(tabla.server.kernel.http.RateLimits.defaults().withoutCreationLimits())));
    Playwright pw = null;
    try {
      // Locator assertions wait as long as actions (newContext): Playwright's own 5 s is tight where two test JVMs,
      // each with a browser and a server, share two cores (docs/testing.md "Time"). A passing assertion waits no
      // longer; one that sets its own timeout (BrowserTurnAlertsTest's 2 s) keeps it.
      PlaywrightAssertions.setDefaultAssertionTimeout(ACTION_TIMEOUT_MILLIS);
      pw = Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
      Browser browser = pw.chromium().launch(new BrowserType.LaunchOptions()
          .setExecutablePath(chromium).setHeadless(true).setArgs(CHROMIUM_ARGS));
      return new E2e(server, pw, browser);
    } catch (RuntimeException e) {
      if (pw != null) pw.close();
      server.close();
      throw e;
    }
  }

  /** How long an action or a locator assertion waits for its element or state. */
  static final int ACTION_TIMEOUT_MILLIS = 20_000;

  /** /usr/bin/chromium, or $TABLA_CHROMIUM. */
  static Path chromiumPath() {
    String override = System.getenv("TABLA_CHROMIUM");
    return Paths.get(override != null && !override.isBlank() ? override : "/usr/bin/chromium");
  }

  /** A fresh browser profile (its own cookies and localStorage): one per user. */
  BrowserContext newContext() {
    BrowserContext c = browser.newContext(new Browser.NewContextOptions()
        .setBaseURL(base).setViewportSize(1280, 960).setLocale("en-GB"));
    c.setDefaultTimeout(ACTION_TIMEOUT_MILLIS);
    // a page whose module graph misses one file still half-works: every browser test guards every page it opens
    c.onPage(p -> {
      p.onResponse(r -> {
        if (r.status() >= 400 && isAsset(r.url())) failedLoads.add(r.url());
      });
      p.onRequestFailed(r -> {
        if (isAsset(r.url())) failedLoads.add(r.url());
      });
    });
    return c;
  }

  /** The repository's root (where docs/ is), found upwards from the module's folder. */
  static Path repoRoot() {
    Path p = Paths.get(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
    for (Path q = p; q != null; q = q.getParent()) {
      if (Files.isRegularFile(q.resolve("docs/api.md"))) return q;
    }
    return p;
  }

  /**
   * Where screenshots go: server/target/e2e always. With TABLA_E2E_SCREENSHOTS=docs (or
   * -Dtabla.e2e.screenshots=docs) also docs/screenshots, but only for the few pictures kept there (the
   * docs show them; the repository keeps them small: shrink a refreshed one with pngquant).
   */
  static List<Path> screenshotTargets(String fileName) {
    Path root = repoRoot();
    Path target = Paths.get(System.getProperty("basedir", root.resolve("server").toString())).resolve("target/e2e/" + fileName);
    String mode = System.getProperty("tabla.e2e.screenshots", System.getenv().getOrDefault("TABLA_E2E_SCREENSHOTS", ""));
    Path kept = root.resolve("docs/screenshots/" + fileName);
    return "docs".equals(mode) && Files.isRegularFile(kept) ? List.of(target, kept) : List.of(target);
  }

  /** A static file of the site (not the API's answers, which may be refusals on purpose). */
  static boolean isAsset(String url) {
    String path = java.net.URI.create(url).getPath();
    return path != null && !path.startsWith("/api/") && path.matches(".*\\.(js|css|json|html)");
  }

  /** Those of the files that failed to load in a page which the server does not have. */
  List<String> missingFiles() {
    java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
    List<String> missing = new java.util.ArrayList<>();
    for (String url : new java.util.TreeSet<>(failedLoads)) {
      try {
        int status = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).build(),
            java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode();
        if (status >= 400) missing.add(status + " " + url);
      } catch (java.io.IOException | InterruptedException e) {
        missing.add(e + " " + url);
      }
    }
    return missing;
  }

  @Override
  public void close() {
    List<String> missing;
    try {
      browser.close();
      playwright.close();
    } finally {
      missing = missingFiles();
      server.close();
    }
    if (!missing.isEmpty()) fail("static files the pages asked for and the server does not have: " + missing);
  }
}
