package tabla.core.variant;

import java.util.List;
import java.util.Map;
import tabla.core.Backgammon;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Turkish Tavla (rules.md §2.4; Wikipedia "Tavla", backgammon-game.eu): backgammon's set-up, movement,
 * hitting and bear-off, except that
 * <ul>
 *   <li>there is no hit-and-run inside your own home board: a checker that hits on points 1..6 may not
 *       move on with another die that turn (other checkers on that point may), which can change the
 *       legal plays — e.g. when both dice can be used only by hitting and running on, a single die is
 *       played;
 *   <li>a game counts 1, or 2 for a mars (gammon); no backgammon, no cube;
 *   <li>the opening roll-off winner rolls again (rules.md §3), so {@link #winnerRerolls()} makes
 *       {@code Rules.Builder.variant("tavla")} pick {@code Rules.Opening.WINNER_REROLLS}.
 * </ul>
 *
 * <p>Option {@code hitrun} (the sources say only "no hit-and-run in the home board"; rules.md marks its
 * reading [inf]): {@code home} (default: a hit on 1..6 freezes the hitter), {@code anywhere} (every
 * hitter stops, entering hits included) or {@code allowed} (backgammon's movement; Tavla is then Portes
 * with the re-roll opening).
 */
public final class Tavla extends StepVariant implements TavliCount {
  private static final List<String> HITRUN = List.of("home", "anywhere", "allowed");
  private final String hitrun;

  public Tavla() {
    this("home");
  }

  private Tavla(String hitrun) {
    this.hitrun = hitrun;
  }

  @Override
  public String name() {
    return Options.spec("tavla", hitrun.equals("home") ? Map.of() : Map.of("hitrun", hitrun));
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Map.of("hitrun", HITRUN);
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    return o.only("tavla", List.of("hitrun")).flatMap(x -> x.choice("tavla", "hitrun", HITRUN)).map(Tavla::new);
  }

  @Override
  public Position start() {
    return Position.START;
  }


  @Override
  public boolean winnerRerolls() {
    return true;
  }

  @Override
  public List<Play> legalPlays(Position p, Dice d, Turn turn) {
    // Without the rule the movement is backgammon's: the fast generator finds the same plays.
    return hitrun.equals("allowed") ? Backgammon.legalPlays(p, d) : super.legalPlays(p, d, turn);
  }

  @Override
  protected void afterStep(Board a, Move m) {
    if (m.hit() && (m.to() <= 6 || hitrun.equals("anywhere"))) a.addFrozen(m.to(), 1);
  }
}
