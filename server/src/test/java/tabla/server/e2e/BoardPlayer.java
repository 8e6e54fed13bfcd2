package tabla.server.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plays one seat of a game only through the game page, as a person would: Roll, then click a checker
 * and a highlighted destination until the play is complete, then Done; Pass when the page says there
 * is no move; Take when doubled. It reads the page (which buttons are enabled, which points are marked
 * movable or target) and never calls the API.
 *
 * <p>The choice is simple and deterministic, to keep games short: the rearmost movable checker (the
 * bar first), to the farthest destination offered (bearing off first).
 *
 * <p>{@link #byKeyboard} plays the same way with the keyboard alone: Tab to a button and Enter; Tab to the board, the
 * arrow keys to a point and Enter.
 */
final class BoardPlayer {
  /** What the page lets its player do now, read in one go. */
  private static final String STATE_JS = """
      () => {
        const q = (s) => document.querySelector(s);
        const on = (t) => { const b = q(`[data-test="${t}"]`); return !!b && !b.disabled; };
        if (q('[data-test="replay-link"]')) return 'finished';
        for (const t of ['roll', 'pass', 'take', 'accept-resign', 'play-option']) if (on(t)) return t;
        if (q('[data-test="board"].active')) return 'move';
        return 'wait';
      }""";

  /** The board while a play is being composed: marked sources and destinations, the chosen checker. */
  private static final String BOARD_JS = """
      () => {
        const pts = (sel) => [...document.querySelectorAll('[data-test="board"] ' + sel)].map((e) => Number(e.getAttribute('data-point')));
        const done = document.querySelector('[data-test="confirm-move"]');
        const sel = pts('.selected');
        return { complete: !!done && !done.disabled, movable: pts('.movable'), targets: pts('.target'),
          selected: sel.length ? sel[0] : -1, active: !!document.querySelector('[data-test="board"].active'),
          controls: document.querySelector('.controls').innerText };
      }""";

  /**
   * Checkers of each colour the board draws: on the points and the bar (a stack taller than the
   * drawing shows its count) and in the borne-off trays. Always 15 a side.
   */
  private static final String CHECKERS_JS = """
      () => {
        const FILL = { '#f7f2e6': 'white', '#2b2622': 'black' };
        const LABEL = { '#2a2520': 'white', '#f7f2e6': 'black' };
        const out = { white: 0, black: 0 };
        for (const g of document.querySelectorAll('[data-test="board"] svg [data-point]')) {
          if (g.getAttribute('data-point') === '0') {
            for (const r of g.querySelectorAll('rect[fill]')) if (FILL[r.getAttribute('fill')]) out[FILL[r.getAttribute('fill')]]++;
            continue;
          }
          const n = { white: 0, black: 0 };
          for (const c of g.querySelectorAll('.checker')) n[FILL[c.querySelector('circle').getAttribute('fill')]]++;
          for (const t of g.querySelectorAll('text.count')) n[LABEL[t.getAttribute('fill')]] = Number(t.textContent);
          out.white += n.white;
          out.black += n.black;
        }
        return out;
      }""";

  final Page page;
  final String name;
  /** Keys only, no pointer. */
  final boolean keyboard;
  /** Plays sent from this page (moves and passes). */
  int plays;
  /** Steps clicked on the board. */
  int steps;
  private int rolls;

  BoardPlayer(Page page, String name) {
    this(page, name, false);
  }

  private BoardPlayer(Page page, String name, boolean keyboard) {
    this.page = page;
    this.name = name;
    this.keyboard = keyboard;
  }

  /** A player who uses the keyboard alone. */
  static BoardPlayer byKeyboard(Page page, String name) {
    return new BoardPlayer(page, name, true);
  }

  String state() {
    return (String) page.evaluate(STATE_JS);
  }

  boolean finished() {
    return "finished".equals(state());
  }

  /** Does the one thing the page asks of its player now; false when there is nothing to do (or the game is over). */
  boolean act() {
    String s = state();
    switch (s) {
      case "roll" -> {
        click("roll");
        rolls++;
      }
      case "pass" -> {
        click("pass");
        plays++;
      }
      case "take" -> click("take");
      case "accept-resign" -> click("accept-resign");
      case "play-option" -> {
        page.locator("[data-test=play-option]").first().click();
        plays++;
      }
      case "move" -> composePlay();
      default -> {
        return false;
      }
    }
    return true;
  }

  /** A whole play by single steps: click a checker, click where it goes, then Done. */
  @SuppressWarnings("unchecked")
  void composePlay() {
    for (int i = 0; i < 12; i++) {
      Map<String, Object> b = (Map<String, Object>) page.evaluate(BOARD_JS);
      if (!(Boolean) b.get("active")) return; // the page moved on (e.g. a newer snapshot arrived)
      if ((Boolean) b.get("complete")) {
        click("confirm-move");
        plays++;
        return;
      }
      List<Integer> targets = ints(b.get("targets"));
      int selected = ((Number) b.get("selected")).intValue();
      if (selected >= 0 && !targets.isEmpty()) {
        // the farthest destination: bearing off (0) first, then the lowest point
        pick(targets.stream().min(Integer::compare).get());
        steps++;
        continue;
      }
      List<Integer> movable = ints(b.get("movable"));
      Locator doubles = page.locator("[data-test^=pick-double-]");
      if (movable.isEmpty() && doubles.count() > 0) {
        doubles.last().click(); // Acey-deucey's 1-2: the 1 and the 2 played, the highest double offered
        continue;
      }
      if (movable.isEmpty()) fail(name + ": the board offers no checker to move, but the play is not complete; " + b + "; " + describe());
      // the rearmost checker: the bar (25) first, then the highest point
      int from = movable.stream().max(Integer::compare).get();
      pick(from);
    }
    fail(name + ": could not complete a play in 12 clicks; " + describe());
  }

  private static List<Integer> ints(Object list) {
    List<Integer> out = new ArrayList<>();
    for (Object o : (List<?>) list) out.add(((Number) o).intValue());
    return out;
  }

  Locator point(int n) {
    return page.locator("[data-test=board] [data-point=\"" + n + "\"]");
  }

  /** A tap on point n (25 the bar, 0 the borne-off tray), or the keyboard's walk there and Enter. */
  private void pick(int n) {
    if (!keyboard) {
      point(n).click();
      return;
    }
    String place = n == 25 ? "bar" : n == 0 ? "off" : "p" + n;
    Keys.tabTo(page, "[data-test=board] [data-nav]");
    for (int i = 0; i < 40 && !place.equals(page.evaluate("() => document.activeElement.getAttribute('data-nav')")); i++) {
      page.keyboard().press("ArrowRight");
    }
    page.keyboard().press("Enter");
    steps++;
  }

  private void click(String test) {
    if (keyboard) Keys.press(page, "[data-test=" + test + "]");
    else page.locator("[data-test=" + test + "]").click();
  }

  /** The board column (player bars, board, dice, controls) as a PNG. */
  void screenshot(List<Path> files) {
    byte[] png = page.locator(".board-col").screenshot();
    for (Path f : files) {
      try {
        java.nio.file.Files.createDirectories(f.getParent());
        java.nio.file.Files.write(f, png);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  /** What the page shows, for a failure message; also keeps a screenshot in target/e2e. */
  String describe() {
    screenshot(E2e.screenshotTargets("failure-" + name + ".png").subList(0, 1));
    return "status: " + status() + "; controls: " + page.locator(".controls").innerText().replaceAll("\\s+", " ")
        + "; board: " + page.evaluate(BOARD_JS);
  }

  /** Checkers drawn per colour, on the board and borne off: {white=15, black=15}. */
  @SuppressWarnings("unchecked")
  Map<String, Integer> checkers() {
    Map<String, Object> m = (Map<String, Object>) page.evaluate(CHECKERS_JS);
    return Map.of("white", ((Number) m.get("white")).intValue(), "black", ((Number) m.get("black")).intValue());
  }

  String status() {
    return page.locator("[data-test=game-status]").innerText().trim();
  }

  String scoreLine() {
    return page.locator("[data-test=score] .score-line").innerText().replaceAll("\\s+", " ").trim();
  }

  int rolls() {
    return rolls;
  }
}
