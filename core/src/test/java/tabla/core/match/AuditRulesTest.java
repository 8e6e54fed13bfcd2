package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.match.Script.refused;
import static tabla.core.match.Script.run;
import static tabla.core.match.Script.start;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.format.Notation;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * Issue 11, the rules corrections of an outside audit: one test per item, each named after the rule
 * and citing the text it follows ({@code docs/rules/sources/}, digested in {@code docs/rules/}).
 */
class AuditRulesTest {
  static final int[] GAMMON = {6, 10, 12, 5}; // the loser's checkers: none off, none in the winner's home
  static final int[] BAR_BACKGAMMON = {6, 10, 12, 4, 25, 1};

  /**
   * Item 1. Long Nardy, the Italian text 1.3 ("il diritto della prima mossa … viene dato a chi ha più
   * punti") and its note "Al primo lancio del bianco 5-5, e al successivo lancio del nero 4-4…": the
   * roll-off only decides who starts and the starter rolls both dice, so he may open with a double;
   * rules.md §2.3 for the Tavli games ("the winner re-rolls both, so doubles are possible").
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"nardy", "gulbara", "fevga", "portes"})
  void opening_rollOffWinnerRollsBothDice_soAnOpeningDoubleIsPossible(String variant) {
    Rules rules = Rules.match(5).toBuilder().variant(variant).build();
    assertThat(rules.opening()).isEqualTo(Rules.Opening.WINNER_REROLLS);
    Game g = run(start(rules), "rolloff 5 3").game();
    assertThat(g.mover()).isZero();
    assertThat(g.phase()).isEqualTo(Phase.ROLL);
    assertThat(g.dice()).isNull();
    g = g.apply(new Action.Roll(new Dice(5, 5))).get();
    assertThat(g.dice().isDouble()).isTrue();
    // The other openings stay selectable.
    Rules chosen = Rules.match(5).toBuilder().opening(Rules.Opening.ROLL_OFF_DICE).variant(variant).build();
    assertThat(run(start(chosen), "rolloff 5 3").game().dice()).isEqualTo(new Dice(5, 3));
  }

  /** Item 1, Long Nardy's first-roll exception under this opening: either player's first 6-6 takes two off the head. */
  @Test
  void opening_longNardyHeadException_appliesToEitherPlayersFirstRoll() {
    Match m = run(start(Rules.match(5).toBuilder().variant("nardy").build()), "rolloff 2 6", "roll 6 6");
    assertThat(m.game().mover()).isEqualTo(1);
    assertThat(twoOffTheHead(m.game().legalPlays())).isTrue();
    m = m.apply(play(m.game(), "24/18(2)")).get().apply(new Action.Roll(new Dice(6, 6))).get();
    assertThat(m.game().mover()).isZero();
    assertThat(twoOffTheHead(m.game().legalPlays())).isTrue();
  }

  /** The legal play of {@code g}'s variant written {@code text}. */
  private static Action.Move play(Game g, String text) {
    return new Action.Move(g.legalPlays().stream().filter(p -> Notation.write(p).equals(text)).findFirst()
        .orElseThrow(() -> new AssertionError("no play " + text + " in " + g.legalPlays())));
  }

  private static boolean twoOffTheHead(List<Play> plays) {
    return plays.stream().anyMatch(p -> p.result().mover(24) == Position.CHECKERS - 2);
  }

  /**
   * Item 2. The Italian text ("Regola Jacobi. Marte e coke sono considerati un punto, a condizione che
   * 'dave' non sia annunciato da nessuno degli avversari") and GNU Backgammon: Jacoby holds while the cube
   * is centred, whatever its value — an automatic double leaves it centred, so a gammon resigned then
   * counts single × 2 = 2, not 4.
   */
  @Test
  void jacoby_holdsWhileTheCubeIsCentred_evenAfterAnAutomaticDouble() {
    Rules rules = Rules.money().toBuilder().automaticDoubles(1).build();
    Match m = run(start(rules), "rolloff 4 4", "rolloff 3 1");
    assertThat(m.game().cube()).isEqualTo(2);
    assertThat(m.game().cubeCentred()).isTrue();
    m = run(m, "move 8/5 6/5", "resign 2", "accept");
    assertThat(m.games().get(0).result().points()).isEqualTo(2);
    // A gammon borne off with the centred cube of 2 counts single too.
    assertThat(bearOffLast(rules, 2, OptionalInt.empty(), GAMMON)).isEqualTo(2);
    // Once the cube was turned, the gammon counts: 2 × 2.
    assertThat(bearOffLast(rules, 2, OptionalInt.of(0), GAMMON)).isEqualTo(4);
  }

