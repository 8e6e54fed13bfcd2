package tabla.server.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;

/**
 * Tournaments through the pages. A director makes a knock-out on the tournament page and enters two computer
 * players; two people, each in a browser of their own, register there. The round starts as the field fills: each
 * person is taken from the tournament page to their board and plays it by clicking; one reloads in the middle and
 * plays on. Each is then told on their board that their next match starts (the final, or the consolation bracket of
 * the first round's losers) and follows the notice to it; the brackets advance and show their winners, the main
 * winner's title is on the player page. Also a Swiss's standings.
 */
class BrowserTournamentTest extends E2eTest {
  private static final String[] NAMES = {"ann_tour", "ben_tour"};

  @Test
  void twoPeopleAndTwoComputersPlayAKnockOutThroughThePages() throws Exception {
    BrowserContext directorCtx = e2e.newContext();
    Page director = directorCtx.newPage();
    List<String> directorErrors = Pages.watchErrors(director);
    director.navigate("/#/login");
    Pages.register(director, "director_tour");
    director.navigate("/tournament.html");
    director.locator("[data-test=tournament-new-name]").fill("Club knock-out");
    director.locator("[data-test=tournament-new-format]").selectOption("knockout");
    director.locator("[data-test=tournament-new-length]").selectOption("1");
    director.locator("[data-test=tournament-new-max]").fill("4");
    director.locator("[data-test=tournament-new-consolation]").check();
    director.locator("[data-test=tournament-create]").click();
    assertThat(director.locator("[data-test=tournament-name]")).hasText("Club knock-out");
    long id = Long.parseLong(director.url().substring(director.url().indexOf("id=") + 3));
    String[] levels = {"random", "beginner"};
    for (int i = 1; i <= 2; i++) {
      director.locator("[data-test=tournament-level]").selectOption(levels[i - 1]);
      director.locator("[data-test=tournament-add-computer]").click();
      assertThat(director.locator("main ol li")).hasCount(i);
    }
    // the level picked is the level entered, though the page redraws as each entrant comes; each computer is named by
    // its level, in the page's words (not the API's "Computer (random)")
    assertThat(director.locator("main ol li")).containsText(new String[] {"Computer (Random)", "Computer (Beginner)"});
    assertThat(director.locator("main")).not().containsText("Computer (random)");
    shoot(director, "tournament-registration.png");

    TwoPeople p = twoPeople();
    Page[] pages = {p.a(), p.b()};
    for (int i = 0; i < 2; i++) {
      pages[i].navigate("/#/login");
      Pages.register(pages[i], NAMES[i]);
      pages[i].navigate("/tournament.html?id=" + id);
      assertThat(pages[i].locator("[data-test=tournament-name]")).hasText("Club knock-out");
    }
    pages[0].locator("[data-test=tournament-join]").click();
    assertThat(pages[0].locator("[data-test=tournament-withdraw]")).isVisible();
    // the director's page hears of Ann's registration without a reload
    assertThat(director.locator("main ol li")).hasCount(3);
    pages[1].locator("[data-test=tournament-join]").click();

    // Ben's registration filled it and the first round started: both are taken to their boards, against a computer
    for (Page page : pages) {
      page.waitForURL("**/#/game/*");
      awaitBoard(page);
    }
    assertThat(director.locator("[data-test=tournament-bracket] [data-test=tournament-game]")).hasCount(2);
    assertThat(director.locator("[data-test=tournament-bracket]")).containsText("Computer (Beginner)");
    assertThat(director.locator("[data-test=tournament-bracket]")).containsText("Computer (Random)");
    shoot(director, "tournament-bracket.png");
    // Ann's lobby says whom she plays, the computer by its level, and its link takes her back to her board
    String annsBoard = pages[0].url();
    pages[0].navigate("/#/lobby");
    assertThat(pages[0].locator("[data-test=my-tournament-state]"))
        .hasText(java.util.regex.Pattern.compile("Your match against Computer \\((Random|Beginner)\\) is on\\."));
    shoot(pages[0], "tournament-lobby-match.png");
    pages[0].locator("[data-test=my-tournament-board]").click();
    pages[0].waitForURL(annsBoard);
    awaitBoard(pages[0]);
    // the board names its tournament, with a link to it
    assertThat(pages[0].locator("[data-test=board-tournament]")).hasText("Tournament match: Club knock-out");

    ApiClient viewer = new ApiClient(e2e.server.port());
    assertThat(viewer.login("director_tour", E2e.PASSWORD).status()).isEqualTo(200);
    BoardPlayer[] players = {new BoardPlayer(pages[0], NAMES[0]), new BoardPlayer(pages[1], NAMES[1])};
    boolean reloaded = false;
    int boardsFollowed = 0;
    boolean noticeShot = false;
    long deadline = System.currentTimeMillis() + 360_000;
    JsonNode t = viewer.get("/api/tournaments/" + id).json();
    JsonNode plate = null;
    while (t.get("status").asText().equals("playing") || plate == null || plate.get("status").asText().equals("playing")) {
      if (System.currentTimeMillis() > deadline) fail("the tournament did not end in time: " + t);
      boolean acted = false;
      for (BoardPlayer player : players) {
        if (!player.page.url().contains("#/game/")) continue;
        if (!player.finished()) {
          acted |= player.act();
          // Ann reloads in the middle of her first match and plays on from where it was
          if (!reloaded && player == players[0] && player.plays >= 3) {
            player.page.reload();
            awaitBoard(player.page);
            reloaded = true;
          }
          continue;
        }
        // my match is over: when my next one starts, the notice bar on this board says so and links to it
        Locator next = player.page.locator("[data-test=notice-tournament-board]");
        if (next.count() > 0) {
          assertThat(player.page.locator("[data-test=notice-tournament-match]")).containsText("Club knock-out");
          if (!noticeShot) {
            shoot(player.page, "tournament-next-match-notice.png");
            noticeShot = true;
          }
          next.click();
          awaitBoard(player.page);
          assertThat(player.page.locator("[data-test=notice-tournament-match]")).hasCount(0);
          boardsFollowed++;
          acted = true;
        }
      }
      if (!acted) {
        pages[0].waitForTimeout(50);
        t = viewer.get("/api/tournaments/" + id).json();
        if (!t.get("consolationId").isNull()) plate = viewer.get("/api/tournaments/" + t.get("consolationId").asLong()).json();
      }
    }
    assertThat(reloaded).as("Ann reloaded her board in the middle of a match").isTrue();
    assertThat(t.get("status").asText()).isEqualTo("finished");
    JsonNode rounds = t.get("rounds");
    assertThat(rounds).hasSize(2);
    JsonNode fin = rounds.get(1).get(0);
    int peopleInFinal = 0;
    for (JsonNode seed : List.of(fin.get("first"), fin.get("second"))) {
      if (t.get("entrants").get(seed.asInt()).get("level").isNull()) peopleInFinal++;
    }
    // each person plays a second match, the final or the consolation, and followed the notice to its board
    assertThat(boardsFollowed).as("notices followed; %s; %s; errors %s", seen(pages[0]), seen(pages[1]), p.errors()).isEqualTo(2);
    assertThat(plate.get("status").asText()).isEqualTo("finished");
    // the consolation's two are the first round's losers: no person of the final is in it (the computers share a name)
    assertThat(plate.get("entrants")).hasSize(2);
    List<String> finalists = List.of(t.get("entrants").get(fin.get("first").asInt()).get("name").asText(),
        t.get("entrants").get(fin.get("second").asInt()).get("name").asText());
    for (JsonNode e : plate.get("entrants")) {
      if (e.get("level").isNull()) assertThat(finalists).doesNotContain(e.get("name").asText());
    }
    int played = 0;
    for (JsonNode round : rounds) for (JsonNode m : round) if (!m.get("gameId").isNull()) played++;
    assertThat(played).as("boards with a person: the first round's two, and the final unless two computers").isGreaterThanOrEqualTo(2);
    String winner = shown(t.get("entrants").get(t.get("winner").asInt()));
    System.out.printf("e2e tournament: %s won; %d people in the final; %d + %d plays clicked%n", winner, peopleInFinal,
        players[0].plays, players[1].plays);

    // every page shows the finished bracket and the winner, as it happened (no reload on the director's)
    assertThat(director.locator("[data-test=tournament-winner]")).containsText(winner);
    assertThat(director.locator("[data-test=tournament-bracket] [data-test=tournament-round]")).hasCount(2);
    assertThat(director.locator("[data-test=tournament-bracket] .side.won")).hasCount(3);
    assertThat(director.locator("[data-test=tournament-standings] tbody tr")).hasCount(4);
    shoot(director, "tournament-standings.png");
    director.locator("[data-test=tournament-consolation-link]").click();
    assertThat(director.locator("[data-test=tournament-winner]"))
        .containsText(shown(plate.get("entrants").get(plate.get("winner").asInt())));
    assertThat(director.locator("[data-test=tournament-main-link]")).isVisible();
    shoot(director, "tournament-consolation.png");
    for (int i = 0; i < 2; i++) {
      pages[i].navigate("/tournament.html?id=" + id);
      assertThat(pages[i].locator("[data-test=tournament-winner]")).containsText(winner);
      pages[i].navigate("/#/lobby");
      // the main tournament, and the consolation for one who lost in the first round
      Locator mine = pages[i].locator("[data-test=my-tournament]");
      boolean consoled = false;
      for (JsonNode e : plate.get("entrants")) consoled |= e.get("name").asText().equals(NAMES[i]);
      assertThat(mine).hasCount(consoled ? 2 : 1);
      assertThat(mine.last()).containsText("Club knock-out");
      if (consoled) assertThat(mine.first()).containsText("Club knock-out · consolation");
      assertThat(mine.locator("[data-test=my-tournament-board]")).hasCount(0);
      if (NAMES[i].equals(winner)) assertThat(mine).containsText("★");
    }
    shoot(pages[0], "tournament-my-tournaments.png");
    // the winners' titles on the player page (a person's; the computer keeps none): the main one, the consolation
    String plateWinner = plate.get("entrants").get(plate.get("winner").asInt()).get("name").asText();
    for (int i = 0; i < 2; i++) {
      pages[i].navigate("/#/player/" + NAMES[i]);
      assertThat(pages[i].locator("[data-test=player-name]")).containsText(NAMES[i]);
      Locator titles = pages[i].locator("[data-test=player-title]");
      if (NAMES[i].equals(winner)) {
        assertThat(titles).hasText("★ Winner of Club knock-out");
        shoot(pages[i], "tournament-title.png");
      } else if (NAMES[i].equals(plateWinner)) {
        assertThat(titles).hasText("★ Winner of the consolation bracket of Club knock-out");
      } else {
        assertThat(titles).hasCount(0);
      }
    }
    assertThat(p.errors()).as("page errors").isEmpty();
    assertThat(directorErrors).as("the director's page errors").isEmpty();
    p.close();
    directorCtx.close();
  }

