package tabla.cli.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tabla.server.TablaServer;
import tabla.server.kernel.ServerConfig;

/**
 * Issue 27's last line: a browser user challenges the GNU Backgammon bot from the lobby and plays a game against it.
 * The server runs in-process, the bot account's bridge ({@code --engine gnubg:0}) in a thread; the person registers
 * in Chromium, invites the bot to a 1-point match with the lobby's form, is taken to the board when the bridge
 * accepts, and plays to the end with the page's controls (Roll, then a legal play typed in the move box). The page's
 * history list is then the game's record, the result is shown, and the bridge saw the same record.
 *
 * <p>Like the server's browser tests: skipped when {@code /usr/bin/chromium} (or {@code $TABLA_CHROMIUM}) is missing,
 * unless {@code TABLA_E2E=1}, which makes that a failure; skipped when {@code /usr/games/gnubg} is missing (the line
 * names gnubg: there is no fallback engine). Playwright never downloads a browser.
 */
class BrowserChallengesBotTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BOT = "gnubgbot";
  private static final String PERSON = "petra_web";
  /** Chromium's flags as the server's browser tests start it. */
  private static final List<String> CHROMIUM_ARGS = List.of("--no-sandbox", "--disable-gpu", "--disable-quic",
      "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync");
  /** What the page lets its player do now, read in one go (as server's e2e BoardPlayer reads it). */
  private static final String STATE_JS = """
      () => {
        const q = (s) => document.querySelector(s);
        const on = (t) => { const b = q(`[data-test="${t}"]`); return !!b && !b.disabled; };
        if (q('[data-test="replay-link"]')) return 'finished';
        for (const t of ['roll', 'pass', 'take']) if (on(t)) return t;
        if (q('[data-test="board"].active') && q('[data-test="move-input"]')) return 'move';
        return 'wait';
      }""";
  private static final String MOVES_SHOWN = "[data-test=history] li.entry.move";

  @Test
  void aBrowserUserInvitesTheGnubgBotFromTheLobbyAndPlaysAOnePointMatch(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(Path.of(GnubgProcess.DEFAULT)), "GNU Backgammon is not installed at " + GnubgProcess.DEFAULT);
    Path chromium = Path.of(System.getenv().getOrDefault("TABLA_CHROMIUM", "/usr/bin/chromium"));
    if (!Files.isExecutable(chromium)) {
      if ("1".equals(System.getenv("TABLA_E2E"))) fail("Chromium is not installed at " + chromium + ": TABLA_E2E=1 requires the browser tests to run");
      assumeTrue(false, "Chromium is not installed at " + chromium + " (apt-get install -y chromium): browser test skipped");
    }
    long started = System.currentTimeMillis();
    ExecutorService bridgeThread = Executors.newSingleThreadExecutor();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (TablaServer server = TablaServer.start(new ServerConfig(0, ServerConfig.h2Url(dir.resolve("site")), "tabla", "", 7L,
            tabla.server.kernel.SiteSettings.defaults().withDataDir(dir.resolve("site"))));
        Playwright pw = Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        Browser browser = pw.chromium().launch(new BrowserType.LaunchOptions()
            .setExecutablePath(chromium).setHeadless(true).setArgs(CHROMIUM_ARGS))) {
      String url = "http://localhost:" + server.port();
      String token = TestBots.account(url, BOT);
      // the bridge as `./tabla bot-bridge --engine gnubg:0 --games 1 --record DIR`: it accepts the invitation it sees
      Future<BotBridge.Outcome> bridge = bridgeThread.submit(() -> new BotBridge(url, token,
          tabla.cli.BotBridgeEngines.of("gnubg:0", 7), new BotBridge.Options(1, 1, null, null, dir.resolve("seen"),
          new PrintStream(log, true))).run());

      BrowserContext ctx = browser.newContext(new Browser.NewContextOptions()
          .setBaseURL(url).setViewportSize(1280, 960).setLocale("en-GB"));
      ctx.setDefaultTimeout(20_000);
      Page page = ctx.newPage();
      List<String> errors = watchErrors(page);
      page.navigate("/#/login");
      page.locator("[data-test=register-name]").fill(PERSON);
      page.locator("[data-test=register-password]").fill("e2e-secret-pw");
      page.locator("[data-test=register-submit]").click();
      PlaywrightAssertions.assertThat(page.locator("[data-test=user-name]")).hasText(PERSON);

      // the lobby's custom form (behind "Custom game…" for a member): a 1-point match, the bot invited by name; the
      // bridge accepts and the lobby opens the board
      page.locator("[data-test=custom-game]").click();
      PlaywrightAssertions.assertThat(page.locator("[data-test=create-seek]")).isVisible();
      page.locator("[data-test=match-length]").selectOption("1");
      page.locator("[data-test=invite]").fill(BOT);
      page.locator("[data-test=create-seek]").click();
      page.waitForURL("**/#/game/*");
      long game = Long.parseLong(page.url().substring(page.url().indexOf("#/game/") + 7));
      PlaywrightAssertions.assertThat(page.locator("[data-test=board] [data-test=point-24]")).hasCount(1);

      int plays = play(page, ctx, game, log);
      BotBridge.Outcome outcome = bridge.get(30, TimeUnit.SECONDS);
      assertThat(outcome).as(log.toString()).isEqualTo(new BotBridge.Outcome(1, 0, 0));

      JsonNode snap = snapshot(ctx, game);
      assertThat(snap.get("status").asText()).isEqualTo("finished");
      assertThat(snap.get("rules").get("matchLength").asInt()).isEqualTo(1);
      int me = snap.get("you").asInt();
      assertThat(snap.get("players").get(1 - me).get("name").asText()).isEqualTo(BOT);
      // the page's history is the game's: each play as the board writes it (high die first), one line per entry
      PlaywrightAssertions.assertThat(page.locator("[data-test=history] .entry.result")).hasCount(1);
      List<String> shown = page.locator(MOVES_SHOWN).allInnerTexts().stream().map(String::strip).toList();
      assertThat(shown).isEqualTo(moves(snap));
      assertThat(page.locator("[data-test=history] li.entry").count()).isEqualTo(snap.get("history").size());
      long botPlays = 0;
      for (JsonNode e : snap.get("history")) if (e.get("type").asText().equals("move") && e.get("player").asInt() == 1 - me) botPlays++;
      assertThat(botPlays).as("gnubg's plays").isPositive();
      assertThat(plays).as("plays typed in the page").isPositive();
      // the result is shown, as the record has it
      boolean iWon = snap.get("matchWinner").asInt() == me;
      PlaywrightAssertions.assertThat(page.locator("[data-test=game-status]"))
          .hasText(iWon ? "You win the match!" : BOT + " wins the match.");
      // and the bridge saw the same record
      List<Path> seen;
      try (var s = Files.list(dir.resolve("seen"))) {
        seen = s.toList();
      }
      assertThat(seen).hasSize(1);
      assertThat(JSON.readTree(seen.get(0).toFile()).get("history")).isEqualTo(BotBridge.GameView.plain(snap.get("history")));

      Path shot = Path.of("target", "e2e", "e2e-browser-vs-gnubg-bot.png");
      Files.createDirectories(shot.getParent());
      page.screenshot(new Page.ScreenshotOptions().setPath(shot).setFullPage(true));
      assertThat(errors).as("errors seen by the page").isEmpty();
      System.out.printf("browser vs gnubg bot: %s won; %d plays (%d typed in the page) in %d ms%n",
          iWon ? PERSON : BOT, shown.size(), plays, System.currentTimeMillis() - started);
      ctx.close();
    } finally {
      bridgeThread.shutdownNow();
    }
  }

  /**
   * Plays the person's seat to the end through the page: Roll, Pass, Take when they are enabled; on its move the first
   * legal play the game's snapshot lists (asked with the page's own session), typed in the move box and sent with
   * Enter. Returns the plays typed.
   */
  private static int play(Page page, BrowserContext ctx, long game, ByteArrayOutputStream log) throws Exception {
    long deadline = System.currentTimeMillis() + 90_000;
    int plays = 0;
    while (true) {
      if (System.currentTimeMillis() > deadline) {
        fail("the game did not end in time: " + page.locator("[data-test=game-status]").innerText() + "; the bridge said:\n" + log);
      }
      String state = (String) page.evaluate(STATE_JS);
      switch (state) {
        case "finished" -> {
          return plays;
        }
        case "roll", "pass", "take" -> page.locator("[data-test=" + state + "]").click();
        case "move" -> {
          JsonNode s = snapshot(ctx, game);
          boolean mine = false;
          for (JsonNode a : s.path("actions")) mine |= a.asText().equals("move");
          if (!mine || s.path("legalPlays").isEmpty()) { // the page is a step ahead of the snapshot: look again
            page.waitForTimeout(50);
            continue;
          }
          int before = page.locator(MOVES_SHOWN).count();
          page.locator("[data-test=move-input]").fill(s.get("legalPlays").get(0).get("move").asText());
          page.locator("[data-test=move-input]").press("Enter");
          try {
            page.waitForFunction("(n) => document.querySelectorAll('" + MOVES_SHOWN + "').length > n", before,
                new Page.WaitForFunctionOptions().setTimeout(5_000));
            plays++;
          } catch (com.microsoft.playwright.TimeoutError redrawn) {
            // the controls were drawn anew between typing and Enter (nothing sent): the loop looks again
          }
        }
        default -> page.waitForTimeout(50);
      }
    }
  }

  /** The game as the person's session sees it (GET /api/games/{id} with the page's cookies). */
  private static JsonNode snapshot(BrowserContext ctx, long game) throws Exception {
    var r = ctx.request().get("/api/games/" + game);
    assertThat(r.status()).as(r.text()).isEqualTo(200);
    return JSON.readTree(r.text());
  }

  /** The moves of the API's history as the board writes them: the roll high die first ("51: …", as .mat does). */
  private static List<String> moves(JsonNode snap) {
    List<String> out = new ArrayList<>();
    for (JsonNode e : snap.get("history")) {
      if (!e.get("type").asText().equals("move")) continue;
      String text = e.get("text").asText();
      boolean lowFirst = text.length() > 2 && Character.isDigit(text.charAt(0)) && Character.isDigit(text.charAt(1))
          && text.charAt(0) < text.charAt(1);
      out.add(lowFirst ? "" + text.charAt(1) + text.charAt(0) + text.substring(2) : text);
    }
    return out;
  }

  /** Script errors, console errors and failed answers the page met (the board's late dice seed, 409, is expected). */
  private static List<String> watchErrors(Page page) {
    List<String> errors = new CopyOnWriteArrayList<>();
    page.onPageError(e -> errors.add("page error: " + e));
    page.onConsoleMessage(m -> {
      if ("error".equals(m.type()) && !(m.text().contains("status of 409") && m.location().endsWith("/seed:0:0"))) {
        errors.add("console: " + m.text() + " at " + m.location());
      }
    });
    page.onResponse(r -> {
      if (r.status() >= 400 && !(r.status() == 409 && r.url().endsWith("/seed"))) {
        errors.add("HTTP " + r.status() + " " + r.request().method() + " " + r.url());
      }
    });
    return errors;
  }
}
