package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** Turkish Tavla (rules.md §2.4): no hit-and-run in the home board, 1 or 2 points, re-roll opening. */
class TavlaTest {
  private static final Variant TAVLA = Variants.of("tavla");

  static List<String> plays(Variant v, Position p, int d1, int d2) {
    return v.legalPlays(p, new Dice(d1, d2)).stream().map(Notation::write).toList();
  }

  private static Position pos(int[] mover, int[] opponent) {
    return Position.of(mover, opponent).get();
  }

  @Test
  void setUpIsBackgammonsWithoutCubeOrBackgammon() {
    assertThat(TAVLA.start()).isEqualTo(Position.START);
    assertThat(TAVLA.cubeAllowed()).isFalse();
    assertThat(TAVLA.maxLevel()).isEqualTo(2);
    assertThat(plays(TAVLA, Position.START, 3, 1)).containsExactlyInAnyOrderElementsOf(plays(Variants.STANDARD, Position.START, 3, 1));
  }

  @Test
  void t4HitAndRunOutsideTheHomeBoardStaysLegal() {
    // rules.md §3 T4: W 13:1, 1:14; B blot on 7, B 12:2 (B's 18 and 13) — the hit is on 7, not in the home board.
    Position p = pos(Position.side(13, 1, 1, 14), Position.side(18, 1, 13, 2));
    assertThat(plays(TAVLA, p, 6, 1)).containsExactly("13/7*/6");
  }

  @Test
  void aHitterInTheHomeBoardMayNotMoveOn() {
    // T4 moved into the home board: W 10:1 (14 off); B blot on W 4, B 9:2. Backgammon plays 10/4*/3; in
    // Tavla the hitter stops, the 1 cannot be played otherwise, so only the 6 is played.
    Position p = pos(Position.side(10, 1), Position.side(21, 1, 16, 2));
    assertThat(plays(Variants.STANDARD, p, 6, 1)).containsExactly("10/4*/3");
    assertThat(plays(TAVLA, p, 6, 1)).containsExactly("10/4*");
  }

  @Test
  void bothDiceMustStillBePlayedWithoutTheRunAfterTheHit() {
    // W 10:1, 8:1: backgammon also allows 10/4*/3; Tavla keeps the two-dice plays that do not run on.
    Position p = pos(Position.side(10, 1, 8, 1), Position.side(21, 1, 16, 2));
    assertThat(plays(Variants.STANDARD, p, 6, 1)).containsExactlyInAnyOrder("10/4* 8/7", "10/4*/3", "8/1");
    assertThat(plays(TAVLA, p, 6, 1)).containsExactlyInAnyOrder("10/4* 8/7", "8/1");
  }

  @Test
  void onlyTheHitterIsFrozenAnotherCheckerPassesThePoint() {
    // W 10:1, 7:1 with 3-3, B blot on W 4: all four 3s need 7/4* and 10/7/4/1 — the second checker goes
    // on from the point where the first hit (the other order, 10/4*/1 with 7/4, would be a hit-and-run).
    Position p = pos(Position.side(10, 1, 7, 1), Position.side(21, 1));
    assertThat(plays(TAVLA, p, 3, 3)).containsExactly("10/4*/1 7/4");
  }

  @Test
  void enteringHitsAreOutsideTheHomeBoard_unlessHitrunIsAnywhere() {
    // W bar:1, 13:14; B blot on W 22 (B's 3). bar/22*/20 is a hit-and-run in B's home board: legal by
    // default, not with hitrun=anywhere.
    Position p = pos(Position.side(25, 1, 13, 14), Position.side(3, 1));
    assertThat(plays(TAVLA, p, 3, 2)).containsExactlyInAnyOrder("bar/22*/20", "bar/22* 13/11", "bar/20", "bar/23 13/10");
    assertThat(plays(Variants.of("tavla:hitrun=anywhere"), p, 3, 2)).containsExactlyInAnyOrder("bar/22* 13/11", "bar/20", "bar/23 13/10");
  }

  @Test
  void hitrunAllowedIsBackgammonsMovement() {
    Variant allowed = Variants.of("tavla:hitrun=allowed");
    assertThat(allowed.name()).isEqualTo("tavla:hitrun=allowed");
    Position p = pos(Position.side(10, 1), Position.side(21, 1, 16, 2));
    assertThat(plays(allowed, p, 6, 1)).containsExactly("10/4*/3");
    assertThat(Variants.parse("tavla:hitrun=never").error()).contains("home, anywhere, allowed");
  }

  /** Player 0 on roll in {@code p} plays {@code play} with {@code dice}. */
  static Game playOut(String variant, Position p, Dice dice, String play) {
    Rules rules = Rules.match(5).toBuilder().variant(variant).cube(false).build();
    Game g = Game.setUp(rules, new Game.Seat(0, 0, false, false), p, 0, 1);
    g = g.apply(new Action.Roll(dice)).get();
    Play chosen = g.legalPlays().stream().filter(x -> Notation.write(x).equals(play)).findFirst().orElseThrow();
    return g.apply(new Action.Move(chosen)).get();
  }

  @Test
  void aGameCountsOneOrTwoNeverThree() {
    // The loser has a checker on the bar and none off: a backgammon elsewhere, a mars (2) here.
    Game g = playOut("tavla", pos(Position.side(1, 1), Position.side(25, 1, 12, 14)), new Dice(2, 1), "1/off");
    assertThat(g.result().winner()).hasValue(0);
    assertThat(g.result().points()).isEqualTo(2);
    Game single = playOut("tavla", pos(Position.side(1, 1), Position.side(12, 14)), new Dice(2, 1), "1/off");
    assertThat(single.result().points()).isEqualTo(1);
  }

  @Test
  void matchesUseTheReRollOpeningAndNoCube() {
    Rules r = Rules.match(5).toBuilder().variant("tavla").cube(false).build();
    assertThat(r.opening()).isEqualTo(Rules.Opening.WINNER_REROLLS);
    assertThat(Rules.match(5).toBuilder().opening(Rules.Opening.ROLL_OFF_DICE).variant("tavla").build().opening())
        .isEqualTo(Rules.Opening.ROLL_OFF_DICE); // chosen explicitly
    assertThat(Rules.match(5).toBuilder().variant("backgammon").build().opening()).isEqualTo(Rules.Opening.ROLL_OFF_DICE);
    assertThat(Rules.match(5).toBuilder().variant("tavla").build().cube()).isFalse(); // the variant turns it off
    assertThat(Match.start(Rules.match(5).toBuilder().variant("tavla").cube(true).build()).error())
        .contains("without the cube");
    Match m = Match.start(r).get().apply(new Action.RollOff(5, 2)).get();
    assertThat(m.game().dice()).isNull(); // the winner rolls again: an opening double is possible
    assertThat(m.apply(new Action.Roll(new Dice(4, 4))).get().game().dice().isDouble()).isTrue();
  }
}