  /**
   * Item 3. sr-tavla-rules.txt, "Jakobovo pravilo: gamoni i bekemoni se računaju kao jedna igra ako nijedan
   * od igrača nije ponudio par": with Jacoby in force a single is a single, so bar ×4 (a backgammon
   * level) does not apply either.
   */
  @Test
  void jacoby_andBarBackgammonTimesFour_aSingleIsASingle() {
    Rules rules = Rules.money().toBuilder().barBackgammonTimesFour(true).build();
    assertThat(bearOffLast(rules, 1, OptionalInt.empty(), BAR_BACKGAMMON)).isEqualTo(1);
    assertThat(bearOffLast(rules, 2, OptionalInt.of(0), BAR_BACKGAMMON)).isEqualTo(8); // cube turned: ×4
    Rules noJacoby = rules.toBuilder().jacoby(false).build();
    assertThat(bearOffLast(noJacoby, 1, OptionalInt.empty(), BAR_BACKGAMMON)).isEqualTo(4);
  }

  /** Player 0 bears off his last checker (1/off with 2-1) against {@code loser}; the points the game is worth. */
  static int bearOffLast(Rules rules, int cube, OptionalInt owner, int[] loser) {
    Position p = Position.of(Position.side(1, 1), Position.side(loser)).get();
    Game g = Game.setUp(rules, Game.Seat.MONEY, p, 0, cube, owner).apply(new Action.Roll(new Dice(2, 1))).get();
    g = g.apply(new Action.Move(Notation.parse(g.position(), g.dice(), "1/off").get())).get();
    assertThat(g.isOver()).isTrue();
    return g.result().points();
  }

  /**
   * Item 4. The Italian text, "Castoro … Se sei stato il primo ad accettare 'dave', allora devi prendere
   * una decisione: sei d'accordo con questo castoro o no. Con una decisione negativa, perdi la puntata già
   * raddoppiata": with the option, the doubler may refuse a beaver before rolling and pays the doubled
   * stake (2 on a cube of 1); without it (the standard rule) a beaver cannot be refused.
   */
  @Test
  void beaverRefusable_theDoublerRefusesAndPaysTheDoubledStake() {
    Rules italian = Rules.money().toBuilder().beavers(true).beaverRefusable(true).build();
    Match m = run(Script.opened(italian), "double", "beaver");
    assertThat(m.game().cube()).isEqualTo(4);
    m = run(m, "drop");
    GameResult r = m.games().get(0).result();
    assertThat(r.winner()).hasValue(0); // the beaver's maker
    assertThat(r.end()).isEqualTo(GameResult.End.DROPPED);
    assertThat(r.points()).isEqualTo(2);
    // Accepted by rolling on: no refusal afterwards.
    refused(run(Script.opened(italian), "double", "beaver", "roll 3 1"), "drop", "no double");
    // The standard rule: a beaver cannot be refused.
    Rules standard = Rules.money().toBuilder().beavers(true).build();
    refused(run(Script.opened(standard), "double", "beaver"), "drop", "cannot be refused");
    assertThat(Rules.money().toBuilder().beaverRefusable(true).build().validate().error()).contains("need beavers");
  }

  /**
   * Item 5. sr-tavla-rules.txt describes backgammon with the cube, Crawford, Holland, Jacoby and bar ×4 —
   * not the Turkish {@code tavla} variant — so it is a preset of options over backgammon; every preset of
   * the issue exists, and each gives valid rules for a match and for money play.
   */
  @Test
  void presets_serbianTavlaIsBackgammonWithOptions() {
    Preset serbian = Preset.parse("serbian-tavla").get();
    Rules match = serbian.rules(5).get();
    assertThat(match.variant()).isSameAs(Variants.STANDARD);
    assertThat(match.cube() && match.crawford() && match.holland() && match.barBackgammonTimesFour()).isTrue();
    Rules money = serbian.rules(0).get();
    assertThat(money.jacoby() && money.barBackgammonTimesFour() && money.cube()).isTrue();
    assertThat(Preset.all()).extracting(Preset::name).contains("wbf", "brainking", "serbian-tavla", "italian", "czech",
        "turkish-tavla", "greek-tavli", "long-nardy");
    Rules italian = Preset.parse("italian").get().rules(0).get();
    assertThat(italian.beavers() && italian.beaverRefusable() && italian.automaticDoubles() > 0).isTrue();
    Rules czech = Preset.parse("czech").get().rules(0).get();
    assertThat(czech.scoring()).isEqualTo(Rules.Scoring.COUNT);
    assertThat(czech.opening()).isEqualTo(Rules.Opening.LOSER_MOVES_FIRST);
    Preset greek = Preset.parse("greek-tavli").get();
    assertThat(greek.variants()).extracting(Variant::name).containsExactly("portes", "plakoto", "fevga");
    assertThat(greek.rules(5, Variants.of("plakoto")).get().opening()).isEqualTo(Rules.Opening.WINNER_REROLLS);
    assertThat(greek.rules(5, Variants.STANDARD).error()).contains("portes, plakoto, fevga");
    for (Preset p : Preset.all()) {
      for (Variant v : p.variants()) {
        assertThat(p.rules(p.defaultLength(), v).error()).as(p.name()).isNull();
        assertThat(p.rules(0, v).error()).as(p.name() + " money").isNull();
        assertThat(p.rules(3, v).error()).as(p.name() + " match").isNull();
      }
    }
    assertThat(Preset.parse("nope").error()).contains("known: wbf");
  }

