package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tabla.server.ApiClient;
import tabla.server.fibs.BoardPlayer;
import tabla.server.fibs.ClipClient;
import tabla.server.fibs.ClipPlayer;
import tabla.server.kernel.FibsSettings;

/**
 * A CLIP user (a real socket to the FIBS door) against a browser user, one site: the CLIP user is in the browser's
 * online list; the browser invites him from it to a 1-point match; he hears FIBS's invitation line and joins; both play
 * to the end, the CLIP side with the first legal play of each roll (core's rules, from its {@code board:} lines), the
 * browser by clicks. Both saw the same dice, moves and result: the CLIP transcript, the browser's history list and
 * board, and the game's snapshot agree.
 */
class BrowserVsClipTest {
  static final String WEB = "brenda_web";
  static final String CLIP = "clint_clip";
  @TempDir static Path data;
  static E2e e2e;

  @BeforeAll
  static void start() {
    e2e = E2e.start(data, c -> c.withFibs(FibsSettings.on(0)));
  }

  @AfterAll
  static void stop() {
    if (e2e != null) e2e.close();
  }

  @BeforeEach
  void needsBrowser() {
    org.junit.jupiter.api.Assumptions.assumeTrue(e2e != null, E2e.MISSING);
  }

  @Test
  void aBrowserUserInvitesAClipUserAndTheyPlayAOnePointMatchToTheEnd() throws Exception {
    ApiClient clipsAccount = new ApiClient(e2e.server.port());
    assertThat(clipsAccount.register(CLIP, E2e.PASSWORD).status()).isEqualTo(201);
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    try (ClipClient clint = new ClipClient(CLIP, e2e.server.fibsPort())) {
      clint.login(CLIP, E2e.PASSWORD);
      page.navigate("/#/login");
      Pages.register(page, WEB);
      // the CLIP user is in the web's online list, and the browser user in CLIP's who
      var row = page.locator("[data-test=online-player][data-name=" + CLIP + "]");
      PlaywrightAssertions.assertThat(row).hasAttribute("data-state", "idle");
      clint.send("who " + WEB);
      clint.await("^5 " + WEB + " - - 1 0 ");

      // a shout is the lobby chat: the browser reads it
      clint.send("shout hello from CLIP");
      PlaywrightAssertions.assertThat(page.locator("[data-test=chat-list-lobby]")).containsText("hello from CLIP");

      page.locator("[data-test=match-length]").selectOption("1");
      row.locator("[data-test=online-invite]").click();
      // the dialog asks the rules first, the form's preset: the 1-point match chosen above
      PlaywrightAssertions.assertThat(page.locator("[data-test=invite-length]")).hasValue("1");
      page.locator("[data-test=invite-confirm]").click();
      clint.await("^" + WEB + " wants to play a 1 point match with you\\.$");
      clint.await("^Type 'join " + WEB + "' to accept\\.$");
      CompletableFuture<String> clipSide = ClipPlayer.play(clint, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
      clint.send("join " + WEB);
      // the browser's lobby hears the invitation accepted and opens the board
      page.waitForURL("**/#/game/*");
      long game = Long.parseLong(page.url().substring(page.url().indexOf("#/game/") + 7));
      Pages.awaitBoard(page);

      tabla.server.e2e.BoardPlayer browser = new tabla.server.e2e.BoardPlayer(page, WEB);
      long deadline = System.currentTimeMillis() + 150_000;
      boolean midShot = false;
      while (!browser.finished()) {
        if (System.currentTimeMillis() > deadline) fail("the match did not end in time: " + browser.status() + "; " + clint.tail());
        if (!midShot && browser.plays >= 4 && "move".equals(browser.state())) {
          browser.screenshot(E2e.screenshotTargets("e2e-browser-vs-clip.png"));
          midShot = true;
        }
        if (!browser.act()) page.waitForTimeout(20);
      }
      String clipEnd = clipSide.get(30, TimeUnit.SECONDS);
      JsonNode snap = clipsAccount.snapshot(game);
      int clipSeat = snap.get("you").asInt();
      int webSeat = 1 - clipSeat;
      assertThat(snap.get("players").get(webSeat).get("name").asText()).isEqualTo(WEB);
      assertThat(snap.get("status").asText()).isEqualTo("finished");

      // the result: the same on both sides and in the snapshot
      boolean clipWon = snap.get("matchWinner").asInt() == clipSeat;
      int points = snap.get("score").get(clipWon ? clipSeat : webSeat).asInt();
      assertThat(clipEnd).isEqualTo((clipWon ? "You win" : WEB + " wins") + " the 1 point match " + points + "-0 .");
      assertThat(browser.status()).isEqualTo(clipWon ? CLIP + " wins the match." : "You win the match!");
      assertThat(Pages.score(browser.scoreLine()).points(clipWon ? CLIP : WEB)).isEqualTo(points);

      // the dice: every roll the CLIP user was told, in order, is the roll of each play in the game's history
      List<String> apiMoves = moves(snap);
      assertThat(clipDice(clint.transcript)).isEqualTo(rolls(snap));
      // the moves: the browser's history list is the game's, and the CLIP user was told each of the browser's plays
      List<String> shown = page.locator("[data-test=history] li.entry.move").allInnerTexts().stream().map(String::strip).toList();
      assertThat(shown).isEqualTo(apiMoves);
      long webPlays = 0;
      long webPasses = 0;
      for (JsonNode e : snap.get("history")) {
        if (!e.get("type").asText().equals("move") || e.get("player").asInt() != webSeat) continue;
        if (e.get("text").asText().endsWith(": pass")) webPasses++;
        else webPlays++;
      }
      assertThat(clint.transcript.stream().filter(l -> l.matches(WEB + " moves [0-9a-z -]+ \\.")).count()).isEqualTo(webPlays);
      assertThat(clint.transcript.stream().filter(l -> l.equals(WEB + " can't move.")).count()).isEqualTo(webPasses);
      assertThat(webPlays).isPositive();
      assertThat(browser.plays).as("plays sent through the page").isPositive(); // its count may include a click the page redid

      // the last board: the CLIP user's board line is the game's final position
      assertFinalBoard(clint, snap, clipSeat);
      assertThat(browser.checkers()).isEqualTo(BrowserMatchTest.FIFTEEN_EACH);
      assertThat(midShot).as("a mid-game screenshot was taken").isTrue();
      browser.screenshot(E2e.screenshotTargets("e2e-browser-vs-clip-final.png"));
      assertThat(errors).as("errors seen by the page").isEmpty();
      System.out.printf("browser vs CLIP: %s; %d moves, %s%n", browser.scoreLine(), apiMoves.size(), clipEnd);
    } finally {
      ctx.close();
    }
  }

  /**
   * A web spectator watches two CLIP users play: the CLIP match is a site game like any other, its board opens from the
   * game's page, and the spectator's page shows the moves and the result the CLIP users were told.
   */
  @Test
  void aWebSpectatorWatchesTwoClipUsersPlay() throws Exception {
    ApiClient annsAccount = new ApiClient(e2e.server.port());
    assertThat(annsAccount.register("ann_clip", E2e.PASSWORD).status()).isEqualTo(201);
    assertThat(new ApiClient(e2e.server.port()).register("bob_clip", E2e.PASSWORD).status()).isEqualTo(201);
    BrowserContext ctx = e2e.newContext();
    Page page = ctx.newPage();
    List<String> errors = Pages.watchErrors(page);
    try (ClipClient ann = new ClipClient("ann_clip", e2e.server.fibsPort());
        ClipClient bob = new ClipClient("bob_clip", e2e.server.fibsPort())) {
      ann.login("ann_clip", E2e.PASSWORD);
      bob.login("bob_clip", E2e.PASSWORD);
      ann.send("toggle ready");
      bob.send("toggle ready");
      bob.await("^\\*\\* You're now ready to invite or join someone\\.$");
      ann.send("invite bob_clip 1");
      bob.await("^ann_clip wants to play a 1 point match with you\\.$");
      bob.send("join ann_clip");
      ann.await("^\\*\\* Player bob_clip has joined you for a 1 point match\\.$");
      long game = annsAccount.get("/api/games").json().get("games").get(0).get("id").asLong();

      // the spectator's board is open before anyone moves
      page.navigate("/#/login");
      Pages.register(page, "vera_web");
      page.navigate("/#/game/" + game);
      Pages.awaitBoard(page);
      CompletableFuture<String> annSide = ClipPlayer.play(ann, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
      CompletableFuture<String> bobSide = ClipPlayer.play(bob, ClipPlayer.NEVER_DOUBLE_ALWAYS_TAKE);
      String annEnd = annSide.get(90, TimeUnit.SECONDS);
      String bobEnd = bobSide.get(30, TimeUnit.SECONDS);
      PlaywrightAssertions.assertThat(page.locator("[data-test=replay-link]")).isVisible();

      JsonNode snap = annsAccount.snapshot(game);
      int annSeat = snap.get("you").asInt();
      String winner = snap.get("players").get(snap.get("matchWinner").asInt()).get("name").asText();
      String loser = winner.equals("ann_clip") ? "bob_clip" : "ann_clip";
      assertThat(winner.equals("ann_clip") ? annEnd : bobEnd).isEqualTo("You win the 1 point match "
          + snap.get("score").get(snap.get("matchWinner").asInt()).asInt() + "-0 .");
      assertThat(winner.equals("ann_clip") ? bobEnd : annEnd).startsWith(winner + " wins the 1 point match ");
      tabla.server.e2e.BoardPlayer spectator = new tabla.server.e2e.BoardPlayer(page, "vera_web");
      assertThat(spectator.status()).isEqualTo(winner + " wins the match.");
      assertThat(Pages.score(spectator.scoreLine()).points(loser)).isZero();
      List<String> apiMoves = moves(snap);
      assertThat(page.locator("[data-test=history] li.entry.move").allInnerTexts().stream().map(String::strip).toList())
          .isEqualTo(apiMoves);
      assertThat(clipDice(ann.transcript)).isEqualTo(rolls(snap));
      assertFinalBoard(ann, snap, annSeat);
      assertThat(spectator.checkers()).isEqualTo(BrowserMatchTest.FIFTEEN_EACH);
      spectator.screenshot(E2e.screenshotTargets("e2e-spectator-of-clip.png"));
      assertThat(errors).as("errors seen by the page").isEmpty();
    } finally {
      ctx.close();
    }
  }

  /**
   * The rolls of the game's history, in order, as the CLIP user is told them: each play's roll, and before the first
   * a tied opening roll (each side rolls one die, again while they tie; the roll that counts is the first play's).
   */
  static List<String> rolls(JsonNode snap) {
    List<String> out = new ArrayList<>();
    for (JsonNode e : snap.get("history")) {
      String t = e.get("text").asText();
      if (e.get("type").asText().equals("move")) out.add(sorted(t.substring(0, 2)));
      if (e.get("type").asText().equals("rolloff") && t.matches("(\\d)-\\1")) out.add(t.charAt(0) + "" + t.charAt(0));
    }
    return out;
  }

  /** The texts of the game's plays, in order ("52: 13/11 13/8", "66: pass"). */
  /** The moves of the API's history as the board writes them: the roll high die first ("51: …", as .mat does). */
  static List<String> moves(JsonNode snap) {
    List<String> out = new ArrayList<>();
    for (JsonNode e : snap.get("history")) {
      if (!e.get("type").asText().equals("move")) continue;
      String text = e.get("text").asText();
      boolean roll = text.length() > 2 && Character.isDigit(text.charAt(0)) && Character.isDigit(text.charAt(1))
          && text.charAt(0) < text.charAt(1);
      out.add(roll ? "" + text.charAt(1) + text.charAt(0) + text.substring(2) : text);
    }
    return out;
  }

  /** The CLIP user's last board line is the game's final position, both sides. */
  static void assertFinalBoard(ClipClient c, JsonNode snap, int seat) {
    String lastBoard = null;
    synchronized (c.transcript) {
      for (String l : c.transcript) if (l.startsWith("board:")) lastBoard = l;
    }
    int[][] sides = new BoardPlayer(lastBoard).sides();
    assertThat(sides[0]).isEqualTo(ints(snap.get("board").get("p" + seat)));
    assertThat(sides[1]).isEqualTo(ints(snap.get("board").get("p" + (1 - seat))));
  }

  private static final Pattern ROLLED = Pattern.compile("^(?:You|\\w+) rolled (\\d), (?:You|\\w+) rolled (\\d)$");
  private static final Pattern ROLL = Pattern.compile("^(?:You roll|\\w+ rolls) (\\d) and (\\d)\\.$");

  /** The rolls the CLIP user was told, in order: the opening roll, then each "You roll" / "NAME rolls", as "53". */
  static List<String> clipDice(List<String> transcript) {
    List<String> out = new ArrayList<>();
    synchronized (transcript) {
      for (String l : transcript) {
        Matcher m = ROLLED.matcher(l);
        if (!m.matches()) m = ROLL.matcher(l);
        if (m.matches()) out.add(sorted(m.group(1) + m.group(2)));
      }
    }
    return out;
  }

  static String sorted(String two) {
    return two.charAt(0) >= two.charAt(1) ? two : "" + two.charAt(1) + two.charAt(0);
  }

  static int[] ints(JsonNode a) {
    int[] out = new int[a.size()];
    for (int i = 0; i < out.length; i++) out[i] = a.get(i).asInt();
    return out;
  }
}
