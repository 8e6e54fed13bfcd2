package tabla.server.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import com.microsoft.playwright.options.Cookie;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;

/**
 * Variants on the web board. Two people pick Fevga in the lobby (the cube box turns off) and play
 * turns through the page; then Plakoto, Race and Grasshopper games, brought along by the API to a
 * telling position, are opened and checked (pins marked, the pool counted, no dice and no Roll
 * without dice), one play each composed on the board, and pictured (server/target/e2e).
 */
class BrowserVariantsTest extends E2eTest {
  private static int port() {
    return URI.create(e2e.base).getPort();
  }

  @Test
  void twoUsersPlayFevgaThroughThePage() {
    TwoPeople people = twoPeople();
    Page a = people.a();
    Page b = people.b();
    List<String> errors = people.errors();
    a.navigate("/#/login");
    Pages.register(a, "fev_a");
    // the lobby's list comes from GET /api/variants, in the page's language
    PlaywrightAssertions.assertThat(a.locator("[data-test=variant] option[value=fevga]")).hasText("Fevga");
    a.locator("[data-test=variant]").selectOption("fevga");
    PlaywrightAssertions.assertThat(a.locator("[data-test=rule-cube]")).isDisabled();
    PlaywrightAssertions.assertThat(a.locator("[data-test=no-cube-hint]")).isVisible();
    a.locator("[data-test=match-length]").selectOption("1");
    a.locator("[data-test=create-seek]").click();
    PlaywrightAssertions.assertThat(a.locator("[data-test=seeks] [data-test=seek-cancel]")).isVisible();
    PlaywrightAssertions.assertThat(a.locator("[data-test=seeks] tr").first()).containsText("Fevga");

    b.navigate("/#/login");
    Pages.register(b, "fev_b");
    b.locator("[data-test=seeks] tr", new Page.LocatorOptions().setHasText("fev_a")).locator("[data-test=seek-accept]").click();
    b.waitForURL("**/#/game/*");
    String route = b.url().substring(b.url().indexOf("#/game/"));
    a.waitForURL("**" + route); // the creator's lobby takes A to the board
    Pages.awaitBoard(a);
    Pages.awaitBoard(b);
    // parallel: each side's 15 on its own 24; the opponent's 24 is my 12 (bottom left), not my 1
    PlaywrightAssertions.assertThat(a.locator("[data-test=point-24] .count")).hasText("15");
    PlaywrightAssertions.assertThat(a.locator("[data-test=point-12] .count")).hasText("15");
    PlaywrightAssertions.assertThat(a.locator("[data-test=point-1] .checker")).hasCount(0);

    BoardPlayer pa = new BoardPlayer(a, "fev_a");
    BoardPlayer pb = new BoardPlayer(b, "fev_b");
    long deadline = System.currentTimeMillis() + 90_000;
    boolean shot = false;
    while (pa.plays + pb.plays < 16 && !(pa.finished() && pb.finished())) {
      if (System.currentTimeMillis() > deadline) fail("Fevga did not move on: " + pa.status() + " / " + pb.status());
      if (!shot && pa.plays + pb.plays >= 10 && "move".equals(pa.state())) {
        pa.screenshot(E2e.screenshotTargets("variant-fevga.png"));
        shot = true;
      }
      boolean acted = pa.act();
      acted |= pb.act();
      if (!acted) a.waitForTimeout(20);
      assertThat(pa.checkers()).isEqualTo(Map.of("white", 15, "black", 15));
    }
    assertThat(pa.plays + pb.plays).isGreaterThanOrEqualTo(16);
    assertThat(shot).isTrue();
    assertThat(errors).as("errors seen by the pages").isEmpty();
    people.close();
  }

  /** A game of {@code variant} between two API users, played at random until {@code ready} holds on the first one's move. */
  private static long gameAt(String variant, ApiClient a, ApiClient b, long seed, Predicate<JsonNode> ready) {
    long id = b.accept(a.seek("{\"matchLength\":1,\"variant\":\"" + variant + "\"}"));
    Random rnd = new Random(seed);
    ApiClient[] seats = {a, b};
    for (int i = 0; i < 2000; i++) {
      JsonNode s = a.snapshot(id);
      assertThat(s.get("status").asText()).as("%s ended before the wanted position", variant).isEqualTo("playing");
      int turn = s.get("turn").asInt();
      if (turn == 0 && s.get("phase").asText().equals("MOVE") && ready.test(s)) return id;
      JsonNode mine = seats[turn].snapshot(id);
      assertThat(seats[turn].act(id, mine.get("version").asInt(), ApiClient.randomAction(mine, rnd, 0)).status()).isEqualTo(200);
    }
    throw new AssertionError(variant + ": no such position");
  }

  private static Page open(ApiClient user, long id, List<String> errors) {
    BrowserContext ctx = e2e.newContext();
    ctx.addCookies(List.of(new Cookie("tabla_session", user.sessionToken()).setUrl(e2e.base)));
    Page p = ctx.newPage();
    Pages.watchErrors(p, errors);
    p.navigate("/#/game/" + id);
    Pages.awaitBoard(p);
    PlaywrightAssertions.assertThat(p.locator("[data-test=board].active")).hasCount(1);
    return p;
  }

