package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.variant.TavlaTest.playOut;
import static tabla.core.variant.TavlaTest.plays;

import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Rules;

/** Plakoto (rules.md §1.9): pins instead of hits, the mother checker, bear-off only when free. */
class PlakotoTest {
  private static final Variant PLAKOTO = Variants.of("plakoto");
  private static final int[] NONE = {};

  /** A position with pinned checkers: each side's pinned points in its own numbering. */
  static Position pos(int[] mover, int[] opponent, int[] moverPinned, int[] opponentPinned) {
    Position p = Position.ofVariant(mover, opponent, mask(moverPinned), mask(opponentPinned)).get();
    assertThat(PLAKOTO.validate(p).error()).isNull();
    return p;
  }

  private static int[] mask(int[] points) {
    int[] e = new int[4]; // extra 0: the (unused) pool; 1..3: the pinned points
    for (int q : points) e[1 + (q - 1) / 8] |= 1 << ((q - 1) % 8);
    return e;
  }

  private static int[] side(int... pairs) {
    return Position.side(pairs);
  }

  @Test
  void allFifteenStartOnTheTwentyFourPoint() {
    Position s = PLAKOTO.start();
    assertThat(s.mover(24)).isEqualTo(15);
    assertThat(s.opponent(24)).isEqualTo(15);
    assertThat(s.moverPips()).isEqualTo(360);
    assertThat(PLAKOTO.cubeAllowed()).isFalse();
    assertThat(PLAKOTO.maxLevel()).isEqualTo(2);
    assertThat(plays(PLAKOTO, s, 6, 5)).containsExactlyInAnyOrder("24/19 24/18", "24/13");
    assertThat(Variants.of("tapa")).isInstanceOf(Plakoto.class); // the Bulgarian name
    assertThat(Rules.match(5).toBuilder().variant("plakoto").cube(false).build().opening())
        .isEqualTo(Rules.Opening.WINNER_REROLLS);
  }

  @Test
  void landingOnABlotPinsIt() {
    // W 13:2, 1:13; B blot on W 8 (B's 17), B 10:2, B 5:2. With 5-3 only the 5 plays: 13/8* pins.
    Position p = pos(side(13, 2, 1, 13), side(17, 1, 15, 2, 20, 2), NONE, NONE);
    assertThat(plays(PLAKOTO, p, 5, 3)).containsExactly("13/8*");
    Position after = PLAKOTO.legalPlays(p, new Dice(5, 3)).get(0).result();
    assertThat(after.opponent(17)).isEqualTo(1); // it stays, pinned, not on the bar
    assertThat(after.opponent(Position.BAR)).isZero();
    assertThat(Plakoto.pinned(after, false)).isEqualTo(1 << 16);
  }

  @Test
  void thePinnersSideMayStackOnThePin() {
    // W pins B's 17 (W 8) and has a checker on 13; 13/8 lands on its own pin. The pinner cannot go to
    // 3 or 6 (B's points), 13/11 is blocked, so only the 5 plays.
    Position p = pos(side(13, 1, 8, 1, 1, 13), side(17, 1, 14, 2, 19, 2, 22, 2), NONE, new int[] {17});
    Play stack = PLAKOTO.legalPlays(p, new Dice(5, 2)).get(0);
    assertThat(plays(PLAKOTO, p, 5, 2)).containsExactly("13/8");
    assertThat(stack.result().mover(8)).isEqualTo(2);
    assertThat(Plakoto.pinned(stack.result(), false)).isEqualTo(1 << 16); // still pinned
  }

  @Test
  void aPinnedCheckerCannotMoveAndItsPointIsClosedToItsSide() {
    // W 22:1, 20:1 pinned under B's 5 (W 20), 1:13. 20 may not move, 22/20 is closed (a pinner cannot be
    // pinned): only 22/21/19.
    Position p = pos(side(22, 1, 20, 1, 1, 13), side(5, 1), new int[] {20}, NONE);
    assertThat(plays(PLAKOTO, p, 2, 1)).containsExactly("22/19");
  }

  @Test
  void aDoubleMayPinPassOnAndStack() {
    // W 13:1, 9:1, 1:13; B blot on W 5, B 8:2. 4-4: every way of playing all four ends with one checker
    // on 5 holding the pin and one on 1 — the checker that passes on from 5 leaves the other pinning.
    Position p = pos(side(13, 1, 9, 1, 1, 13), side(20, 1, 17, 2), NONE, NONE);
    assertThat(plays(PLAKOTO, p, 4, 4)).containsExactly("13/5*/1 9/5");
    Position after = PLAKOTO.legalPlays(p, new Dice(4, 4)).get(0).result();
    assertThat(Plakoto.pinned(after, false)).isEqualTo(1 << 19);
  }

  @Test
  void leavingThePinFreesTheChecker() {
    // W 8:1 pins B's 17; 8/3 frees it, and B may then move it.
    Position p = pos(side(13, 1, 8, 1, 1, 13), side(17, 1, 10, 14), NONE, new int[] {17});
    Play free = PLAKOTO.legalPlays(p, new Dice(5, 1)).stream().filter(x -> Notation.write(x).equals("13/12 8/3")).findFirst().orElseThrow();
    assertThat(Plakoto.pinned(free.result(), false)).isZero();
    assertThat(plays(PLAKOTO, free.result().swap(), 2, 1)).contains("17/14");
  }