  /**
   * A Swiss of six computer players (played off the board), one person entering them on the page while another, in a
   * browser of their own, watches it: the watcher's page follows every change (the entrants as they come, the rounds,
   * the standings, the winner) from the site socket alone, after reading the tournament once when it opened (and once
   * again after a reload in the middle). Each computer is named by its level, numbered among those of that level.
   * Also the form's answer to bad input, and a round robin's standings.
   */
  @Test
  void aWatcherFollowsASwissThatAnotherRuns() throws Exception {
    BrowserContext directorCtx = e2e.newContext();
    Page director = directorCtx.newPage();
    List<String> directorErrors = Pages.watchErrors(director);
    director.navigate("/#/login");
    Pages.register(director, "swiss_director");
    // bad input on the form: the server's reason, and nothing made
    director.navigate("/tournament.html");
    director.locator("[data-test=tournament-new-name]").fill("Too long a Swiss");
    director.locator("[data-test=tournament-new-format]").selectOption("swiss");
    director.locator("[data-test=tournament-new-max]").fill("6");
    director.locator("[data-test=tournament-new-rounds]").fill("5");
    director.locator("[data-test=tournament-create]").click();
    assertThat(director.locator("[data-test=tournament-create-error]")).containsText("1 to 3 rounds");
    assertThat(director.locator("[data-test=tournament-row]")).hasCount(0);
    shoot(director, "tournament-create-error.png");

    ApiClient api = new ApiClient(e2e.server.port());
    assertThat(api.login("swiss_director", E2e.PASSWORD).status()).isEqualTo(200);
    ApiClient.Resp made = api.post("/api/tournaments", Map.of("name", "Swiss evening", "format", "swiss", "rounds", 3,
        "rules", Map.of("matchLength", 1), "clock", Map.of("preset", "blitz"), "minPlayers", 6, "maxPlayers", 6));
    assertThat(made.status()).as("%s", made).isEqualTo(201);
    long id = made.json().get("id").asLong();

    BrowserContext watcherCtx = e2e.newContext();
    Page watcher = watcherCtx.newPage();
    List<String> errors = Pages.watchErrors(watcher);
    watcher.navigate("/#/login");
    Pages.register(watcher, "swiss_watcher");
    AtomicInteger reads = new AtomicInteger();
    String path = "/api/tournaments/" + id;
    watcher.onRequest(r -> { if (r.method().equals("GET") && r.url().endsWith(path)) reads.incrementAndGet(); });
    watcher.navigate("/tournament.html?id=" + id);
    assertThat(watcher.locator("[data-test=tournament-name]")).hasText("Swiss evening");

    director.navigate("/tournament.html?id=" + id);
    String[] levels = {"random", "beginner", "random", "random", "beginner", "random"};
    for (int i = 1; i <= 6; i++) {
      director.locator("[data-test=tournament-level]").selectOption(levels[i - 1]);
      director.locator("[data-test=tournament-add-computer]").click();
      if (i < 6) assertThat(watcher.locator("main ol li")).hasCount(i); // the watcher's page, with no reload
      if (i == 3) {
        assertThat(reads.get()).as("the watcher read it once when it opened; the entrants came as changes").isEqualTo(1);
        reads.set(0);
        watcher.reload(); // a page opened in the middle is right, and follows on
        assertThat(watcher.locator("main ol li")).hasCount(3);
      }
    }
    // the six computers play three rounds off the board; the watcher's page follows without a reload
    assertThat(watcher.locator("[data-test=tournament-winner]")).isVisible(new com.microsoft.playwright.assertions
        .LocatorAssertions.IsVisibleOptions().setTimeout(120_000));
    assertThat(watcher.locator("[data-test=tournament-round]")).hasCount(3);
    assertThat(watcher.locator("[data-test=tournament-standings] tbody tr")).hasCount(6);
    assertThat(watcher.locator("[data-test=tournament-match]")).hasCount(9);
    assertThat(watcher.locator("[data-test=tournament-standings] tbody")).containsText("Computer (Random) 4");
    assertThat(watcher.locator("[data-test=tournament-standings] tbody")).containsText("Computer (Beginner) 2");
    assertThat(watcher.locator("main")).not().containsText("Computer (random)");
    // what a fresh read shows, the page showed from the socket: the same standings, row by row
    List<String> followed = watcher.locator("[data-test=tournament-standings] tbody tr").allInnerTexts();
    assertThat(reads.get()).as("the watcher read the tournament once since its reload; the rest came as changes").isEqualTo(1);
    shoot(watcher, "tournament-swiss-standings.png");
    watcher.reload();
    assertThat(watcher.locator("[data-test=tournament-standings] tbody tr")).hasCount(6);
    assertThat(watcher.locator("[data-test=tournament-standings] tbody tr").allInnerTexts()).isEqualTo(followed);
    // in Bulgarian, the computers are named in its words
    watcher.evaluate("localStorage.setItem('tabla.lang', 'bg')");
    watcher.reload();
    assertThat(watcher.locator("[data-test=tournament-standings] tbody")).containsText("Компютър (Начинаещ) 2");
    assertThat(watcher.locator("[data-test=tournament-standings] tbody")).containsText("Компютър (Случаен) 4");
    watcher.evaluate("localStorage.setItem('tabla.lang', 'en')");

    // a round robin of four computers, as its page shows it at the end
    ApiClient.Resp rr = api.post("/api/tournaments", Map.of("name", "Round robin club", "format", "roundRobin",
        "rules", Map.of("matchLength", 1), "clock", Map.of("preset", "blitz"), "minPlayers", 4, "maxPlayers", 4));
    assertThat(rr.status()).as("%s", rr).isEqualTo(201);
    long rrId = rr.json().get("id").asLong();
    watcher.navigate("/tournament.html?id=" + rrId);
    for (String level : new String[] {"strong", "random", "intermediate", "random"}) {
      assertThat(api.post("/api/tournaments/" + rrId + "/computer", Map.of("level", level)).status()).isEqualTo(200);
    }
    assertThat(watcher.locator("[data-test=tournament-winner]")).isVisible(new com.microsoft.playwright.assertions
        .LocatorAssertions.IsVisibleOptions().setTimeout(120_000));
    assertThat(watcher.locator("[data-test=tournament-round]")).hasCount(3);
    assertThat(watcher.locator("[data-test=tournament-standings] tbody tr")).hasCount(4);
    shoot(watcher, "tournament-round-robin-standings.png");
    assertThat(errors).as("the watcher's page errors").isEmpty();
    assertThat(directorErrors).as("the director's page errors: only the bad form's answer")
        .allMatch(e -> e.contains("400") && e.contains("/api/tournaments"));
    directorCtx.close();
    watcherCtx.close();
  }