  private static int pool(JsonNode s, int seat) {
    return s.get("pool").get(seat).asInt();
  }

  @Test
  void plakotoRaceAndGrasshopperAreDrawnAndPlayable() {
    List<String> errors = new java.util.concurrent.CopyOnWriteArrayList<>();

    // Plakoto: a pin on the board, marked on the pinned checker
    ApiClient pa = new ApiClient(port()).registered("pla");
    ApiClient pb = new ApiClient(port()).registered("pla");
    long plakoto = gameAt("plakoto", pa, pb, 4, s -> s.get("pins").size() >= 2);
    int pins = pa.snapshot(plakoto).get("pins").size();
    Page p = open(pa, plakoto, errors);
    PlaywrightAssertions.assertThat(p.locator("[data-test=board] [data-pinned]")).hasCount(pins);
    new BoardPlayer(p, "pla").screenshot(E2e.screenshotTargets("variant-plakoto.png"));
    playOne(p, "plakoto");

    // Race: checkers still waiting to enter on both sides, counted at the bar and in the player bars
    ApiClient ra = new ApiClient(port()).registered("rac");
    ApiClient rb = new ApiClient(port()).registered("rac");
    long race = gameAt("race", ra, rb, 6, s -> pool(s, 0) > 0 && pool(s, 0) < 12 && pool(s, 1) > 0 && pool(s, 1) < 12);
    JsonNode rs = ra.snapshot(race);
    Page r = open(ra, race, errors);
    PlaywrightAssertions.assertThat(r.locator("[data-test=pool-me]")).hasAttribute("data-count", String.valueOf(pool(rs, 0)));
    PlaywrightAssertions.assertThat(r.locator("[data-test=pool-opp]")).hasAttribute("data-count", String.valueOf(pool(rs, 1)));
    PlaywrightAssertions.assertThat(r.locator("[data-test=pool-count-me]")).hasText("Waiting to enter: " + pool(rs, 0));
    new BoardPlayer(r, "rac").screenshot(E2e.screenshotTargets("variant-race.png"));
    playOne(r, "race");

    // Grasshopper: no dice and no Roll; a few checkers on the board, some still waiting
    ApiClient ga = new ApiClient(port()).registered("gra");
    ApiClient gb = new ApiClient(port()).registered("gra");
    long hopper = gameAt("grasshopper", ga, gb, 8, s -> pool(s, 0) < 9 && pool(s, 1) < 9);
    Page g = open(ga, hopper, errors);
    PlaywrightAssertions.assertThat(g.locator("[data-test=board] [data-test=dice]")).hasCount(0);
    PlaywrightAssertions.assertThat(g.locator("[data-test=roll]")).hasCount(0);
    PlaywrightAssertions.assertThat(g.locator("[data-test=game-status]")).hasText("Your move.");
    PlaywrightAssertions.assertThat(g.locator("[data-test=scored]")).hasCount(2);
    new BoardPlayer(g, "gra").screenshot(E2e.screenshotTargets("variant-grasshopper.png"));
    playOne(g, "grasshopper");

    // the replay of a finished Race game starts from the pool and ends where the game did
    ApiClient ea = new ApiClient(port()).registered("rep");
    ApiClient eb = new ApiClient(port()).registered("rep");
    long done = eb.accept(ea.seek("{\"matchLength\":1,\"variant\":\"race\"}"));
    JsonNode end = ApiClient.playToEnd(done, new ApiClient[] {ea, eb}, new Random(9), 0, (x, y) -> { });
    BrowserContext ctx = e2e.newContext();
    ctx.addCookies(List.of(new Cookie("tabla_session", ea.sessionToken()).setUrl(e2e.base)));
    Page rp = ctx.newPage();
    Pages.watchErrors(rp, errors);
    rp.navigate("/#/replay/" + done);
    rp.locator("[data-test=replay-first]").click();
    PlaywrightAssertions.assertThat(rp.locator("[data-test=replay-caption]")).hasText("Game 1");
    PlaywrightAssertions.assertThat(rp.locator("[data-test=board] [data-test=pool-me]")).hasAttribute("data-count", "15");
    PlaywrightAssertions.assertThat(rp.locator(".replay .notice")).hasCount(0);
    rp.locator("[data-test=replay-last]").click();
    PlaywrightAssertions.assertThat(rp.locator("[data-test=board] [data-test=pool-me]")).hasCount(end.get("pool").get(0).asInt() > 0 ? 1 : 0);
    assertThat(new BoardPlayer(rp, "rep").checkers().values().stream().mapToInt(Integer::intValue).sum())
        .isEqualTo(30 - end.get("pool").get(0).asInt() - end.get("pool").get(1).asInt());

    assertThat(errors).as("errors seen by the pages").isEmpty();
  }

  /** One whole play composed by clicks on the board, then seen by the server (the turn passes). */
  private static void playOne(Page page, String name) {
    BoardPlayer player = new BoardPlayer(page, name);
    long deadline = System.currentTimeMillis() + 20_000;
    while (player.plays == 0) {
      if (System.currentTimeMillis() > deadline) fail(name + ": no play was made: " + player.describe());
      if (!player.act()) page.waitForTimeout(20);
    }
    PlaywrightAssertions.assertThat(page.locator("[data-test=their-turn]")).hasCount(1);
  }
}
