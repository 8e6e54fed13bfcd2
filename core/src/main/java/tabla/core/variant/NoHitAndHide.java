package tabla.core.variant;

import java.util.List;
import java.util.Map;
import tabla.core.Move;
import tabla.core.Position;

/**
 * Backgammon under the Italian short-backgammon rule against "hit and hide" ({@code backgammon:hithide=forbidden};
 * it-short-and-long-backgammon.txt: "È vietato: uccidi il pezzo dell'avversario e 'nasconditi'"). A checker
 * that hits may, for the rest of that turn, go on only to an empty point or to hit again; it may not land on
 * a point holding a checker of its own (the text: "metterlo su una punta con un altro pezzo e farlo
 * raddoppiare") nor bear off (the bear-off paragraph: "dopo aver ucciso una fiche avversaria, è vietato
 * buttare fuori questa fiche"). Another checker may still cover it ("coprire la tua fiche con un'altra"),
 * and other checkers may bear off. Everything else is backgammon's.
 *
 * <p>The turn's memory is how many of the checkers on each point have hit this turn (the board's per-point
 * counts that Tavla uses for frozen checkers). Checkers on one point look alike, so a move from a point that
 * holds hitters and others is tried both ways where the two differ (the hitter goes on, or another does).
 */
final class NoHitAndHide extends StepVariant {
  static final String NAME = Options.spec("backgammon", Map.of("hithide", "forbidden"));

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Standard.CHOICES;
  }

  @Override
  public Position start() {
    return Position.START;
  }

  @Override
  protected void steps(Board b, int die, List<Step> out) {
    if (b.me(Position.BAR) > 0) {
      int to = Position.BAR - die;
      if (b.themAt(to) < 2) go(b, Position.BAR, to, false, out);
      return;
    }
    for (int from = 24; from >= 1; from--) {
      if (b.me(from) == 0) continue;
      int to = from - die;
      if (to >= 1) {
        if (b.themAt(to) >= 2) continue;
        boolean hides = b.me(to) > 0;
        if (b.me(from) > b.frozen(from)) go(b, from, to, false, out);
        if (b.frozen(from) > 0 && !hides) go(b, from, to, true, out);
      } else if (b.allHome() && (to == 0 || b.highest() == from) && b.me(from) > b.frozen(from)) {
        Board a = b.copy();
        a.addMe(from, -1);
        a.addMe(Position.OFF, 1);
        out.add(new Step(Move.of(from, Move.OFF, false), a)); // a hitter may not bear off: another one does
      }
    }
  }

  /** One checker from {@code from} to {@code to}; {@code hitter}: one that has hit this turn moves on. */
  private static void go(Board b, int from, int to, boolean hitter, List<Step> out) {
    boolean hit = b.themAt(to) == 1;
    Board a = b.copy();
    a.addMe(from, -1);
    a.addMe(to, 1);
    if (hitter) a.addFrozen(from, -1);
    if (hit) {
      a.addThemAt(to, -1);
      a.addThem(Position.BAR, 1);
    }
    if (hit || hitter) a.addFrozen(to, 1); // it is (still) a checker that has hit
    out.add(new Step(Move.of(from, to, hit), a));
  }
}