  @Test
  void aPinnedCheckerStopsTheBearOff() {
    // W 6:1, 3:1 pinned under B's 22, 2:1, 12 off: the 6 and the 2 cannot bear off; only 6/4 plays.
    Position p = pos(side(6, 1, 3, 1, 2, 1), side(22, 1), new int[] {3}, NONE);
    assertThat(plays(PLAKOTO, p, 6, 2)).containsExactly("6/4");
    // Option pinned-bearoff=allowed: the free checkers bear off (6/4/off: 4 is the highest free point
    // above the pinned 3 — the 6 bears off from the highest occupied point only).
    Variant allowed = Variants.of("plakoto:pinned-bearoff=allowed");
    assertThat(plays(allowed, p, 6, 2)).containsExactlyInAnyOrder("6/off 2/off", "6/off");
  }

  @Test
  void pinningTheMotherWinsTwoPoints() {
    // W 8:1, 3:1 (13 off, nothing left on W's 24); B's mother alone on B's 24 (W 1), B 10:2.
    Position p = pos(side(8, 1, 3, 1), side(24, 1, 10, 2), NONE, NONE);
    assertThat(plays(PLAKOTO, p, 2, 1)).containsExactlyInAnyOrder("8/5", "8/6 3/2", "8/7 3/1*");
    Game g = playOut("plakoto", p, new Dice(2, 1), "8/7 3/1*");
    assertThat(g.isOver()).isTrue();
    assertThat(g.result().winner()).hasValue(0);
    assertThat(g.result().points()).isEqualTo(2);
    assertThat(playOut("plakoto:mother=1", p, new Dice(2, 1), "8/7 3/1*").result().points()).isEqualTo(1);
  }

  @Test
  void aMotherPinnedWhileThePinnerKeepsHisOwnStartGoesOn_bothMothersPinnedIsADraw() {
    // W keeps his mother on 24; B has one checker on his 3 (W 22), two from pinning it.
    Position p = pos(side(24, 1, 8, 1, 3, 1), side(24, 1, 3, 1), NONE, NONE);
    Game g = playOut("plakoto", p, new Dice(2, 1), "8/7 3/1*");
    assertThat(g.isOver()).isFalse(); // W still has a checker on his start point
    g = g.apply(new Action.Roll(new Dice(2, 1))).get();
    assertThat(g.legalPlays()).extracting(Notation::write).containsExactly("3/1*"); // B's mother cannot move
    g = g.apply(new Action.Move(g.legalPlays().get(0))).get();
    assertThat(g.isOver()).isTrue();
    GameResult r = g.result();
    assertThat(r.isDraw()).isTrue();
    assertThat(r.winner()).isEmpty();
  }

  @Test
  void thePinnerWinsOnceHisOwnStartIsEmpty() {
    // W pins B's mother on W 1 and still has his own mother on 24: leaving it wins.
    Position p = pos(side(24, 1, 1, 1), side(24, 1, 10, 2), NONE, new int[] {24});
    Game g = playOut("plakoto", p, new Dice(2, 1), "24/21");
    assertThat(g.isOver()).isTrue();
    assertThat(g.result().winner()).hasValue(0);
    assertThat(g.result().points()).isEqualTo(2);
  }

  @Test
  void bearingOffCountsOneOrTwo() {
    // Two when the loser has borne off none (he never gets a backgammon), else one.
    Game gammon = playOut("plakoto", pos(side(1, 1), side(20, 15), NONE, NONE), new Dice(2, 1), "1/off");
    assertThat(gammon.result().winner()).hasValue(0);
    assertThat(gammon.result().points()).isEqualTo(2);
    Game single = playOut("plakoto", pos(side(1, 1), side(20, 14), NONE, NONE), new Dice(2, 1), "1/off");
    assertThat(single.result().points()).isEqualTo(1);
  }

  @Test
  void validateAcceptsPinsOnlyAsPins() {
    int[] w = side(8, 1, 1, 14);
    int[] b = side(17, 1, 10, 14);
    assertThat(PLAKOTO.validate(Position.ofVariant(w, b, mask(NONE), mask(new int[] {17})).get()).isOk()).isTrue();
    assertThat(PLAKOTO.validate(Position.ofVariant(w, b, mask(NONE), mask(NONE)).get()).error()).contains("without a pin");
    assertThat(PLAKOTO.validate(Position.ofVariant(w, b, mask(new int[] {1}), mask(NONE)).get()).error()).contains("pin");
    assertThat(Variants.parse("plakoto:mother=3").error()).contains("2, 1");
    assertThat(Variants.of("tapa:mother=1").name()).isEqualTo("plakoto:mother=1");
  }

  @Test
  void randomGamesEndAndReachEveryEnding() {
    RandomGames.Tally t = RandomGames.play(PLAKOTO, 300, 109);
    assertThat(t.games()).isEqualTo(300);
    assertThat(t.draws()).isPositive(); // both mothers pinned
    assertThat(t.atLeast(2)).isPositive();
    assertThat(t.byMultiplier()[1]).isPositive();
  }
}