  /** An entrant as the English page names it: a person by name, a computer by its level (one computer a level here). */
  private static String shown(JsonNode entrant) {
    if (entrant.get("level").isNull()) return entrant.get("name").asText();
    String level = entrant.get("level").asText();
    return "Computer (" + Character.toUpperCase(level.charAt(0)) + level.substring(1) + ")";
  }

  /**
   * A new tournament board: its room is made when the match starts, and its first load (with the computer's first
   * move) can take seconds on a busy machine, longer than a page assertion's 5 s.
   */
  private static void awaitBoard(Page page) {
    assertThat(page.locator("[data-test=board] [data-test=point-24]"))
        .hasCount(1, new com.microsoft.playwright.assertions.LocatorAssertions.HasCountOptions().setTimeout(30_000));
    Pages.awaitBoard(page);
  }

  /** What a person's page shows, for a failure message (and a screenshot in target/e2e). */
  private static String seen(Page page) {
    page.screenshot(new Page.ScreenshotOptions().setPath(E2e.screenshotTargets("failure-" + page.hashCode() + ".png").get(0)));
    return page.url() + " notices: " + page.locator("[data-test=notices]").innerText() + " status: "
        + page.locator("[data-test=game-status]").allInnerTexts();
  }

  private static void shoot(Page page, String name) throws Exception {
    for (Path file : E2e.screenshotTargets(name)) {
      Files.createDirectories(file.getParent());
      page.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(true));
    }
  }
}