  /**
   * Item 6, count scoring (cs-backgammon-rules.txt 10.10: "4 body za každý soupeřův kámen, který … stojí na
   * přepážce"): a checker still waiting to enter (Race, Crowded) counts as on the bar, 4.
   */
  @Test
  void countScoring_aCheckerWaitingToEnterCountsAsOnTheBar() {
    Rules count = Rules.match(25).toBuilder().variant("race").scoring(Rules.Scoring.COUNT).build();
    int[] me = Position.sideOf(15, 1, 1);
    me[Position.OFF] = 14;
    int[] him = Position.sideOf(15, 6, 10);
    him[Position.OFF] = 0;
    Position p = Position.ofVariant(me, him, new int[] {0}, new int[] {5}).get();
    Game g = Game.setUp(count, new Game.Seat(0, 0, false, false), p, 0, 1).apply(new Action.Roll(new Dice(2, 1)))
        .get();
    g = g.apply(play(g, "1/off")).get();
    assertThat(g.result().points()).isEqualTo(10 * 1 + 5 * 4);
  }

  /**
   * Item 6: count scoring with Anti backgammon would score every game 0 (its loser has borne off every
   * checker), so a match could never end — refused at creation, with the reason.
   */
  @Test
  void countScoring_withAnti_isRefusedWithTheReason() {
    Result<Match> m = Match.start(Rules.match(3).toBuilder().variant("anti").scoring(Rules.Scoring.COUNT).build());
    assertThat(m.error()).contains("count scoring").contains("never end");
  }

  /**
   * Item 6: every variant × scoring × cube option either is refused at creation, with a reason, or a
   * seeded random match under it finishes.
   */
  @Test
  void everyVariantScoringAndCubeOption_aRandomMatchFinishesOrIsRefused() {
    List<String> refusedCombos = new ArrayList<>();
    long seed = 11;
    for (Variant v : Variants.all()) {
      for (Rules.Scoring scoring : Rules.Scoring.values()) {
        for (boolean cube : new boolean[] {true, false}) {
          Rules rules = Rules.match(2).toBuilder().variant(v).scoring(scoring).cube(cube).build();
          Result<Match> start = Match.start(rules);
          String combo = v.name() + " " + scoring + (cube ? " cube" : " no cube");
          if (!start.isOk()) {
            assertThat(start.error()).as(combo).isNotBlank();
            refusedCombos.add(combo);
            continue;
          }
          Match end = randomMatch(start.get(), new SplittableRandom(seed++));
          assertThat(end.isOver()).as(combo + " finishes").isTrue();
        }
      }
    }
    // Exactly the cube in a variant without one, and Anti's count.
    assertThat(refusedCombos).contains("anti COUNT cube", "anti COUNT no cube", "tavla STANDARD cube")
        .doesNotContain("backgammon COUNT cube", "race COUNT cube", "grasshopper COUNT no cube");
    assertThat(refusedCombos).allMatch(c -> c.startsWith("anti COUNT") || c.endsWith(" cube")
        && !Variants.of(c.substring(0, c.indexOf(' '))).cubeAllowed());
  }

  /** Random actions until the match ends (at most 60 games' worth of actions). */
  private static Match randomMatch(Match m, SplittableRandom rnd) {
    for (int n = 0; n < 200_000 && !m.isOver(); n++) m = step(m, rnd);
    return m;
  }

  /** One random action of the player (or the dice) whose turn it is. */
  static Match step(Match m, SplittableRandom rnd) {
    Game g = m.game();
    Action a = switch (g.phase()) {
      case OPENING -> new Action.RollOff(rnd.nextInt(1, 7), rnd.nextInt(1, 7));
      case ROLL -> g.canDouble().isOk() && rnd.nextDouble() < 0.05 ? new Action.Double()
          : new Action.Roll(new Dice(rnd.nextInt(1, 7), rnd.nextInt(1, 7)));
      case MOVE -> new Action.Move(g.legalPlays().get(rnd.nextInt(g.legalPlays().size())));
      case DOUBLE_OFFERED -> rnd.nextBoolean() ? new Action.Take() : new Action.Drop();
      case RESIGN_OFFERED -> new Action.AcceptResign();
      case OVER -> throw new IllegalStateException("over");
    };
    return m.apply(a).get();
  }
}
